import { screen, waitFor, within } from '@testing-library/react';
import { addPaper, addReview, addUser, db, signInAs } from '@/test/msw/db';
import { renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/admin/admin-page');
});

async function openAdmin() {
  signInAs('admin');
  const app = renderApp('/admin');
  await waitForSession(app.store);
  await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' });
  return app;
}

/** Three papers before a decision, one in each of three stages. */
function seedStages() {
  const reviewer = addUser({ email: 'rita@example.org', role: 'reviewer' });
  addPaper({ title: 'Fresh Paper', status: 'submitted', publishedAt: null, createdAt: '2025-03-05T00:00:00.000Z' });
  const reviewed = addPaper({ title: 'Reviewed Paper', status: 'under_review', publishedAt: null, createdAt: '2025-03-04T00:00:00.000Z' });
  addReview(reviewed, reviewer, { status: 'submitted', submittedAt: '2026-02-03T00:00:00.000Z' });
  const waiting = addPaper({ title: 'Waiting Paper', status: 'under_review', publishedAt: null, createdAt: '2025-03-03T00:00:00.000Z' });
  db.rounds[waiting.id] = {
    currentRound: 1,
    openRequest: {
      id: '70000000-0000-4000-8000-000000000002',
      round: 1,
      kind: 'major',
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
  addPaper({ title: 'Old Paper', status: 'published', createdAt: '2025-03-01T00:00:00.000Z' });
}

const rowOf = async (title: string) => (await screen.findByRole('link', { name: title })).closest('tr')!;

describe('the editors read and filter papers by stage (issue 27)', () => {
  it('shows a Stage column in words beside the spec’s status', async () => {
    seedStages();
    await openAdmin();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Stage' })).toBeInTheDocument();
    expect(await rowOf('Fresh Paper')).toHaveTextContent('New submission — no reviewer asked yet');
    expect(await rowOf('Reviewed Paper')).toHaveTextContent('In review — round 1, 1 of 1 review in');
    const waiting = await rowOf('Waiting Paper');
    expect(waiting).toHaveTextContent('Revisions requested — due December 7, 2026');
    expect(within(waiting).getByText('Status:').parentElement).toHaveTextContent('Under Review');
    expect(await rowOf('Old Paper')).toHaveTextContent('Published');
  });

  it('filters by stage on the server, and says when no paper is at that stage', async () => {
    seedStages();
    const { user } = await openAdmin();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by stage' }), 'Revisions requested');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Fresh Paper' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Waiting Paper' })).toBeInTheDocument();
    expect(db.adminListRequests.at(-1)?.get('stage')).toBe('revisions_requested');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by stage' }), 'Revised — awaiting editor');
    expect(await screen.findByText('No papers at the stage “Revised — awaiting editor”.')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by stage' }), 'All Stages');
    expect(await screen.findByRole('link', { name: 'Fresh Paper' })).toBeInTheDocument();
    // The unfiltered list asks without a stage (here from the cache of the first request).
    expect(db.adminListRequests[0].get('stage')).toBeNull();
  });

  it('counts the papers before a decision by stage, with those waiting on their authors', async () => {
    seedStages();
    await openAdmin();
    const tiles = await screen.findByRole('list', { name: 'Papers in review by stage' });
    await waitFor(() => expect(within(tiles).getByRole('listitem', { name: 'Waiting on authors: 1' })).toBeInTheDocument());
    expect(within(tiles).getByRole('listitem', { name: 'New submissions: 1' })).toBeInTheDocument();
    expect(within(tiles).getByRole('listitem', { name: 'In review: 1' })).toBeInTheDocument();
    expect(within(tiles).getByRole('listitem', { name: 'Awaiting reviewer: 0' })).toBeInTheDocument();
    expect(within(tiles).getByRole('listitem', { name: 'Revised — awaiting editor: 0' })).toBeInTheDocument();
    // The spec's tiles by status stay as they were.
    expect(screen.getByRole('list', { name: 'Papers by status' })).toHaveTextContent('Under Review');
  });
});
