import { screen, within } from '@testing-library/react';
import { type SessionUser } from '@/shared/api';
import { addOwnPaper, addStatusEvent, addUser, signInAs } from '@/test/msw/db';
import { renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/paper-detail/paper-detail-page');
});

/** A paper's review told on its timeline, with the names the server keeps for the editors. */
function reviewedPaper(owner: SessionUser) {
  const paper = addOwnPaper(owner, { title: 'Tidal Energy', status: 'under_review' });
  const at = (day: number) => new Date(Date.UTC(2026, 2, day, 10)).toISOString();
  addStatusEvent(paper.id, { kind: 'reviewer_assigned', fromStatus: null, toStatus: null, round: 1, changedBy: 'editorial', changedByName: 'Edna Editor', reviewerName: 'Dora Decliner', changedAt: at(2) });
  addStatusEvent(paper.id, { kind: 'review_declined', fromStatus: null, toStatus: null, round: 1, changedBy: 'reviewer', changedByName: 'Dora Decliner', reviewerName: 'Dora Decliner', changedAt: at(3) });
  addStatusEvent(paper.id, { kind: 'reviewer_assigned', fromStatus: null, toStatus: null, round: 1, changedBy: 'editorial', changedByName: 'Edna Editor', reviewerName: 'Rita Reviewer', changedAt: at(4) });
  addStatusEvent(paper.id, { kind: 'revisions_requested', fromStatus: null, toStatus: null, round: 1, changedBy: 'editorial', changedByName: 'Edna Editor', changedAt: at(10) });
  addStatusEvent(paper.id, { kind: 'status_changed', fromStatus: 'submitted', toStatus: 'under_review', changedBy: 'author', changedByName: 'Olivia Owner', changedAt: at(20) });
  addStatusEvent(paper.id, { kind: 'revision_submitted', fromStatus: null, toStatus: null, round: 2, changedBy: 'author', changedByName: 'Olivia Owner', changedAt: at(20) });
  return paper;
}

async function timelineOf(paperId: string) {
  const { store } = renderApp(`/papers/${paperId}`);
  await waitForSession(store);
  return within(await screen.findByRole('list', { name: 'Status history' })).getAllByRole('listitem');
}

describe('Status history on /papers/{id}: the steps of the review', () => {
  it('tells the editors each step with its round, who acted and which reviewer', async () => {
    signInAs('admin');
    const paper = reviewedPaper(addUser({ email: 'olivia@example.org', firstName: 'Olivia' }));
    const items = await timelineOf(paper.id);
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Submitted by Author'),
      expect.stringContaining('Reviewer Dora Decliner assigned for round 1 by Editorial Team (Edna Editor)'),
      expect.stringContaining('Dora Decliner declined to review round 1'),
      expect.stringContaining('Reviewer Rita Reviewer assigned for round 1 by Editorial Team (Edna Editor)'),
      expect.stringContaining('Revisions requested in round 1 by Editorial Team (Edna Editor)'),
      expect.stringContaining('Changed by Author'),
      expect.stringContaining('Revised paper sent by Author, opening round 2'),
    ]);
    expect(within(items[2]).getByText('March 3, 2026 at 10:00 AM UTC')).toHaveAttribute('datetime', '2026-03-03T10:00:00.000Z');
  });

  it('tells the author every step but never a reviewer\'s or an editor\'s name', async () => {
    const paper = reviewedPaper(signInAs('user'));
    const items = await timelineOf(paper.id);
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Submitted by You'),
      expect.stringContaining('Reviewer assigned for round 1 by Editorial Team'),
      expect.stringContaining('A reviewer declined to review round 1'),
      expect.stringContaining('Reviewer assigned for round 1 by Editorial Team'),
      expect.stringContaining('Revisions requested in round 1 by Editorial Team'),
      expect.stringContaining('Changed by You'),
      expect.stringContaining('Revised paper sent by You, opening round 2'),
    ]);
    const timeline = screen.getByRole('list', { name: 'Status history' });
    for (const name of ['Dora', 'Rita', 'Edna']) expect(timeline).not.toHaveTextContent(name);
  });
});
