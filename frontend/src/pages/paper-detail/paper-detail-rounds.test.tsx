import { screen, waitFor, within } from '@testing-library/react';
import { type ReviewRounds } from '@/shared/api';
import { addOwnPaper, addUser, db, signInAs } from '@/test/msw/db';
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

const pdf = () => new File(['%PDF-1.7'], 'revised.pdf', { type: 'application/pdf' });

const criteria = [
  { name: 'Research question', score: 4, comment: 'Focused and answerable.' },
  { name: 'Method', score: 2, comment: 'The sample is too small.' },
];

/** Round 1 reviewed, as the editors read it: the reviewer named, everything shown. */
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
            criteria,
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

describe('review rounds on /papers/{id}', () => {
  it('lets an editor request revisions, choosing the kind and what the author sees', async () => {
    const paper = addOwnPaper(addUser({ email: 'author@example.org' }), { title: 'Tidal Energy' });
    db.rounds[paper.id] = reviewedRoundForEditors(paper.id);
    signInAs('admin');
    const { user } = await openPaper(paper.id);

    const rounds = await screen.findByRole('region', { name: 'Round 1' });
    expect(within(rounds).getByText('Rita Lovelace')).toBeInTheDocument();
    expect(within(rounds).getByText('Recommendation: Minor Revisions')).toBeInTheDocument();
    expect(within(rounds).getByText('2 out of 5 (needs work)')).toBeInTheDocument();
    expect(within(rounds).getByRole('link', { name: /PDF reviewed in round 1/ })).toHaveAttribute('href', `/api/papers/${paper.id}/rounds/1/pdf`);

    await user.click(screen.getByRole('radio', { name: 'Major revisions (due in 30 days)' }));
    await user.click(screen.getByRole('checkbox', { name: 'The review’s text' }));
    await user.type(screen.getByRole('textbox', { name: /Note to the author/ }), 'Please double the sample.');
    await user.click(screen.getByRole('button', { name: 'Request Revisions' }));
    await expectToast('Revisions requested', 'The author has been told by e-mail.');
    expect(db.bodies[`/papers/${paper.id}/revision-requests`]).toEqual([
      { kind: 'major', editorNote: 'Please double the sample.', shareText: false, shareCriteria: true },
    ]);
    // Asked once: the form goes, the request is shown waiting for the author.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Request Revisions' })).not.toBeInTheDocument());
    expect(screen.getByText('Waiting for the author’s revision.')).toBeInTheDocument();
  });

  it('shows the author the shared feedback as "Reviewer 1" and takes the revised PDF with a letter', async () => {
    const author = signInAs('user');
    const paper = addOwnPaper(author, { title: 'Tidal Energy', status: 'under_review' });
    const request = {
      id: 'request-1',
      round: 1,
      kind: 'minor' as const,
      editorNote: 'Tighten the method section.',
      requestedAt: '2026-03-05T08:00:00.000Z',
      dueAt: '2099-03-19T08:00:00.000Z',
      overdue: false,
      responseLetter: null,
      respondedAt: null,
    };
    db.rounds[paper.id] = {
      currentRound: 1,
      openRequest: request,
      canRequestRevisions: false,
      rounds: [
        {
          round: 1,
          version: 1,
          pdfUrl: `/api/papers/${paper.id}/rounds/1/pdf`,
          reviews: [
            { id: null, authorLabel: null, reviewer: 'Reviewer 1', mine: false, status: 'submitted', recommendation: null, text: null, criteria, submittedAt: '2026-03-04T08:00:00.000Z', declineReason: null, sharedWithAuthor: true },
          ],
          revisionRequest: request,
        },
      ],
    };
    const { user } = await openPaper(paper.id);

    expect(await screen.findByRole('heading', { name: 'Feedback from Review' })).toBeInTheDocument();
    expect(screen.getByText('Reviewer 1')).toBeInTheDocument();
    // The feedback says which round it came from, even when read out of its section.
    const feedback = screen.getByRole('article', { name: 'Round 1: review by Reviewer 1' });
    expect(within(feedback).getByRole('region', { name: 'Scores from Reviewer 1' })).toHaveTextContent('The sample is too small.');
    expect(screen.getByText(/The editors ask for minor revisions/)).toBeInTheDocument();
    expect(screen.getByText('Tighten the method section.')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Submit your revision' });
    await user.click(within(form).getByRole('button', { name: 'Submit Revision' }));
    expect(within(form).getByText('Choose the revised PDF.')).toBeInTheDocument();
    expect(within(form).getByText('Write a response letter that answers the feedback.')).toBeInTheDocument();
    expect(db.revisions[paper.id]).toBeUndefined();

    await user.upload(within(form).getByLabelText('Revised paper (PDF)'), pdf());
    await user.type(within(form).getByRole('textbox', { name: /Response letter/ }), 'I doubled the sample.');
    await user.click(within(form).getByRole('button', { name: 'Submit Revision' }));
    await expectToast('Revision submitted', 'The editors have been told. Your paper is back under review.');
    // jsdom's XHR sends the file part without its name: its type says a PDF went.
    expect(db.revisions[paper.id]).toEqual([{ fields: { responseLetter: 'I doubled the sample.' }, file: expect.objectContaining({ type: 'application/pdf' }) }]);
    expect(await screen.findByText('I doubled the sample.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Submit your revision' })).not.toBeInTheDocument();
  });

  it('shows the author nothing of the rounds while the editors have shared nothing', async () => {
    const author = signInAs('user');
    const paper = addOwnPaper(author, { title: 'Tidal Energy', status: 'under_review' });
    db.rounds[paper.id] = { ...reviewedRoundForEditors(paper.id), canRequestRevisions: false, rounds: [{ ...reviewedRoundForEditors(paper.id).rounds[0], reviews: [] }] };
    await openPaper(paper.id);
    await screen.findByRole('heading', { name: 'Discussion' });
    expect(screen.queryByRole('heading', { name: 'Feedback from Review' })).not.toBeInTheDocument();
  });
});
