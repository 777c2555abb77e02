import { screen, within } from '@testing-library/react';
import { addOwnPaper, addReview, addUser, signInAs } from '@/test/msw/db';
import { renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/reviewer-dashboard/reviewer-dashboard-page');
});

describe('/reviewer-dashboard: review certificates', () => {
  it('offers a certificate for each submitted review only, and counts the completed reviews', async () => {
    const me = signInAs('reviewer');
    const owner = addUser({ email: `author-${Math.random()}@example.org` });
    const done = addReview(addOwnPaper(owner, { title: 'Done Paper' }), me, {
      status: 'submitted',
      recommendation: 'accept',
      text: 'Fine.',
      submittedAt: '2026-03-05T10:00:00.000Z',
    });
    addReview(addOwnPaper(owner, { title: 'Drafted Paper' }), me, { status: 'in_progress' });
    addReview(addOwnPaper(owner, { title: 'Fresh Paper' }), me);
    const app = renderApp('/reviewer-dashboard');
    await waitForSession(app.store);

    const counts = await screen.findByRole('list', { name: 'Review counts' });
    expect(within(counts).getByRole('listitem', { name: 'Completed Reviews: 1' })).toHaveTextContent('Completed Reviews1');
    const item = (title: string) => screen.getByRole('listitem', { name: title });
    const certificate = within(item('Done Paper')).getByRole('link', { name: 'Download certificate' });
    expect(certificate).toHaveAttribute('href', `/api/reviews/${done.id}/certificate`);
    expect(certificate).toHaveAttribute('download');
    for (const title of ['Drafted Paper', 'Fresh Paper']) {
      expect(within(item(title)).queryByRole('link', { name: 'Download certificate' })).not.toBeInTheDocument();
    }
  });
});
