import { screen, waitFor } from '@testing-library/react';
import { type UserEvent } from '@testing-library/user-event';
import { addPaper, addReview, addUser } from '@/test/msw/db';
import { currentPath, renderApp, waitForSession } from '@/test/render';

async function signIn(user: UserEvent, email: string) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

// Issue 27: a signed-out recipient of an e-mail's link signs in and is where the link pointed.
describe('signing in from a protected page', () => {
  it('takes a reviewer who opened /review/:id signed out to that review, not their dashboard', async () => {
    const reviewer = addUser({ email: 'reviewer@example.org', role: 'reviewer' });
    const review = addReview(addPaper({ title: 'Linked Paper', status: 'under_review' }), reviewer);
    const { router, store, user } = renderApp(`/review/${review.id}`);
    await waitForSession(store);
    await waitFor(() => expect(currentPath(router)).toBe('/auth'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(`/review/${review.id}`)}`);

    await signIn(user, reviewer.email);

    expect(await screen.findByRole('heading', { level: 1, name: 'Linked Paper' })).toBeInTheDocument();
    expect(currentPath(router)).toBe(`/review/${review.id}`);
  });

  it("keeps the page's query and anchor: /admin?tab=messages#latest", async () => {
    const admin = addUser({ email: 'editor@example.org', role: 'admin' });
    const { router, store, user } = renderApp('/admin?tab=messages#latest');
    await waitForSession(store);
    await waitFor(() => expect(currentPath(router)).toBe('/auth'));

    await signIn(user, admin.email);

    await waitFor(() => expect(currentPath(router)).toBe('/admin'));
    expect(router.state.location.search).toBe('?tab=messages');
    expect(router.state.location.hash).toBe('#latest');
  });

  it('sends an author who asked for /admin on to the guard, which says Access Denied and goes home once', async () => {
    const author = addUser({ email: 'author@example.org' });
    const { router, store, user } = renderApp('/admin');
    await waitForSession(store);
    await waitFor(() => expect(currentPath(router)).toBe('/auth'));

    await signIn(user, author.email);

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
    expect(screen.getAllByText("You don't have permission to access the admin panel.")).toHaveLength(1);
  });
});

describe("/auth's next parameter", () => {
  it.each([
    ['//evil.com', '%2F%2Fevil.com'],
    ['https://evil.com', 'https%3A%2F%2Fevil.com'],
    ['/auth', '%2Fauth'],
    ['/\\evil.com', '%2F%5Cevil.com'],
    ['javascript:alert(1)', 'javascript%3Aalert(1)'],
  ])('ignores %s and lands a reviewer on their dashboard', async (_unsafe, encoded) => {
    const reviewer = addUser({ email: 'reviewer@example.org', role: 'reviewer' });
    const { router, store, user } = renderApp(`/auth?next=${encoded}`);
    await waitForSession(store);

    await signIn(user, reviewer.email);

    expect(await screen.findByRole('heading', { name: 'Reviewer Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/reviewer-dashboard');
  });

  it('sends a signed-in user opening /auth?next=… to that page', async () => {
    const reviewer = addUser({ email: 'reviewer@example.org', role: 'reviewer' });
    const review = addReview(addPaper({ title: 'Already Signed In', status: 'under_review' }), reviewer);
    const { router, store, user } = renderApp(`/auth?next=${encodeURIComponent(`/review/${review.id}`)}`);
    await waitForSession(store);
    await signIn(user, reviewer.email);
    await waitFor(() => expect(currentPath(router)).toBe(`/review/${review.id}`));
    await router.navigate(`/auth?next=${encodeURIComponent('/my-submissions')}`);
    await waitFor(() => expect(currentPath(router)).toBe('/my-submissions'));
  });
});
