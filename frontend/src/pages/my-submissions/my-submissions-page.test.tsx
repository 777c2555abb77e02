import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { addComment, addOwnPaper, addPaper, db, signInAs } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { expectToast, renderApp, waitForSession } from '@/test/render';


// The lazy route's first import (transform included) can outlast waitForSession's timeout.
beforeAll(async () => {
  await import('@/pages/my-submissions/my-submissions-page');
  await import('@/pages/home/author-home');
});

describe('/my-submissions', () => {
  it('lists own papers with badge, progress, dates and View Published Paper only when published', async () => {
    const me = signInAs('user');
    addPaper({ title: 'Someone else' });
    const submitted = addOwnPaper(me, {
      title: 'Storm Water',
      status: 'submitted',
      createdAt: '2025-03-01T10:00:00.000Z',
      updatedAt: '2025-03-05T10:00:00.000Z',
    });
    addOwnPaper(me, { title: 'Bee Counts', status: 'published', publishedAt: '2025-04-01T00:00:00.000Z', createdAt: '2025-02-01T00:00:00.000Z' });
    const { store } = renderApp('/my-submissions');
    await waitForSession(store);
    const list = await screen.findByRole('list', { name: 'Your submissions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(screen.queryByText('Someone else')).not.toBeInTheDocument();

    const first = items[0];
    expect(within(first).getByRole('link', { name: 'Storm Water' })).toHaveAttribute('href', `/papers/${submitted.id}`);
    expect(within(first).getByText('Status:').parentElement).toHaveTextContent('Submitted');
    expect(within(first).getByRole('progressbar', { name: 'Review progress' })).toHaveAttribute('aria-valuenow', '25');
    expect(within(first).getByText('March 1, 2025')).toBeInTheDocument();
    expect(within(first).getByText('March 5, 2025')).toBeInTheDocument();
    expect(within(first).queryByRole('link', { name: 'View Published Paper' })).not.toBeInTheDocument();

    const second = items[1];
    expect(within(second).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(second).getByRole('link', { name: 'View Published Paper' })).toBeInTheDocument();
  });

  it('offers Submit Your First Paper when there are none', async () => {
    signInAs('user');
    const { store } = renderApp('/my-submissions');
    await waitForSession(store);
    expect(await screen.findByRole('link', { name: 'Submit Your First Paper' })).toHaveAttribute('href', '/submit');
  });

  it('says the list could not be loaded', async () => {
    signInAs('user');
    server.use(http.get('*/api/papers/mine', () => HttpResponse.json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'x' }, { status: 500 })));
    const { store } = renderApp('/my-submissions');
    await waitForSession(store);
    await expectToast('Error', 'Failed to load your submissions. Please try again.');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load your submissions. Please try again.');
  });
});

describe('author dashboard on /', () => {
  it('greets by first name and shows tiles, recent submissions (5) and View All', async () => {
    const me = signInAs('user');
    const papers = Array.from({ length: 6 }, (_, i) =>
      addOwnPaper(me, {
        title: `Study ${i + 1}`,
        category: 'Physics',
        status: i === 0 ? 'published' : 'under_review',
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
      }),
    );
    addComment(papers[5].id, me, 'hello');
    addComment(papers[5].id, me, 'again');
    addComment(papers[0].id, me, 'third');
    const { store } = renderApp('/');
    await waitForSession(store);
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeInTheDocument();
    const tile = (label: string) => screen.getByText(label, { selector: 'p' }).nextElementSibling;
    expect(tile('Total Submissions')).toHaveTextContent('6');
    expect(tile('Published')).toHaveTextContent('1');
    expect(tile('Comments')).toHaveTextContent('3');

    const recent = screen.getByRole('heading', { name: 'Recent Submissions' }).closest('div.rounded-xl') as HTMLElement;
    const items = within(recent).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(items[0]).getByRole('link', { name: 'Study 6' })).toHaveAttribute('href', `/papers/${papers[5].id}`);
    expect(items[0]).toHaveTextContent('Physics');
    expect(items[0]).toHaveTextContent('January 6, 2025');
    expect(items[0]).toHaveTextContent('2 comments');
    expect(within(items[0]).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(screen.queryByRole('link', { name: 'Study 1' })).not.toBeInTheDocument();
    expect(within(recent).getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/my-submissions');
    // ORCID is off without the server's settings block; its card is tested in orcid.test.tsx.
    expect(screen.queryByRole('heading', { name: 'ORCID iD' })).not.toBeInTheDocument();
  });

  it.each([
    [{ firstName: null, email: 'grace.hopper@example.org' }, 'Welcome back, grace.hopper!'],
    [{ firstName: '  ', email: '' }, 'Welcome back, Researcher!'],
  ])('falls back from the first name (%o)', async (fields, greeting) => {
    const me = signInAs('user');
    Object.assign(me, fields);
    const { store } = renderApp('/');
    await waitForSession(store);
    expect(await screen.findByRole('heading', { name: greeting })).toBeInTheDocument();
    expect(db.papers).toHaveLength(0);
  });
});
