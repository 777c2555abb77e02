import { screen, waitFor, within } from '@testing-library/react';
import { addOwnPaper, addReview, addUser, db, signInAs } from '@/test/msw/db';
import { expectToast, renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/paper-detail/paper-detail-page');
});

// Issue 27, several reviewers per round (the server's REVIEWERS_PER_ROUND, here 2): the editor's
// page takes reviewers until the round has its two, never offers one twice, shows the round's
// reviews side by side and lets each letter quote the reviews the editor ticks.

async function openPaper(id: string) {
  const app = renderApp(`/papers/${id}`);
  await waitForSession(app.store);
  await screen.findByRole('heading', { level: 1 });
  return app;
}

const reviewer = (email: string, firstName: string) => addUser({ email, role: 'reviewer', firstName });

function paperWithReviewers() {
  db.reviewersPerRound = 2;
  const paper = addOwnPaper(addUser({ email: 'author@example.org' }), { title: 'Tidal Energy', status: 'under_review' });
  return { paper, rita: reviewer('rita@example.org', 'Rita'), noor: reviewer('noor@example.org', 'Noor') };
}

describe('several reviewers in a round, on the editor’s paper page', () => {
  it('offers the second place to another reviewer only, then says the round has all its reviewers', async () => {
    const { paper, rita, noor } = paperWithReviewers();
    addReview(paper, rita);
    signInAs('admin');
    const { user } = await openPaper(paper.id);

    const card = await screen.findByRole('generic', { name: 'Reviewers' });
    expect(await within(card).findByText('Round 1 has 1 of its 2 reviewers. Assign another here.')).toBeInTheDocument();
    const form = within(card).getByRole('form', { name: 'Assign a reviewer' });
    const choice = await within(form).findByRole('combobox', { name: 'Reviewer' });
    expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual(['Select a reviewer', 'Noor Lovelace (noor@example.org)']);
    await user.selectOptions(choice, noor.id);
    await user.click(within(form).getByRole('button', { name: 'Assign Reviewer' }));
    await expectToast('Paper Assigned', 'Paper has been successfully assigned to the reviewer.');
    expect(db.bodies['/admin/reviews']).toEqual([{ paperId: paper.id, reviewerId: noor.id }]);
    expect(await within(card).findByText('No reviewer can be assigned now: the current round has all its reviewers, or the paper is not submitted or under review.')).toBeInTheDocument();
    expect(within(within(card).getByRole('list', { name: 'Assignments of this paper' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows both reviews side by side, each with the name the author reads, and shares only the ticked ones', async () => {
    const { paper, rita, noor } = paperWithReviewers();
    const first = addReview(paper, rita, { status: 'submitted', recommendation: 'minor_revisions', text: 'The sample is small.', submittedAt: '2026-03-04T08:00:00.000Z' });
    const second = addReview(paper, noor, { status: 'submitted', recommendation: 'accept', text: 'The graphs need units.', submittedAt: '2026-03-05T08:00:00.000Z' });
    signInAs('admin');
    const { user } = await openPaper(paper.id);

    const ritas = await screen.findByRole('article', { name: 'Round 1: review by Rita Lovelace' });
    const noors = screen.getByRole('article', { name: 'Round 1: review by Noor Lovelace' });
    expect(within(ritas).getByText('The author reads this reviewer as “Reviewer 1”.')).toBeInTheDocument();
    expect(within(noors).getByText('The author reads this reviewer as “Reviewer 2”.')).toBeInTheDocument();
    // The one-review card would name Rita alone: with two, the rounds are where the reviews are read.
    expect(screen.queryByRole('heading', { name: 'Peer Review' })).not.toBeInTheDocument();

    // The revision request shares both to begin with; the editor keeps Noor's only.
    const toShare = screen.getByRole('group', { name: 'Reviews to share with the author' });
    const ritaBox = within(toShare).getByRole('checkbox', { name: 'Reviewer 1 (Rita Lovelace)' });
    expect(ritaBox).toBeChecked();
    expect(within(toShare).getByRole('checkbox', { name: 'Reviewer 2 (Noor Lovelace)' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Of each shared review, the author reads (unnamed)' })).toBeInTheDocument();
    await user.click(ritaBox);
    await user.click(screen.getByRole('button', { name: 'Request Revisions' }));
    await waitFor(() => expect(db.bodies[`/papers/${paper.id}/revision-requests`]).toHaveLength(1));
    expect(db.bodies[`/papers/${paper.id}/revision-requests`][0]).toMatchObject({ sharedReviewIds: [second.id] });

    // A decision quotes none unless ticked.
    const toQuote = screen.getByRole('group', { name: 'Quote these reviews (the author reads each as “Reviewer N”, never the name)' });
    expect(within(toQuote).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual([false, false]);
    await user.click(within(toQuote).getByRole('checkbox', { name: 'Reviewer 1 (Rita Lovelace)' }));
    await user.click(within(screen.getByRole('group', { name: 'Change paper status' })).getByRole('button', { name: 'Reject' }));
    await screen.findByRole('region', { name: 'Letter to the author' });
    expect(db.bodies[`/papers/${paper.id}/decision-letter/preview`]).toEqual([{ decision: 'rejected', editorNote: '', sharedReviewIds: [first.id] }]);
  });
});
