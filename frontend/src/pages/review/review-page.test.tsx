import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { type SessionUser } from '@/shared/api';
import { DEFAULT_RUBRIC, addOwnPaper, addReview, addUser, db, signInAs } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { currentPath, expectToast, renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/review/review-page');
  await import('@/pages/paper-detail/paper-detail-page');
});

function assignedTo(reviewer: SessionUser, overrides: Parameters<typeof addReview>[2] = {}) {
  const owner = addUser({ email: `author-${Math.random()}@example.org` });
  const paper = addOwnPaper(owner, { title: 'Tidal Energy', category: 'Physics' });
  return { paper, review: addReview(paper, reviewer, overrides) };
}

async function openReview(id: string) {
  const app = renderApp(`/review/${id}`);
  await waitForSession(app.store);
  return app;
}

const recommendation = () => screen.getByRole('combobox', { name: 'Recommendation' });
const reviewText = () => screen.getByRole('textbox', { name: 'Review' });
const saveDraft = () => screen.getByRole('button', { name: 'Save Draft' });
const submitReview = () => screen.getByRole('button', { name: 'Submit Review' });
const criterion = (name: string) => screen.getByRole('group', { name });
const scores = (name: string) => within(criterion(name)).getByRole('radiogroup', { name: `Score for ${name}` });

/** What the form sends for the default rubric before anything is scored. */
const unscored = DEFAULT_RUBRIC.map(({ name }) => ({ name, score: null, comment: '' }));

/** Scores every criterion of the default rubric (4, good, unless told otherwise). */
async function scoreAll(user: ReturnType<typeof renderApp>['user'], label = '4 — good') {
  for (const { name } of DEFAULT_RUBRIC) await user.click(within(scores(name)).getByRole('radio', { name: label }));
}

describe('/review/{id}', () => {
  it('shows the paper, a link to it, the four recommendations and a 10-row text area', async () => {
    const { paper, review } = assignedTo(signInAs('reviewer'));
    await openReview(review.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tidal Energy' })).toBeInTheDocument();
    expect(screen.getByText('Physics')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View paper details' })).toHaveAttribute('href', `/papers/${paper.id}`);
    expect(within(recommendation()).getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'Select a recommendation'],
      ['accept', 'Accept'],
      ['minor_revisions', 'Minor Revisions'],
      ['major_revisions', 'Major Revisions'],
      ['reject', 'Reject'],
    ]);
    expect(reviewText()).toHaveAttribute('rows', '10');
    expect(reviewText()).toHaveAttribute('placeholder', 'Write your review...');
  });

  it("saves a draft with or without a recommendation: 'Review saved', and the review is in progress", async () => {
    const { review } = assignedTo(signInAs('reviewer'));
    const { user } = await openReview(review.id);
    await user.type(await screen.findByRole('textbox', { name: 'Review' }), 'Clear methods.');
    await user.click(saveDraft());
    await expectToast('Review saved');
    expect(db.bodies[`/reviews/${review.id}/draft`]).toEqual([{ text: 'Clear methods.', recommendation: null, criteria: unscored }]);
    expect(await screen.findByText('In Progress')).toBeInTheDocument();

    await user.selectOptions(recommendation(), 'minor_revisions');
    await user.click(saveDraft());
    await waitFor(() => expect(db.bodies[`/reviews/${review.id}/draft`]).toHaveLength(2));
    expect(db.bodies[`/reviews/${review.id}/draft`]?.[1]).toEqual({ text: 'Clear methods.', recommendation: 'minor_revisions', criteria: unscored });
  });

  it("says 'Failed to save review' and keeps the text when saving fails", async () => {
    server.use(
      http.put('*/api/reviews/:id/draft', () =>
        HttpResponse.json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' }, { status: 500 }),
      ),
    );
    const { review } = assignedTo(signInAs('reviewer'));
    const { user } = await openReview(review.id);
    await user.type(await screen.findByRole('textbox', { name: 'Review' }), 'Keep me.');
    await user.click(saveDraft());
    await expectToast('Failed to save review');
    expect(reviewText()).toHaveValue('Keep me.');
  });

  it('saves after the session is renewed when the access cookie expired during the review, keeping the text', async () => {
    const { review } = assignedTo(signInAs('reviewer'));
    const { user } = await openReview(review.id);
    await user.type(await screen.findByRole('textbox', { name: 'Review' }), 'A long review written slowly.');
    db.accessExpired = true;
    const refreshes = db.calls.refresh;
    await user.click(saveDraft());
    await expectToast('Review saved');
    expect(db.calls.refresh).toBe(refreshes + 1);
    expect(db.reviews[0]?.text).toBe('A long review written slowly.');
    expect(reviewText()).toHaveValue('A long review written slowly.');
  });

  it('submits only with a recommendation, non-blank text and every criterion scored; then the review is read-only', async () => {
    const { review } = assignedTo(signInAs('reviewer'));
    const { user } = await openReview(review.id);
    await user.type(await screen.findByRole('textbox', { name: 'Review' }), '   ');
    expect(submitReview()).toBeDisabled();
    await user.selectOptions(recommendation(), 'accept');
    expect(submitReview()).toBeDisabled();
    await user.type(reviewText(), 'Sound work.');
    expect(submitReview()).toBeDisabled();
    expect(screen.getByText('Score every criterion of the rubric to submit (6 left).')).toBeInTheDocument();
    await scoreAll(user);
    expect(submitReview()).toBeEnabled();
    await user.click(submitReview());

    await waitFor(() => expect(db.reviews[0]?.status).toBe('submitted'));
    expect(db.bodies[`/reviews/${review.id}/submit`]).toEqual([
      { text: '   Sound work.', recommendation: 'accept', criteria: DEFAULT_RUBRIC.map(({ name }) => ({ name, score: 4, comment: '' })) },
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Save Draft' })).not.toBeInTheDocument();
    expect(reviewText()).toHaveAttribute('readonly');
    expect(recommendation()).toBeDisabled();
  });

  it('opens a submitted review read-only, as the reviewer wrote it', async () => {
    const { review } = assignedTo(signInAs('reviewer'), {
      status: 'submitted',
      recommendation: 'major_revisions',
      text: 'Needs more data.',
      submittedAt: '2026-03-01T12:00:00.000Z',
    });
    await openReview(review.id);
    expect(await screen.findByRole('textbox', { name: 'Review' })).toHaveValue('Needs more data.');
    expect(reviewText()).toHaveAttribute('readonly');
    expect(recommendation()).toHaveValue('major_revisions');
    expect(screen.getByText(/Submitted March 1, 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Draft' })).not.toBeInTheDocument();
  });

  it('shows one fieldset per criterion with its hint, a 1-5 score and a comment; a draft keeps partial scores', async () => {
    const { review } = assignedTo(signInAs('reviewer'));
    const { user } = await openReview(review.id);
    await screen.findByRole('textbox', { name: 'Review' });
    expect(DEFAULT_RUBRIC.map(({ name }) => criterion(name))).toHaveLength(6);
    const method = criterion('Method');
    expect(method).toHaveAccessibleDescription(DEFAULT_RUBRIC[1].hint);
    expect(within(scores('Method')).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      '1 — needs a lot of work',
      '2 — needs work',
      '3 — adequate',
      '4 — good',
      '5 — excellent',
    ]);

    await user.click(within(scores('Method')).getByRole('radio', { name: '3 — adequate' }));
    await user.type(within(method).getByRole('textbox', { name: 'Comment on Method (optional)' }), 'Say how many plants.');
    await user.click(saveDraft());
    await expectToast('Review saved');
    const sent = db.bodies[`/reviews/${review.id}/draft`]?.[0] as { criteria: unknown[] };
    expect(sent.criteria).toEqual(
      DEFAULT_RUBRIC.map(({ name }) => (name === 'Method' ? { name, score: 3, comment: 'Say how many plants.' } : { name, score: null, comment: '' })),
    );
    expect(db.reviews[0]?.criteria?.find((row) => row.name === 'Method')).toMatchObject({ score: 3, comment: 'Say how many plants.' });
  });

  it('opens a draft with its saved scores, on the current rubric', async () => {
    const { review } = assignedTo(signInAs('reviewer'), {
      status: 'in_progress',
      criteria: [{ name: 'Ethics', hint: 'Old hint', score: 5, comment: 'Consent forms attached.' }],
    });
    db.rubric = [
      { name: 'Ethics', hint: 'New hint for ethics.' },
      { name: 'Originality', hint: 'Is it new to the student?' },
    ];
    await openReview(review.id);
    await screen.findByRole('textbox', { name: 'Review' });
    expect(within(scores('Ethics')).getByRole('radio', { name: '5 — excellent' })).toBeChecked();
    expect(criterion('Ethics')).toHaveAccessibleDescription('New hint for ethics.');
    expect(within(criterion('Ethics')).getByRole('textbox')).toHaveValue('Consent forms attached.');
    expect(within(scores('Originality')).queryByRole('radio', { checked: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Method' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the rubric changed before submitting", async () => {
    const { review } = assignedTo(signInAs('reviewer'));
    const { user } = await openReview(review.id);
    await user.type(await screen.findByRole('textbox', { name: 'Review' }), 'Sound work.');
    await user.selectOptions(recommendation(), 'accept');
    await scoreAll(user);
    db.rubric = [...DEFAULT_RUBRIC, { name: 'Originality', hint: '' }];
    await user.click(submitReview());
    await expectToast('Give a score from 1 to 5 for Originality before submitting.');
    expect(db.reviews[0]?.status).toBe('assigned');
  });

  it("shows a submitted review's scores read-only, as the reviewer gave them", async () => {
    const { review } = assignedTo(signInAs('reviewer'), {
      status: 'submitted',
      recommendation: 'accept',
      text: 'Good.',
      submittedAt: '2026-03-01T12:00:00.000Z',
      criteria: [
        { name: 'Method', hint: 'Could a classmate repeat it?', score: 4, comment: 'Clear steps.' },
        { name: 'Ethics', hint: 'Consent?', score: 2, comment: '' },
      ],
    });
    await openReview(review.id);
    const feedback = await screen.findByRole('region', { name: 'Scores from the review' });
    const items = within(feedback).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Method4 out of 5 (good)Could a classmate repeat it?Clear steps.',
      'Ethics2 out of 5 (needs work)Consent?',
    ]);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Method' })).not.toBeInTheDocument();
  });

  it("tells another reviewer and an ordinary user 'You don't have permission to access this page.'", async () => {
    const { review } = assignedTo(addUser({ email: 'rita@example.org', role: 'reviewer' }));
    signInAs('reviewer', 'other.reviewer@example.org');
    const first = await openReview(review.id);
    expect(await screen.findByText("You don't have permission to access this page.")).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Review' })).not.toBeInTheDocument();
    first.unmount();

    signInAs('user', 'author@example.org');
    await openReview(review.id);
    expect(await screen.findByText("You don't have permission to access this page.")).toBeInTheDocument();
  });

  it('says which round the review is for from round 2 on', async () => {
    const me = signInAs('reviewer');
    const { review } = assignedTo(me, { round: 2 });
    await openReview(review.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Round 2 Tidal Energy' })).toBeInTheDocument();
  });

  it('leads with the title alone in round 1', async () => {
    const me = signInAs('reviewer');
    const { review } = assignedTo(me);
    await openReview(review.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tidal Energy' })).toBeInTheDocument();
  });

  it('lets an editor read a review without writing it', async () => {
    const { review } = assignedTo(addUser({ email: 'rita@example.org', role: 'reviewer' }), { status: 'in_progress', text: 'Draft so far.' });
    signInAs('admin');
    await openReview(review.id);
    expect(await screen.findByRole('textbox', { name: 'Review' })).toHaveValue('Draft so far.');
    expect(reviewText()).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save Draft' })).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved text, in the app and when the tab closes', async () => {
    const { paper, review } = assignedTo(signInAs('reviewer'));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user, router } = await openReview(review.id);
    const closing = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await screen.findByRole('textbox', { name: 'Review' });
    expect(closing()).toBe(false);

    await user.type(reviewText(), 'Unsaved thoughts.');
    expect(closing()).toBe(true);
    await user.click(screen.getByRole('link', { name: 'View paper details' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(currentPath(router)).toBe(`/review/${review.id}`);
    expect(reviewText()).toHaveValue('Unsaved thoughts.');

    await user.click(screen.getByRole('link', { name: 'View paper details' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/papers/${paper.id}`));
  });

  it('lets the reviewer leave without asking once the text is saved', async () => {
    const { paper, review } = assignedTo(signInAs('reviewer'));
    const confirm = vi.spyOn(window, 'confirm');
    const { user, router } = await openReview(review.id);
    await user.type(await screen.findByRole('textbox', { name: 'Review' }), 'Saved thoughts.');
    await user.click(saveDraft());
    await expectToast('Review saved');
    fireEvent.click(screen.getByRole('link', { name: 'View paper details' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/papers/${paper.id}`));
    expect(confirm).not.toHaveBeenCalled();
  });
});
