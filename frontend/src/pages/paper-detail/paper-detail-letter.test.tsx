import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { type ReviewRounds } from '@/shared/api';
import { addOwnPaper, addReview, addUser, db, signInAs } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { expectToast, renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/paper-detail/paper-detail-page');
});

async function openPaper(id: string) {
  const app = renderApp(`/papers/${id}`);
  await waitForSession(app.store);
  await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  return app;
}

/** Round 1 reviewed, as the editors read it: the reviewer named. */
function reviewedRoundForEditors(paperId: string): ReviewRounds {
  return {
    currentRound: 1,
    openRequest: null,
    canRequestRevisions: true,
    rounds: [
      {
        round: 1,
        version: 1,
        pdfUrl: `/api/papers/${paperId}/rounds/1/pdf`,
        reviews: [
          {
            id: null,
            authorLabel: null,
            reviewer: 'Rita Lovelace',
            mine: false,
            status: 'submitted',
            recommendation: 'minor_revisions',
            text: 'Clear question; more samples, please.',
            criteria: [{ name: 'Method', score: 2, comment: 'The sample is too small.' }],
            submittedAt: '2026-03-04T08:00:00.000Z',
            declineReason: null,
            sharedWithAuthor: false,
          },
        ],
        revisionRequest: null,
      },
    ],
  };
}

describe('the decision letter previewed in the revision request form', () => {
  it('shows the letter the author will receive, the reviewer unnamed, and hides it once the form changes', async () => {
    const paper = addOwnPaper(addUser({ email: 'author@example.org' }), { title: 'Tidal Energy' });
    db.rounds[paper.id] = reviewedRoundForEditors(paper.id);
    signInAs('admin');
    const { user } = await openPaper(paper.id);

    await user.click(await screen.findByRole('checkbox', { name: 'The rubric’s scores and comments' }));
    await user.type(screen.getByRole('textbox', { name: /Note to the author/ }), 'Please double the sample.');
    await user.click(screen.getByRole('button', { name: 'Preview letter' }));

    const preview = await screen.findByRole('region', { name: 'Letter to the author' });
    expect(within(preview).getByText('The e-mail to the author will carry this letter, the reviewers named only as “Reviewer 1”, “Reviewer 2”….')).toBeInTheDocument();
    const letter = within(preview).getByTestId('letter-text').textContent;
    expect(letter).toContain('A note from the editors:\n\nPlease double the sample.');
    expect(letter).toContain("Reviewer 1's review:\n\nClear question; more samples, please.");
    expect(letter).not.toContain('Rita');
    expect(letter).not.toContain('Scores:');
    expect(db.bodies[`/papers/${paper.id}/decision-letter/preview`]).toEqual([
      { decision: 'minor_revisions', editorNote: 'Please double the sample.', shareText: true, shareCriteria: false },
    ]);

    // The preview stands for the form as previewed: a change hides it, nothing is sent.
    await user.click(screen.getByRole('radio', { name: 'Major revisions (due in 30 days)' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Letter to the author' })).not.toBeInTheDocument());
    expect(db.bodies[`/papers/${paper.id}/revision-requests`]).toBeUndefined();
  });

  it('says when there is no letter: no note and nothing shared', async () => {
    const paper = addOwnPaper(addUser({ email: 'author@example.org' }), { title: 'Tidal Energy' });
    db.rounds[paper.id] = reviewedRoundForEditors(paper.id);
    signInAs('admin');
    const { user } = await openPaper(paper.id);

    await user.click(await screen.findByRole('checkbox', { name: 'The review’s text' }));
    await user.click(screen.getByRole('checkbox', { name: 'The rubric’s scores and comments' }));
    await user.click(screen.getByRole('button', { name: 'Preview letter' }));
    const preview = await screen.findByRole('region', { name: 'Letter to the author' });
    expect(within(preview).getByText('No note and nothing shared: the author gets the usual e-mail, without a letter.')).toBeInTheDocument();
  });

  it('tells the editor when the preview fails', async () => {
    const paper = addOwnPaper(addUser({ email: 'author@example.org' }), { title: 'Tidal Energy' });
    db.rounds[paper.id] = reviewedRoundForEditors(paper.id);
    signInAs('admin');
    const { user } = await openPaper(paper.id);
    server.use(http.post('*/api/papers/:id/decision-letter/preview', () => HttpResponse.error()));
    await user.click(await screen.findByRole('button', { name: 'Preview letter' }));
    await expectToast('Error', 'Failed to preview the letter. Please try again.');
    expect(screen.queryByRole('region', { name: 'Letter to the author' })).not.toBeInTheDocument();
  });

});

describe('the decision letter previewed before an acceptance or a rejection', () => {
  const actions = () => screen.getByRole('group', { name: 'Change paper status' });

  function reviewedPaper() {
    const paper = addOwnPaper(addUser({ email: `owner-${Math.random()}@example.org` }), { title: 'Tidal Energy', status: 'under_review' });
    const reviewer = addUser({ email: 'rita@example.org', firstName: 'Rita' });
    const review = addReview(paper, reviewer, {
      status: 'submitted',
      text: 'Clear question; more samples, please.',
      submittedAt: '2026-03-04T08:00:00.000Z',
      criteria: [{ name: 'Method', hint: 'Is the method sound?', score: 2, comment: 'The sample is too small.' }],
    });
    return { paper, review };
  }

  it('previews the letter, the review quoted as "Reviewer 1", and sends the decision with it only when confirmed', async () => {
    const { paper, review } = reviewedPaper();
    signInAs('admin');
    const { user } = await openPaper(paper.id);

    await user.type(screen.getByRole('textbox', { name: /Note with the decision/ }), 'Thank you for a careful study.');
    await user.click(await screen.findByRole('checkbox', { name: 'Quote the review (as “Reviewer 1”)' }));
    await user.click(within(actions()).getByRole('button', { name: 'Reject' }));

    const preview = await screen.findByRole('region', { name: 'Letter to the author' });
    const letter = within(preview).getByTestId('letter-text').textContent;
    expect(letter).toContain('A note from the editors:\n\nThank you for a careful study.');
    expect(letter).toContain("Reviewer 1's review:\n\nClear question; more samples, please.");
    expect(letter).toContain('- Method: 2/5. The sample is too small.');
    expect(letter).not.toContain('Rita');
    expect(db.bodies[`/papers/${paper.id}/status`]).toBeUndefined();

    // Back to the form: nothing is sent; then confirmed, the decision carries the letter.
    await user.click(screen.getByRole('button', { name: 'Edit letter' }));
    expect(screen.queryByRole('region', { name: 'Letter to the author' })).not.toBeInTheDocument();
    await user.click(within(actions()).getByRole('button', { name: 'Reject' }));
    await user.click(await screen.findByRole('button', { name: 'Send letter and Reject' }));
    await expectToast('Status Updated', 'Paper status changed to rejected');
    expect(db.bodies[`/papers/${paper.id}/status`]).toEqual([{ status: 'rejected', editorNote: 'Thank you for a careful study.', sharedReviewIds: [review.id] }]);
    expect(db.bodies[`/papers/${paper.id}/decision-letter/preview`]).toHaveLength(2);
  });

  it("names a later round's new reviewer as the author reads them, not always as “Reviewer 1”", async () => {
    const paper = addOwnPaper(addUser({ email: 'author-round2@example.org' }), { title: 'Tidal Energy', status: 'under_review' });
    const review = (id: string, reviewer: string, authorLabel: string) => ({
      id,
      authorLabel,
      reviewer,
      mine: false,
      status: 'submitted' as const,
      recommendation: 'accept' as const,
      text: `${reviewer}'s review`,
      criteria: [],
      submittedAt: '2026-03-04T08:00:00.000Z',
      declineReason: null,
      sharedWithAuthor: false,
    });
    db.rounds[paper.id] = {
      currentRound: 2,
      openRequest: null,
      canRequestRevisions: true,
      rounds: [
        { round: 1, version: 1, pdfUrl: `/api/papers/${paper.id}/rounds/1/pdf`, reviews: [review('61000000-0000-4000-8000-000000000091', 'Rita Lovelace', 'Reviewer 1')], revisionRequest: null },
        { round: 2, version: 2, pdfUrl: `/api/papers/${paper.id}/rounds/2/pdf`, reviews: [review('61000000-0000-4000-8000-000000000092', 'Noor Lovelace', 'Reviewer 2')], revisionRequest: null },
      ],
    };
    signInAs('admin');
    await openPaper(paper.id);
    expect(await screen.findByRole('checkbox', { name: 'Quote the review (as “Reviewer 2”)' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Share with the author, as “Reviewer 2”' })).toBeInTheDocument();
  });

  it('decides at once, as before, when there is no letter', async () => {
    const { paper } = reviewedPaper();
    signInAs('admin');
    const { user } = await openPaper(paper.id);
    await screen.findByRole('checkbox', { name: 'Quote the review (as “Reviewer 1”)' });
    await user.click(within(actions()).getByRole('button', { name: 'Accept' }));
    await expectToast('Status Updated', 'Paper status changed to accepted. Congratulatory email sent to author.');
    expect(db.bodies[`/papers/${paper.id}/status`]).toEqual([{ status: 'accepted' }]);
    expect(db.bodies[`/papers/${paper.id}/decision-letter/preview`]).toBeUndefined();
  });
});
