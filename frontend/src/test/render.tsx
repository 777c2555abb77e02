import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';
import { setupStore } from '@/app/store';

/** Renders the whole app (store, providers, routes) at `path`, like a browser opening it. */
export function renderApp(path = '/') {
  const store = setupStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { store, router, user, ...view };
}

/** Waits until the boot session request has been answered and the page has rendered it. */
export async function waitForSession(store: ReturnType<typeof setupStore>) {
  await waitFor(() => {
    expect(store.getState().session.status).not.toBe('loading');
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });
}

export function toastRegion(): HTMLElement {
  return screen.getByRole('region', { name: /notifications/i });
}

/** The toast on screen (there is only ever one): an item of the notifications region's list. */
export async function findToast(): Promise<HTMLElement> {
  return within(toastRegion()).findByRole('listitem');
}

export async function expectToast(title: string, description?: string) {
  await waitFor(() => {
    const toasts = within(toastRegion()).getAllByRole('listitem');
    expect(toasts).toHaveLength(1);
    expect(within(toasts[0]).getByText(title, { exact: true })).toBeInTheDocument();
    if (description !== undefined) {
      expect(within(toasts[0]).getByText(description, { exact: true })).toBeInTheDocument();
    }
  });
}

export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname;
}
