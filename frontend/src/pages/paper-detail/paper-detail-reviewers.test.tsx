import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { addOwnPaper, addReview, addUser, db, signInAs } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { expectToast, renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/paper-detail/paper-detail-page');
});

const NOT_ASSIGNABLE = 'No reviewer can be assigned now: the current round has all its reviewers, or the paper is not submitted or under review.';

async function openPaper(id: string) {
  const app = renderApp(`/papers/${id}`);
  await waitForSession(app.store);
  await screen.findByRole('heading', { level: 1 });
  return app;
}

const reviewersCard = () => screen.findByRole('generic', { name: 'Reviewers' });

function reviewer(email: string, firstName: string) {
  return addUser({ email, role: 'reviewer', firstName });
}

/** A paper the author revised: round 1 reviewed by Rita, round 2 begun without a reviewer (what the revised-paper e-mail is about). */
function revisedPaper() {
  const owner = addUser({ email: 'author@example.org' });
  const paper = addOwnPaper(owner, { title: 'Tidal Energy', status: 'under_review' });
  const rita = reviewer('rita@example.org', 'Rita');
  addReview(paper, rita, { status: 'submitted', recommendation: 'minor_revisions', submittedAt: '2026-03-04T08:00:00.000Z', round: 1 });
  db.rounds[paper.id] = {
    currentRound: 2,
    openRequest: null,
    canRequestRevisions: false,
    rounds: [
      { round: 1, version: 1, pdfUrl: `/api/papers/${paper.id}/rounds/1/pdf`, reviews: [], revisionRequest: null },
      { round: 2, version: 2, pdfUrl: `/api/papers/${paper.id}/rounds/2/pdf`, reviews: [], revisionRequest: null },
    ],
  };
  return { paper, rita };
}

describe("the Reviewers card on /papers/{id}: Reviewer Management for one paper", () => {
  it("lets an editor assign the current round to its earlier reviewer: 'Paper Assigned', the round's row, and no second assignment offered", async () => {
    const { paper, rita } = revisedPaper();
    reviewer('noor@example.org', 'Noor');
    signInAs('admin');
    const { user } = await openPaper(paper.id);

    const card = await reviewersCard();
    expect(within(card).getByText('Assign a reviewer for the current round, move a due date, send a reminder or withdraw an assignment.')).toBeInTheDocument();
    const rows = await within(card).findByRole('list', { name: 'Assignments of this paper' });
    expect(within(rows).getAllByRole('listitem')).toHaveLength(1);
    expect(within(rows).getByText('Round 1')).toBeInTheDocument();
    expect(within(rows).getByText('Reviewer: Rita Lovelace')).toBeInTheDocument();

    const form = await within(card).findByRole('form', { name: 'Assign a reviewer' });
    expect(within(form).queryByRole('combobox', { name: 'Paper' })).not.toBeInTheDocument();
    const choice = await within(form).findByRole('combobox', { name: 'Reviewer' });
    expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select a reviewer',
      'Rita Lovelace (rita@example.org)',
      'Noor Lovelace (noor@example.org)',
    ]);
    const assign = within(form).getByRole('button', { name: 'Assign Reviewer' });
    expect(assign).toBeDisabled();
    await user.selectOptions(choice, rita.id);
    await user.click(assign);

    await expectToast('Paper Assigned', 'Paper has been successfully assigned to the reviewer.');
    expect(db.bodies['/admin/reviews']).toEqual([{ paperId: paper.id, reviewerId: rita.id }]);
    await waitFor(() => expect(within(rows).getAllByRole('listitem')).toHaveLength(2));
    expect(within(rows).getByText('Round 2')).toBeInTheDocument();
    expect(await within(card).findByText(NOT_ASSIGNABLE)).toBeInTheDocument();
    expect(within(card).queryByRole('form', { name: 'Assign a reviewer' })).not.toBeInTheDocument();
  });

  it('withdraws, moves the due date of and reminds an open assignment through the same endpoints as Reviewer Management', async () => {
    const paper = addOwnPaper(addUser({ email: 'author@example.org' }), { title: 'Tidal Energy', status: 'under_review' });
    const rita = reviewer('rita@example.org', 'Rita');
    const assignment = addReview(paper, rita, { dueAt: new Date(Date.now() + 5 * 86_400_000).toISOString() });
    signInAs('admin');
    const { user } = await openPaper(paper.id);
    const card = await reviewersCard();
    expect(await within(card).findByText(NOT_ASSIGNABLE)).toBeInTheDocument();

    await user.click(await within(card).findByRole('button', { name: 'Send reminder for review by Rita Lovelace' }));
    await expectToast('Reminder sent', 'The reviewer has been e-mailed a reminder of the due date.');
    expect(db.reviews.find((row) => row.id === assignment.id)?.manualReminderAt).toBeTruthy();

    const dueForm = within(card).getByRole('form', { name: 'Due date of review by Rita Lovelace' });
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const field = within(dueForm).getByLabelText('Due date');
    await user.clear(field);
    await user.type(field, day);
    await user.click(within(dueForm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(db.bodies[`/admin/reviews/${assignment.id}`]).toHaveLength(1));
    expect(db.reviews.find((row) => row.id === assignment.id)?.dueAt.slice(0, 10)).toBe(day);

    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(within(card).getByRole('button', { name: 'Withdraw review by Rita Lovelace' }));
    expect(confirm).toHaveBeenCalledWith('Withdraw the review of "Tidal Energy" from Rita Lovelace?');
    expect(await within(card).findByText('No reviewer has been assigned to this paper yet.')).toBeInTheDocument();
    expect(db.reviews).toHaveLength(0);
    // The paper is open to a reviewer again, here as in Reviewer Management.
    expect(await within(card).findByRole('form', { name: 'Assign a reviewer' })).toBeInTheDocument();
    confirm.mockRestore();
  });

  it('says so when whether the paper can take a reviewer could not be loaded, and still lists its assignments', async () => {
    const paper = addOwnPaper(addUser({ email: 'author@example.org' }), { title: 'Tidal Energy', status: 'under_review' });
    addReview(paper, reviewer('rita@example.org', 'Rita'));
    signInAs('admin');
    server.use(
      http.get('*/api/admin/reviews/assignable-papers', () =>
        HttpResponse.json({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'The journal is busy' }, { status: 503 }),
      ),
    );
    await openPaper(paper.id);
    const card = await reviewersCard();
    expect(await within(card).findByRole('alert')).toHaveTextContent('Whether this paper can take a reviewer could not be loaded.');
    expect(within(card).queryByRole('form', { name: 'Assign a reviewer' })).not.toBeInTheDocument();
    expect(await within(card).findByText('Reviewer: Rita Lovelace')).toBeInTheDocument();
  });

  it("shows nothing of it to the paper's author, who never asks for the assignments", async () => {
    const owner = signInAs('user', 'author@example.org');
    const paper = addOwnPaper(owner, { title: 'Tidal Energy' });
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
    await openPaper(paper.id);
    await screen.findByRole('heading', { name: 'Discussion' });
    expect(screen.queryByRole('heading', { name: 'Reviewers' })).not.toBeInTheDocument();
    expect(asked.filter((path) => path.startsWith('/api/admin/reviews'))).toEqual([]);
    server.events.removeAllListeners();
  });

  it('follows the server: an editor whose paper detail does not allow assigning sees no Reviewers card', async () => {
    const paper = addOwnPaper(addUser({ email: 'author@example.org' }), { title: 'Tidal Energy' });
    signInAs('admin');
    server.use(
      http.get('*/api/papers/:id', () =>
        HttpResponse.json({
          ...paper,
          access: { owner: false, discuss: true, uploadVersion: false, changeStatus: true },
          actions: { ...paper.actions, readHistory: true, readReviews: true, assignReviewers: false },
          authorEmails: ['author@example.org'],
        }),
      ),
    );
    await openPaper(paper.id);
    await screen.findByRole('heading', { name: 'Admin Actions' });
    expect(screen.queryByRole('heading', { name: 'Reviewers' })).not.toBeInTheDocument();
  });
});
