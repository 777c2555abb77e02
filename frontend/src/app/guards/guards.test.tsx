import { screen, waitFor } from '@testing-library/react';
import { addPaper, addReview, addUser, db, signInAs } from '@/test/msw/db';
import { currentPath, expectToast, renderApp, waitForSession } from '@/test/render';

describe('route guards', () => {
  it.each(['/submit', '/my-submissions', '/payments/test-checkout?session_id=cs_1', '/reviewer-dashboard', '/review/123', '/admin'])(
    'sends a signed-out visitor on %s to /auth',
    async (path) => {
      const { router, store } = renderApp(path);
      await waitForSession(store);
      await waitFor(() => expect(currentPath(router)).toBe('/auth'));
      expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    },
  );

  it('sends a signed-in non-admin on /admin to / with Access Denied', async () => {
    signInAs('user');
    const { router, store } = renderApp('/admin');
    await waitForSession(store);
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    await expectToast('Access Denied', "You don't have permission to access the admin panel.");
  });

  it('sends a reviewer on /admin to their dashboard via /, with Access Denied', async () => {
    signInAs('reviewer');
    const { router, store } = renderApp('/admin');
    await waitForSession(store);
    await waitFor(() => expect(currentPath(router)).toBe('/reviewer-dashboard'));
    await expectToast('Access Denied', "You don't have permission to access the admin panel.");
  });

  it('lets an admin open /admin', async () => {
    signInAs('admin');
    const { router, store } = renderApp('/admin');
    await waitForSession(store);
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin');
  });

  it('lets a user who is both admin and reviewer open admin and reviewer pages, landing on /admin', async () => {
    const both = addUser({ email: 'both@example.org', roles: ['admin', 'reviewer'] });
    db.sessionUserId = both.id;
    const review = addReview(addPaper({ title: 'Assigned Paper', status: 'submitted' }), both);
    const { router, store } = renderApp('/');
    await waitForSession(store);
    await waitFor(() => expect(currentPath(router)).toBe('/admin'));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    await router.navigate('/reviewer-dashboard');
    expect(await screen.findByRole('heading', { name: 'Reviewer Dashboard' })).toBeInTheDocument();
    await router.navigate(`/review/${review.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Assigned Paper' })).toBeInTheDocument();
  });

  it('keeps an admin who does not review out of the reviewer pages', async () => {
    signInAs('admin');
    const { store } = renderApp('/reviewer-dashboard');
    await waitForSession(store);
    expect(await screen.findByText("You don't have permission to access the reviewer dashboard.")).toBeInTheDocument();
  });

  it('redirects an admin from / to /admin', async () => {
    signInAs('admin');
    const { router, store } = renderApp('/');
    await waitForSession(store);
    await waitFor(() => expect(currentPath(router)).toBe('/admin'));
  });

  it('redirects a reviewer from / to /reviewer-dashboard', async () => {
    signInAs('reviewer');
    const { router, store } = renderApp('/');
    await waitForSession(store);
    await waitFor(() => expect(currentPath(router)).toBe('/reviewer-dashboard'));
    expect(await screen.findByRole('heading', { name: 'Reviewer Dashboard' })).toBeInTheDocument();
  });

  it('keeps an ordinary user on / and shows the author dashboard', async () => {
    signInAs('user');
    const { router, store } = renderApp('/');
    await waitForSession(store);
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
  });

  it('shows a signed-in non-reviewer Access Denied on /reviewer-dashboard', async () => {
    signInAs('user');
    const { router, store } = renderApp('/reviewer-dashboard');
    await waitForSession(store);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access the reviewer dashboard.")).toBeInTheDocument();
    expect(currentPath(router)).toBe('/reviewer-dashboard');
  });

  it('shows a visitor the landing page with Join & Submit and Browse Papers', async () => {
    const { store } = renderApp('/');
    await waitForSession(store);
    expect(screen.getByRole('heading', { level: 1, name: 'Young Scientists Journal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join & Submit' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Browse Papers' })).toHaveAttribute('href', '/papers');
  });
});

describe('unknown paths', () => {
  it("shows 'Oops! Page not found' with a link home", async () => {
    const { store, user, router } = renderApp('/no/such/page');
    await waitForSession(store);
    expect(screen.getByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Return to Home' }));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });
});
