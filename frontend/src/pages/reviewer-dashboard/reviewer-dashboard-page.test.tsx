import { screen, within } from '@testing-library/react';
import { addOwnPaper, addReview, addUser, signInAs } from '@/test/msw/db';
import { formatDate } from '@/shared/lib/format-date';
import { renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/reviewer-dashboard/reviewer-dashboard-page');
});

async function openDashboard() {
  const app = renderApp('/reviewer-dashboard');
  await waitForSession(app.store);
  return app;
}

const author = () => addUser({ email: `author-${Math.random()}@example.org` });

describe('/reviewer-dashboard', () => {
  it('names the round on a card from round 2 on, and round 1 too when the same paper has a later round', async () => {
    const me = signInAs('reviewer');
    const owner = author();
    const revised = addOwnPaper(owner, { title: 'Revised Paper' });
    addReview(addOwnPaper(owner, { title: 'Single Round Paper' }), me);
    addReview(revised, me, { status: 'submitted', recommendation: 'minor_revisions', text: 'More data.', submittedAt: '2026-03-05T10:00:00.000Z' });
    addReview(revised, me, { round: 2 });
    await openDashboard();

    const items = within(await screen.findByRole('list', { name: 'Assigned papers' })).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Round 2: Revised Paper', 'Round 1: Revised Paper', 'Single Round Paper']);
    expect(within(items[0]).getByRole('heading')).toHaveTextContent('Round 2Revised Paper');
    expect(within(items[2]).getByRole('heading')).toHaveTextContent(/^Single Round Paper$/);
  });

  it('counts the assignments and lists them newest first, each with its dates, its abstract clamped and the right action', async () => {
    const me = signInAs('reviewer');
    const other = addUser({ email: 'other@example.org', role: 'reviewer' });
    const owner = author();
    const started = addOwnPaper(owner, { title: 'Started Paper', category: 'Chemistry', abstract: 'A long abstract.', createdAt: '2025-11-20T10:00:00.000Z' });
    const done = addOwnPaper(owner, { title: 'Done Paper' });
    const fresh = addOwnPaper(owner, { title: 'Fresh Paper' });
    addReview(addOwnPaper(owner, { title: 'Not Mine' }), other);
    const startedReview = addReview(started, me, { status: 'in_progress' });
    const doneReview = addReview(done, me, { status: 'submitted', recommendation: 'accept', text: 'Fine.', submittedAt: '2026-03-05T10:00:00.000Z' });
    const freshReview = addReview(fresh, me);
    await openDashboard();

    expect(await screen.findByRole('heading', { level: 1, name: 'Reviewer Dashboard' })).toBeInTheDocument();
    const counts = await screen.findByRole('list', { name: 'Review counts' });
    expect(within(counts).getAllByRole('listitem').map((tile) => tile.getAttribute('aria-label'))).toEqual([
      'Total Assignments: 3',
      'Pending Reviews: 2',
      'Completed Reviews: 1',
    ]);

    const items = within(screen.getByRole('list', { name: 'Assigned papers' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Fresh Paper', 'Done Paper', 'Started Paper']);
    const action = (item: HTMLElement, name: string) => within(item).getByRole('link', { name });
    expect(action(items[0], 'Start Review')).toHaveAttribute('href', `/review/${freshReview.id}`);
    expect(action(items[1], 'View Review')).toHaveAttribute('href', `/review/${doneReview.id}`);
    expect(action(items[2], 'Continue Review')).toHaveAttribute('href', `/review/${startedReview.id}`);
    expect(action(items[2], 'View Paper')).toHaveAttribute('href', `/papers/${started.id}`);

    expect(items[2]).toHaveTextContent(/In Progress.*Chemistry.*Submitted November 20, 2025/);
    expect(within(items[2]).getByText('A long abstract.')).toHaveClass('line-clamp-3');
    expect(items[2]).toHaveTextContent('Assigned February 2, 2026');
    expect(items[2]).not.toHaveTextContent('Reviewed');
    expect(items[1]).toHaveTextContent('Reviewed March 5, 2026');
  });

  it("shows each assignment's due date, and an 'Overdue' badge only on one past its date and not submitted", async () => {
    const me = signInAs('reviewer');
    const owner = author();
    addReview(addOwnPaper(owner, { title: 'Late Paper' }), me, { status: 'in_progress', dueAt: '2026-03-01T23:59:59.000Z' });
    addReview(addOwnPaper(owner, { title: 'Late But Done' }), me, {
      status: 'submitted',
      recommendation: 'accept',
      text: 'Fine.',
      submittedAt: '2026-03-05T10:00:00.000Z',
      dueAt: '2026-03-01T23:59:59.000Z',
    });
    const dueAt = new Date(Date.now() + 10 * 86_400_000).toISOString();
    addReview(addOwnPaper(owner, { title: 'On Time Paper' }), me, { dueAt });
    await openDashboard();

    const item = async (name: string) => within(await screen.findByRole('list', { name: 'Assigned papers' })).getByRole('listitem', { name });
    expect(await item('Late Paper')).toHaveTextContent('Due March 1, 2026');
    expect(within(await item('Late Paper')).getByText('Overdue')).toBeInTheDocument();
    expect(await item('Late But Done')).toHaveTextContent('Due March 1, 2026');
    expect(await item('Late But Done')).not.toHaveTextContent('Overdue');
    expect(await item('On Time Paper')).toHaveTextContent(`Due ${formatDate(dueAt)}`);
    expect(await item('On Time Paper')).not.toHaveTextContent('Overdue');
  });

  it("says 'No papers assigned for review yet.' with no assignments", async () => {
    signInAs('reviewer');
    await openDashboard();
    expect(await screen.findByText('No papers assigned for review yet.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Review counts' })).toHaveTextContent(/Total Assignments0.*Pending Reviews0.*Completed Reviews0/);
  });

  it("shows anyone without the reviewer role 'Access Denied'", async () => {
    signInAs('user');
    await openDashboard();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access the reviewer dashboard.")).toBeInTheDocument();
    expect(screen.queryByText('Total Assignments')).not.toBeInTheDocument();
  });
});
