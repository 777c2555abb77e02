// Full page navigations, behind a module so tests can replace them (jsdom cannot navigate).
export const browser = {
  reloadTo(path: string): void {
    window.location.assign(path);
  },
};
