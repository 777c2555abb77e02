import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { addOwnPaper, addReview, addUser, db, signInAs } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { SERVER_CONFIG_ELEMENT_ID } from '@/shared/config/server-config';
import { formatDate } from '@/shared/lib/format-date';
import { expectToast, renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/admin/admin-page');
});

async function openReviewerManagement() {
  signInAs('admin');
  const app = renderApp('/admin');
  await waitForSession(app.store);
  await app.user.click(await screen.findByRole('tab', { name: 'Reviewer Management' }));
  return app;
}

const card = (name: string): HTMLElement => screen.getByRole('generic', { name });
const assignCard = () => card('Assign Papers for Review');
const assignments = () => within(card('Current Assignments')).findByRole('list', { name: 'Current assignments' });
const assignButton = () => within(assignCard()).getByRole('button', { name: 'Assign Paper for Review' });

function author() {
  return addUser({ email: `author-${Math.random()}@example.org` });
}

function reviewer(email: string, firstName: string) {
  return addUser({ email, role: 'reviewer', firstName });
}

describe('/admin Reviewer Management: assigning papers for review', () => {
  it('offers submitted and under-review papers without a reviewer, and the assignable reviewers', async () => {
    const owner = author();
    addOwnPaper(owner, { title: 'Submitted Paper', category: 'Physics' });
    addOwnPaper(owner, { title: 'Under Review Paper', status: 'under_review' });
    addOwnPaper(owner, { title: 'Accepted Paper', status: 'accepted' });
    const taken = addOwnPaper(owner, { title: 'Taken Paper' });
    addReview(taken, reviewer('busy@example.org', 'Bea'));
    reviewer('rita@example.org', 'Rita');
    await openReviewerManagement();

    const paper = await within(assignCard()).findByRole('combobox', { name: 'Paper' });
    const offered = within(paper).getAllByRole('option').map((option) => option.textContent);
    expect(offered).toEqual(['Select a paper', 'Under Review Paper (Biology)', 'Submitted Paper (Physics)']);
    const reviewers = within(assignCard()).getByRole('combobox', { name: 'Reviewer' });
    expect(within(reviewers).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select a reviewer',
      'Bea Lovelace (busy@example.org)',
      'Rita Lovelace (rita@example.org)',
    ]);
  });

  it("says 'No papers available for assignment' and 'No reviewers available for assignment' when there are none", async () => {
    await openReviewerManagement();
    expect(await within(assignCard()).findByText('No papers available for assignment')).toBeInTheDocument();
    expect(await within(assignCard()).findByText('No reviewers available for assignment')).toBeInTheDocument();
    expect(assignButton()).toBeDisabled();
  });

  it("shows 'Loading reviewers...' and then 'Error loading reviewers: {message}'", async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/api/admin/reviews/assignable-reviewers', async () => {
        await answered;
        return HttpResponse.json({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'The journal is busy' }, { status: 503 });
      }),
    );
    await openReviewerManagement();
    expect(await within(assignCard()).findByText('Loading reviewers...')).toBeInTheDocument();
    answer();
    expect(await within(assignCard()).findByText('Error loading reviewers: The journal is busy')).toBeInTheDocument();
  });

  it("assigns once both are chosen: 'Paper Assigned', the paper leaves the choice and joins the assignments", async () => {
    const paper = addOwnPaper(author(), { title: 'Tidal Energy', category: 'Physics' });
    const rita = reviewer('rita@example.org', 'Rita');
    const { user } = await openReviewerManagement();
    expect(await within(card('Current Assignments')).findByText('No papers assigned yet.')).toBeInTheDocument();

    await user.selectOptions(await within(assignCard()).findByRole('combobox', { name: 'Paper' }), paper.id);
    expect(assignButton()).toBeDisabled();
    await user.selectOptions(within(assignCard()).getByRole('combobox', { name: 'Reviewer' }), rita.id);
    expect(assignButton()).toBeEnabled();
    await user.click(assignButton());

    await expectToast('Paper Assigned', 'Paper has been successfully assigned to the reviewer.');
    expect(db.bodies['/admin/reviews']).toEqual([{ paperId: paper.id, reviewerId: rita.id }]);
    expect(await within(assignCard()).findByText('No papers available for assignment')).toBeInTheDocument();
    const row = within(await assignments()).getByRole('listitem');
    expect(row).toHaveTextContent(/Tidal Energy.*Physics.*Reviewer: Rita Lovelace.*Assigned .*Assigned/);
  });

  it('sends the due date picked, as the end of that day in UTC, and the row shows it', async () => {
    const paper = addOwnPaper(author(), { title: 'Wind Tunnels', category: 'Physics' });
    const rita = reviewer('rita@example.org', 'Rita');
    const { user } = await openReviewerManagement();
    await user.selectOptions(await within(assignCard()).findByRole('combobox', { name: 'Paper' }), paper.id);
    await user.selectOptions(within(assignCard()).getByRole('combobox', { name: 'Reviewer' }), rita.id);
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(within(assignCard()).getByLabelText('Due date (optional)'), { target: { value: day } });
    await user.click(assignButton());

    await expectToast('Paper Assigned', 'Paper has been successfully assigned to the reviewer.');
    expect(db.bodies['/admin/reviews']).toEqual([{ paperId: paper.id, reviewerId: rita.id, dueAt: `${day}T23:59:59.000Z` }]);
    expect(within(await assignments()).getByRole('listitem')).toHaveTextContent(`Due ${formatDate(`${day}T23:59:59.000Z`)}`);
    expect(within(assignCard()).getByLabelText('Due date (optional)')).toHaveValue('');
  });

  it("takes the picked day as it ends in the journal's time zone, and writes dates in the journal's locale", async () => {
    // The server's settings block (web-app-shell.ts): a journal in Tokyo writing British English.
    const block = document.createElement('script');
    block.id = SERVER_CONFIG_ELEMENT_ID;
    block.type = 'application/json';
    block.textContent = JSON.stringify({ journal: { issn: null, dateStyle: { locale: 'en-GB', timeZone: 'Asia/Tokyo' } } });
    document.head.append(block);
    try {
      const paper = addOwnPaper(author(), { title: 'Wind Tunnels', category: 'Physics' });
      const rita = reviewer('rita@example.org', 'Rita');
      const { user } = await openReviewerManagement();
      await user.selectOptions(await within(assignCard()).findByRole('combobox', { name: 'Paper' }), paper.id);
      await user.selectOptions(within(assignCard()).getByRole('combobox', { name: 'Reviewer' }), rita.id);
      fireEvent.change(within(assignCard()).getByLabelText('Due date (optional)'), { target: { value: '2026-12-07' } });
      await user.click(assignButton());

      await expectToast('Paper Assigned', 'Paper has been successfully assigned to the reviewer.');
      // Midnight in Tokyo is 15:00 UTC the day before.
      expect(db.bodies['/admin/reviews']).toEqual([{ paperId: paper.id, reviewerId: rita.id, dueAt: '2026-12-07T14:59:59.000Z' }]);
      expect(within(await assignments()).getByRole('listitem')).toHaveTextContent('Due 7 December 2026');
    } finally {
      block.remove();
    }
  });

  it("shows the server's clear message when another admin assigned the paper first", async () => {
    const paper = addOwnPaper(author(), { title: 'Tidal Energy' });
    const rita = reviewer('rita@example.org', 'Rita');
    const { user } = await openReviewerManagement();
    await user.selectOptions(await within(assignCard()).findByRole('combobox', { name: 'Paper' }), paper.id);
    await user.selectOptions(within(assignCard()).getByRole('combobox', { name: 'Reviewer' }), rita.id);
    addReview(paper, reviewer('other@example.org', 'Otto'));
    await user.click(assignButton());
    await expectToast('Error', 'This paper has already been assigned to a reviewer.');
  });

  it("says 'Failed to assign paper to reviewer. Please try again.' when the server fails", async () => {
    server.use(
      http.post('*/api/admin/reviews', () =>
        HttpResponse.json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' }, { status: 500 }),
      ),
    );
    const paper = addOwnPaper(author(), { title: 'Tidal Energy' });
    const rita = reviewer('rita@example.org', 'Rita');
    const { user } = await openReviewerManagement();
    await user.selectOptions(await within(assignCard()).findByRole('combobox', { name: 'Paper' }), paper.id);
    await user.selectOptions(within(assignCard()).getByRole('combobox', { name: 'Reviewer' }), rita.id);
    await user.click(assignButton());
    await expectToast('Error', 'Failed to assign paper to reviewer. Please try again.');
  });

  it('names the round of an assignment from round 2 on, and round 1 of a paper that has a later one', async () => {
    const owner = author();
    const rita = reviewer('rita@example.org', 'Rita');
    const revised = addOwnPaper(owner, { title: 'Revised Paper' });
    addReview(addOwnPaper(owner, { title: 'Single Round Paper' }), rita, { status: 'in_progress' });
    addReview(revised, rita, { status: 'submitted', recommendation: 'minor_revisions', text: 'More data.', submittedAt: '2026-03-10T09:00:00.000Z' });
    addReview(revised, rita, { round: 2 });
    await openReviewerManagement();

    const rows = within(await assignments()).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Revised PaperRound 2/),
      expect.stringMatching(/^Revised PaperRound 1/),
      expect.not.stringMatching(/Round \d/),
    ]);
  });

  it('lists assignments newest first with status and dates; only unsubmitted ones can be withdrawn, after a confirm', async () => {
    const owner = author();
    const rita = reviewer('rita@example.org', 'Rita');
    addReview(addOwnPaper(owner, { title: 'Older Paper' }), rita, {
      status: 'submitted',
      recommendation: 'accept',
      text: 'Good.',
      submittedAt: '2026-03-10T09:00:00.000Z',
    });
    addReview(addOwnPaper(owner, { title: 'Newer Paper' }), rita, { status: 'in_progress' });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = await openReviewerManagement();

    const rows = within(await assignments()).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Newer Paper.*Assigned February 2, 2026.*In Progress.*Withdraw$/),
      expect.stringMatching(/^Older Paper.*Assigned February 1, 2026.*Submitted March 10, 2026.*Submitted$/),
    ]);
    expect(within(rows[1]).queryByRole('button', { name: /withdraw/i })).not.toBeInTheDocument();

    await user.click(within(rows[0]).getByRole('button', { name: 'Withdraw Newer Paper' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(db.reviews).toHaveLength(2);

    await user.click(within(rows[0]).getByRole('button', { name: 'Withdraw Newer Paper' }));
    await expectToast('Assignment withdrawn', 'The reviewer has been told by e-mail.');
    await waitFor(async () => expect(within(await assignments()).getAllByRole('listitem')).toHaveLength(1));
    expect(db.reviews.map((row) => row.status)).toEqual(['submitted']);
    // The paper may be assigned again.
    const paper = await within(assignCard()).findByRole('combobox', { name: 'Paper' });
    expect(within(paper).getByRole('option', { name: /Newer Paper/ })).toBeInTheDocument();
  });

  it("shows each assignment's due date and 'Overdue' on a pending one past it; the due date of a pending one can be changed", async () => {
    const owner = author();
    const rita = reviewer('rita@example.org', 'Rita');
    addReview(addOwnPaper(owner, { title: 'Done Paper' }), rita, {
      status: 'submitted',
      recommendation: 'accept',
      text: 'Good.',
      submittedAt: '2026-03-10T09:00:00.000Z',
      dueAt: '2026-03-01T23:59:59.000Z',
    });
    const late = addReview(addOwnPaper(owner, { title: 'Late Paper' }), rita, { dueAt: '2026-03-01T23:59:59.000Z' });
    const { user } = await openReviewerManagement();

    const row = async (title: string) =>
      within(await assignments())
        .getAllByRole('listitem')
        .find((item) => item.textContent?.startsWith(title))!;
    expect(await row('Late Paper')).toHaveTextContent('Due March 1, 2026');
    expect(within(await row('Late Paper')).getByText('Overdue')).toBeInTheDocument();
    expect(await row('Done Paper')).toHaveTextContent('Due March 1, 2026');
    expect(await row('Done Paper')).not.toHaveTextContent('Overdue');
    // A submitted review's date is history.
    expect(screen.queryByRole('form', { name: 'Due date of Done Paper' })).not.toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Due date of Late Paper' });
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(within(form).getByLabelText('Due date'), { target: { value: day } });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await expectToast('Due date changed');
    expect(db.bodies[`/admin/reviews/${late.id}`]).toEqual([{ dueAt: `${day}T23:59:59.000Z` }]);
    // The list is fetched again: the new date, and no longer overdue.
    await waitFor(async () => expect(await row('Late Paper')).toHaveTextContent(`Due ${formatDate(day)}`));
    expect(await row('Late Paper')).not.toHaveTextContent('Overdue');
  });

  it("shows the server's message when the due date cannot be changed", async () => {
    const late = addReview(addOwnPaper(author(), { title: 'Late Paper' }), reviewer('rita@example.org', 'Rita'));
    const { user } = await openReviewerManagement();
    const form = await screen.findByRole('form', { name: 'Due date of Late Paper' });
    // Submitted meanwhile, in another tab.
    late.status = 'submitted';
    late.submittedAt = new Date().toISOString();
    fireEvent.change(within(form).getByLabelText('Due date'), { target: { value: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10) } });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await expectToast('Error', 'This review has been submitted, so its due date can no longer be changed.');
  });
});
