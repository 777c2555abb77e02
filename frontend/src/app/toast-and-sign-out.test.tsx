import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { browser } from '@/shared/lib/browser';
import { toastShown } from '@/shared/ui';
import { db, signInAs } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { expectToast, renderApp, toastRegion, waitForSession } from '@/test/render';

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the current one', async () => {
    const { store } = renderApp('/');
    await waitForSession(store);
    act(() => {
      store.dispatch(toastShown({ title: 'First', description: 'one' }));
    });
    await expectToast('First', 'one');
    act(() => {
      store.dispatch(toastShown({ title: 'Second', description: 'two', variant: 'destructive' }));
    });
    await expectToast('Second', 'two');
    expect(within(toastRegion()).queryByText('First')).not.toBeInTheDocument();
    expect(within(toastRegion()).getByRole('listitem')).toHaveAttribute('data-variant', 'destructive');
  });

  it('is a plain item of the notifications list (no role of its own)', async () => {
    const { store } = renderApp('/');
    await waitForSession(store);
    act(() => {
      store.dispatch(toastShown({ title: 'Saved', description: 'All good.' }));
    });
    await expectToast('Saved', 'All good.');
    const item = within(toastRegion()).getByRole('listitem');
    // A role on the item would leave the list with a child that is not a list item (axe: list).
    expect(item).not.toHaveAttribute('role');
    expect(item.parentElement?.tagName).toBe('OL');
  });

  it('hides a toast after about 5 seconds', async () => {
    const closers: Array<() => void> = [];
    const original = window.setTimeout.bind(window);
    vi.spyOn(window, 'setTimeout').mockImplementation(((handler: () => void, ms?: number) => {
      if (ms === 5_000) {
        closers.push(handler);
        return 0;
      }
      return original(handler, ms);
    }) as typeof window.setTimeout);
    const { store } = renderApp('/');
    await waitForSession(store);
    act(() => {
      store.dispatch(toastShown({ title: 'Brief' }));
    });
    await expectToast('Brief');
    expect(closers).toHaveLength(1);
    act(() => closers[0]());
    await waitFor(() => expect(store.getState().toast.current).toBeNull());
  });
});

describe('sign out', () => {
  it('signs out, forgets app storage, reloads / and shows the toast after the reload', async () => {
    const reload = vi.spyOn(browser, 'reloadTo').mockImplementation(() => {});
    signInAs('user');
    window.localStorage.setItem('ysj:draft', 'x');
    window.localStorage.setItem('other-app', 'keep');
    const first = renderApp('/guidelines');
    await waitForSession(first.store);
    await first.user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(reload).toHaveBeenCalledWith('/'));
    expect(db.calls.signOut).toBe(1);
    expect(window.localStorage.getItem('ysj:draft')).toBeNull();
    expect(window.localStorage.getItem('other-app')).toBe('keep');
    first.unmount();

    // The reload: a fresh app shows the toast handed over through sessionStorage, once.
    const second = renderApp('/');
    await waitForSession(second.store);
    await expectToast('Signed out', 'You have been signed out successfully.');
    expect(second.store.getState().session.status).toBe('anonymous');
    second.unmount();
    const third = renderApp('/');
    await waitForSession(third.store);
    expect(third.store.getState().toast.current).toBeNull();
  });

  it('still signs out locally when the request fails', async () => {
    const reload = vi.spyOn(browser, 'reloadTo').mockImplementation(() => {});
    server.use(http.post('*/api/auth/sign-out', () => HttpResponse.error()));
    signInAs('user');
    const first = renderApp('/guidelines');
    await waitForSession(first.store);
    await first.user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(reload).toHaveBeenCalledWith('/'));
    first.unmount();
    renderApp('/');
    await expectToast('Signed out', 'You have been signed out.');
  });

  it('signs out everywhere from the account menu', async () => {
    const reload = vi.spyOn(browser, 'reloadTo').mockImplementation(() => {});
    signInAs('user');
    const { store, user } = renderApp('/guidelines');
    await waitForSession(store);
    const options = await screen.findByRole('button', { name: 'Account options' });
    expect(options).toHaveAttribute('aria-expanded', 'false');
    await user.click(options);
    expect(options).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(reload).toHaveBeenCalledWith('/'));
    expect(db.calls.signOutEverywhere).toBe(1);
    expect(db.calls.signOut).toBe(0);
  });
});
