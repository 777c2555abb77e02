import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { routes } from '@/app/routes';
import { addPaper, db, signInAs } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { currentPath, expectToast, renderApp, waitForSession } from '@/test/render';

// The lazy route's first import (transform included) can outlast waitForSession's timeout.
beforeAll(async () => {
  await import('@/pages/admin/admin-page');
  await import('@/pages/paper-detail/paper-detail-page');
});

async function openAdmin(path = '/admin') {
  signInAs('admin');
  const app = renderApp(path);
  await waitForSession(app.store);
  await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' });
  return app;
}

const table = () => screen.findByRole('table');
const titlesIn = (element: HTMLElement) =>
  within(element)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

function seed() {
  addPaper({ title: 'Old Submitted', status: 'submitted', publishedAt: null, createdAt: '2025-01-01T00:00:00.000Z' });
  addPaper({
    title: 'Plant Growth',
    status: 'accepted',
    publishedAt: null,
    createdAt: '2025-03-05T00:00:00.000Z',
    category: 'Chemistry',
    authors: [
      { name: 'Ana Ruiz', school: 'North High' },
      { name: 'Ben Okafor', school: 'North High' },
    ],
  });
  addPaper({ title: 'Published One', status: 'published', createdAt: '2025-02-01T00:00:00.000Z' });
  addPaper({ title: 'Under Way', status: 'under_review', publishedAt: null, createdAt: '2025-02-10T00:00:00.000Z' });
}

describe('/admin', () => {
  it('is a lazy route', () => {
    const flatten = (list: typeof routes): typeof routes =>
      list.flatMap((route) => [route, ...flatten(route.children ?? [])]);
    const admin = flatten(routes).find((route) => route.path === '/admin');
    expect(admin?.lazy).toBeTypeOf('function');
    expect(admin?.element).toBeUndefined();
  });

  it('is where an admin lands, with the title, subtitle, tagline, cards and the e-mail queue link', async () => {
    signInAs('admin');
    const { router, store } = renderApp('/');
    await waitForSession(store);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin');
    expect(screen.getByText('Manage research paper submissions, reviews, and reviewers')).toBeInTheDocument();
    expect(screen.getByText('Review and manage research papers from young American scientists.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Review Papers' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Manage Reviews' })).toBeInTheDocument();
    const queue = screen.getByRole('link', { name: 'Email queue' });
    expect(queue).toHaveAttribute('href', '/admin/queues');
    // A plain anchor (full page load to Bull Board on the server), not a router link.
    expect(queue).not.toHaveAttribute('data-discover');
  });

  it('shows the status counts from the server', async () => {
    seed();
    await openAdmin();
    const tiles = screen.getByRole('list', { name: 'Papers by status' });
    await waitFor(() => expect(within(tiles).getByRole('listitem', { name: 'All: 4' })).toBeInTheDocument());
    for (const name of ['Submitted: 1', 'Under Review: 1', 'Accepted: 1', 'Published: 1', 'Rejected: 0']) {
      expect(within(tiles).getByRole('listitem', { name })).toBeInTheDocument();
    }
  });

  it('has four tabs that arrow keys move between', async () => {
    const { user } = await openAdmin();
    const tabs = within(screen.getByRole('tablist', { name: 'Admin sections' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Paper Management', 'Reviewer Management', 'Messages', 'Review Rubric']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Paper Management' })).toBeInTheDocument();

    await user.click(tabs[0]);
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[1]).toHaveFocus();
    // Its parts are tested in admin-reviewer-management.test.tsx and admin-review-assignments.test.tsx.
    const reviewers = screen.getByRole('tabpanel', { name: 'Reviewer Management' });
    expect(within(reviewers).getByRole('heading', { name: 'Assign Papers for Review' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(tabs[2]).toHaveFocus();
    // Its parts are tested in admin-messages.test.tsx.
    const messages = screen.getByRole('tabpanel', { name: 'Messages' });
    expect(within(messages).getByRole('button', { name: 'Message Reviewer' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(tabs[3]).toHaveFocus();
    // Its parts are tested in admin-review-rubric.test.tsx.
    const rubric = screen.getByRole('tabpanel', { name: 'Review Rubric' });
    expect(await within(rubric).findByRole('form', { name: 'Review rubric' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(tabs[0]).toHaveFocus();
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(tabs[3]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tabs[3]).toHaveAttribute('aria-selected', 'true');
    // Only the selected tab is in the tab order.
    expect(tabs.map((tab) => tab.getAttribute('tabindex'))).toEqual(['-1', '-1', '-1', '0']);
  });

  it("'Go to Admin Dashboard' selects Paper Management and focuses it; the Manage Reviews card opens Reviewer Management", async () => {
    const { user } = await openAdmin();
    await user.click(screen.getByRole('button', { name: 'Go to Reviewer Management' }));
    const reviewerTab = screen.getByRole('tab', { name: 'Reviewer Management' });
    expect(reviewerTab).toHaveAttribute('aria-selected', 'true');
    expect(reviewerTab).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Go to Admin Dashboard' }));
    const papersTab = screen.getByRole('tab', { name: 'Paper Management' });
    expect(papersTab).toHaveAttribute('aria-selected', 'true');
    expect(papersTab).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Paper Management' })).toBeVisible();
  });

  it('lists every paper newest first with title link, authors, category, status and submitted date', async () => {
    seed();
    await openAdmin();
    const papers = await table();
    expect(within(papers).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Title',
      'Authors',
      'Category',
      'Status',
      'Stage',
      'Submitted',
    ]);
    expect(titlesIn(papers)).toEqual(['Plant Growth', 'Under Way', 'Published One', 'Old Submitted']);
    const row = within(papers).getByRole('row', { name: /Plant Growth/ });
    const cells = within(row).getAllByRole('cell');
    expect(within(cells[0]).getByRole('link', { name: 'Plant Growth' })).toHaveAttribute(
      'href',
      `/papers/${db.papers[1].id}`,
    );
    expect(cells[1]).toHaveTextContent('Ana Ruiz, Ben Okafor');
    expect(cells[2]).toHaveTextContent('Chemistry');
    expect(cells[3]).toHaveTextContent('Accepted');
    expect(cells[3].querySelector('[data-status]')).toHaveAttribute('data-status', 'accepted');
    expect(cells[4]).toHaveTextContent('Accepted — awaiting publication');
    expect(cells[5]).toHaveTextContent('March 5, 2025');
    expect(db.adminListRequests[0].get('status')).toBeNull();
  });

  it('filters by status on the server, with an empty state per filter', async () => {
    seed();
    const { user } = await openAdmin();
    await table();
    const filter = screen.getByRole('combobox', { name: 'Filter by status' });
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All Statuses',
      'Submitted',
      'Under Review',
      'Accepted',
      'Published',
      'Rejected',
    ]);
    await user.selectOptions(filter, 'Accepted');
    await waitFor(async () => expect(titlesIn(await table())).toEqual(['Plant Growth']));
    expect(db.adminListRequests.at(-1)?.get('status')).toBe('accepted');

    await user.selectOptions(filter, 'Rejected');
    expect(await screen.findByText('No papers with status Rejected.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.selectOptions(filter, 'All Statuses');
    await waitFor(async () => expect(titlesIn(await table())).toHaveLength(4));
  });

  it("says 'No papers submitted yet.' when there are none", async () => {
    await openAdmin();
    expect(await screen.findByText('No papers submitted yet.')).toBeInTheDocument();
  });

  it('loads the next keyset page with Load more', async () => {
    for (let n = 0; n < 30; n++) {
      addPaper({ title: `Batch ${String(n).padStart(2, '0')}`, status: 'submitted', publishedAt: null, createdAt: new Date(Date.UTC(2025, 0, 1 + n)).toISOString() });
    }
    const { user } = await openAdmin();
    expect(titlesIn(await table())).toHaveLength(25);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(titlesIn(await table())).toHaveLength(30));
    expect(titlesIn(await table()).at(-1)).toBe('Batch 00');
    // The second request carries the last row of the first page (Batch 05) as its cursor.
    expect(db.adminListRequests[1].get('cursor')).toBe(db.papers[5].id);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says Failed to load papers when the list cannot be loaded', async () => {
    server.use(
      http.get('*/api/admin/papers', () =>
        HttpResponse.json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'x' }, { status: 500 }),
      ),
    );
    await openAdmin();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load papers. Please try again later.');
    await expectToast('Error', 'Failed to load papers. Please try again later.');
  });

  it('opens a paper from the table', async () => {
    seed();
    const { user, router } = await openAdmin();
    await user.click(within(await table()).getByRole('link', { name: 'Plant Growth' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Plant Growth' })).toBeInTheDocument();
    expect(currentPath(router)).toBe(`/papers/${db.papers[1].id}`);
    expect(screen.getByRole('heading', { name: 'Admin Actions' })).toBeInTheDocument();
  });
});
