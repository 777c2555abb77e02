import { screen, within } from '@testing-library/react';
import { type PaperDetail, type ReviewRounds } from '@/shared/api';
import { addOwnPaper, addReview, addUser, db, signInAs } from '@/test/msw/db';
import { renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/my-submissions/my-submissions-page');
  await import('@/pages/home/author-home');
  await import('@/pages/paper-detail/paper-detail-page');
});

/** An open revision request on the paper, due on December 7, 2026. */
function requestRevisions(paper: PaperDetail): void {
  const rounds: ReviewRounds = {
    currentRound: 1,
    openRequest: {
      id: '70000000-0000-4000-8000-000000000001',
      round: 1,
      kind: 'minor',
      editorNote: '',
      requestedAt: '2026-11-23T17:00:00.000Z',
      dueAt: '2026-12-07T17:00:00.000Z',
      overdue: false,
      responseLetter: null,
      respondedAt: null,
    },
    canRequestRevisions: false,
    rounds: [],
  };
  db.rounds[paper.id] = rounds;
}

describe('the author reads each paper’s stage beside its status (issue 27)', () => {
  it('My Submissions: the spec’s badge and progress, and the stage in words', async () => {
    const me = signInAs('user');
    const reviewer = addUser({ email: 'rita@example.org', role: 'reviewer' });
    const waiting = addOwnPaper(me, { title: 'Storm Water', status: 'under_review', createdAt: '2025-03-03T00:00:00.000Z' });
    requestRevisions(waiting);
    const reviewed = addOwnPaper(me, { title: 'Bee Counts', status: 'submitted', createdAt: '2025-03-02T00:00:00.000Z' });
    addReview(reviewed, reviewer);
    addOwnPaper(me, { title: 'Moss Walls', status: 'published', publishedAt: '2025-04-01T00:00:00.000Z', createdAt: '2025-03-01T00:00:00.000Z' });
    const { store } = renderApp('/my-submissions');
    await waitForSession(store);
    const [first, second, third] = within(await screen.findByRole('list', { name: 'Your submissions' })).getAllByRole('listitem');

    // The status stays Under Review at 50 %; the stage says the author must act, and by when.
    expect(within(first).getByText('Status:').parentElement).toHaveTextContent('Under Review');
    expect(within(first).getByRole('progressbar', { name: 'Review progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(within(first).getByText('Stage:').parentElement).toHaveTextContent('Revisions requested — due December 7, 2026');

    expect(within(second).getByText('Stage:').parentElement).toHaveTextContent('In review — round 1, 0 of 1 review in');
    // A published paper's stage would only repeat its badge.
    expect(within(third).queryByText('Stage:')).not.toBeInTheDocument();
  });

  it('the dashboard: the stage on each recent paper, and a tile for revisions asked of the author', async () => {
    const me = signInAs('user');
    const waiting = addOwnPaper(me, { title: 'Storm Water', status: 'under_review' });
    requestRevisions(waiting);
    const { store } = renderApp('/');
    await waitForSession(store);
    const numbers = await screen.findByRole('region', { name: 'Your numbers' });
    expect(within(numbers).getByText('Revisions requested of you').nextElementSibling).toHaveTextContent('1');
    const recent = (await screen.findByRole('link', { name: 'Storm Water' })).closest('li')!;
    expect(within(recent).getByText('Stage:').parentElement).toHaveTextContent('Revisions requested — due December 7, 2026');
    expect(within(recent).getByRole('progressbar', { name: 'Review progress' })).toHaveAttribute('aria-valuenow', '50');
  });

  it('the dashboard keeps the spec’s three tiles while nothing is asked of the author', async () => {
    const me = signInAs('user');
    addOwnPaper(me, { title: 'Storm Water', status: 'submitted' });
    const { store } = renderApp('/');
    await waitForSession(store);
    const numbers = await screen.findByRole('region', { name: 'Your numbers' });
    expect(within(numbers).getByText('Total Submissions')).toBeInTheDocument();
    expect(within(numbers).queryByText('Revisions requested of you')).not.toBeInTheDocument();
    expect(await screen.findByText('New submission — no reviewer asked yet')).toBeInTheDocument();
  });

  it('the paper page: the owner reads the stage above the progress', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me, { title: 'Storm Water', status: 'under_review' });
    db.rounds[paper.id] = { currentRound: 2, openRequest: null, canRequestRevisions: false, rounds: [] };
    const { store } = renderApp(`/papers/${paper.id}`);
    await waitForSession(store);
    await screen.findByRole('heading', { level: 1, name: 'Storm Water' }, { timeout: 15_000 });
    expect(screen.getByText('Stage:').parentElement).toHaveTextContent('Revised — awaiting editor (round 2)');
    expect(screen.getByRole('progressbar', { name: 'Review progress' })).toHaveAttribute('aria-valuenow', '50');
  });
});
