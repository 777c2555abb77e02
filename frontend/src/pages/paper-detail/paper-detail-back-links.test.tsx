import { screen } from '@testing-library/react';
import { addOwnPaper, addPaper, addReview, addUser, signInAs } from '@/test/msw/db';
import { renderApp, waitForSession } from '@/test/render';

// The lazy routes' first import (transform included) can outlast waitForSession's timeout.
beforeAll(async () => {
  await import('@/pages/paper-detail/paper-detail-page');
  await import('@/pages/review/review-page');
});

const author = () => addUser({ email: `author-${Math.random()}@example.org` });

async function openPage(path: string, title: string) {
  const { store } = renderApp(path);
  await waitForSession(store);
  await screen.findByRole('heading', { level: 1, name: title });
}

const backLink = async () => {
  const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
  return breadcrumb.querySelector('a')!;
};

describe('/papers/:id: the way back', () => {
  it("leads a reviewer of an unpublished paper back to their review, never to the published papers", async () => {
    const paper = addOwnPaper(author(), { title: 'Tidal Energy', status: 'under_review' });
    const review = addReview(paper, signInAs('reviewer'));
    await openPage(`/papers/${paper.id}`, 'Tidal Energy');
    const link = await backLink();
    expect(link).toHaveTextContent('Back to your review');
    expect(link).toHaveAttribute('href', `/review/${review.id}`);
    expect(screen.queryByRole('link', { name: 'All published papers' })).not.toBeInTheDocument();
  });

  it('leads the author back to My Submissions', async () => {
    const paper = addOwnPaper(signInAs('user'), { title: 'My Own Work' });
    await openPage(`/papers/${paper.id}`, 'My Own Work');
    const link = await backLink();
    expect(link).toHaveTextContent('Back to My Submissions');
    expect(link).toHaveAttribute('href', '/my-submissions');
  });

  it('leads an editor on an unpublished paper back to the admin dashboard', async () => {
    const paper = addOwnPaper(author(), { title: 'Awaiting Decision', status: 'under_review' });
    signInAs('admin');
    await openPage(`/papers/${paper.id}`, 'Awaiting Decision');
    const link = await backLink();
    expect(link).toHaveTextContent('Back to the admin dashboard');
    expect(link).toHaveAttribute('href', '/admin');
  });

  it('leads a reader of a published paper to all published papers', async () => {
    const paper = addPaper({ title: 'Published Study' });
    await openPage(`/papers/${paper.id}`, 'Published Study');
    const link = await backLink();
    expect(link).toHaveTextContent('All published papers');
    expect(link).toHaveAttribute('href', '/papers');
  });
});

describe('/review/:id: the way back', () => {
  it('leads the reviewer, who lands here from the assignment e-mail, back to their dashboard', async () => {
    const paper = addOwnPaper(author(), { title: 'Wave Power', status: 'under_review' });
    const review = addReview(paper, signInAs('reviewer'));
    await openPage(`/review/${review.id}`, 'Wave Power');
    const link = await backLink();
    expect(link).toHaveTextContent('Back to your reviewer dashboard');
    expect(link).toHaveAttribute('href', '/reviewer-dashboard');
  });

  it('leads an editor reading a review back to the admin dashboard', async () => {
    const paper = addOwnPaper(author(), { title: 'Wind Farms', status: 'under_review' });
    const review = addReview(paper, addUser({ email: 'rita@example.org', role: 'reviewer' }));
    signInAs('admin');
    await openPage(`/review/${review.id}`, 'Wind Farms');
    const link = await backLink();
    expect(link).toHaveTextContent('Back to the admin dashboard');
    expect(link).toHaveAttribute('href', '/admin');
  });
});
