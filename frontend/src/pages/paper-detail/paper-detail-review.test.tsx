import { screen, within } from '@testing-library/react';
import { addOwnPaper, addReview, addUser, signInAs } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/paper-detail/paper-detail-page');
});

async function openPaper(id: string) {
  const app = renderApp(`/papers/${id}`);
  await waitForSession(app.store);
  await screen.findByRole('heading', { level: 1 });
  return app;
}

describe("the paper's review on /papers/{id}", () => {
  it('shows an editor the reviewer, status, recommendation, text and dates', async () => {
    const owner = addUser({ email: 'author@example.org' });
    const paper = addOwnPaper(owner, { title: 'Tidal Energy' });
    addReview(paper, addUser({ email: 'rita@example.org', role: 'reviewer', firstName: 'Rita' }), {
      status: 'submitted',
      recommendation: 'minor_revisions',
      text: 'Clear methods.\nMore samples, please.',
      submittedAt: '2026-03-04T08:00:00.000Z',
    });
    signInAs('admin');
    await openPaper(paper.id);
    const card = await screen.findByRole('generic', { name: 'Peer Review' });
    const facts = within(card).getAllByRole('definition').map((fact) => fact.textContent);
    expect(facts).toEqual(['Rita Lovelace', 'Review status: Submitted', 'Minor Revisions', 'Assigned February 1, 2026, submitted March 4, 2026']);
    expect(within(card).getByText(/Clear methods\.\s+More samples, please\./)).toBeInTheDocument();
  });

  it('shows nothing of a review when the paper has none', async () => {
    const paper = addOwnPaper(addUser({ email: 'author@example.org' }), { title: 'Tidal Energy' });
    signInAs('admin');
    await openPaper(paper.id);
    await screen.findByRole('heading', { name: 'Admin Actions' });
    expect(screen.queryByRole('heading', { name: 'Peer Review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the author nothing of the review', async () => {
    const owner = signInAs('user', 'author@example.org');
    const paper = addOwnPaper(owner, { title: 'Tidal Energy' });
    addReview(paper, addUser({ email: 'rita@example.org', role: 'reviewer' }), { text: 'Private notes.' });
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
    await openPaper(paper.id);
    await screen.findByRole('heading', { name: 'Discussion' });
    expect(screen.queryByText('Peer Review')).not.toBeInTheDocument();
    expect(asked).not.toContain(`/api/papers/${paper.id}/review`);
    server.events.removeAllListeners();
  });
});
