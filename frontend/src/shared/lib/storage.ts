// Every key the web app writes to Web Storage starts with this prefix, so signing out can
// forget all of them without touching anything else on the origin. No token is ever stored:
// authentication lives in httpOnly cookies.
export const APP_STORAGE_PREFIX = 'ysj:';

function safeStorages(): Storage[] {
  const stores: Storage[] = [];
  try {
    stores.push(window.localStorage);
  } catch {
    // storage disabled (privacy mode): nothing to clear
  }
  try {
    stores.push(window.sessionStorage);
  } catch {
    // same
  }
  return stores;
}

export function clearAppStorage(): void {
  for (const store of safeStorages()) {
    for (const key of Object.keys(store)) {
      if (key.startsWith(APP_STORAGE_PREFIX)) store.removeItem(key);
    }
  }
}

export function sessionStorageKey(name: string): string {
  return `${APP_STORAGE_PREFIX}${name}`;
}
