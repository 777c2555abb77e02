import { screen, waitFor, within } from '@testing-library/react';
import { addOwnPaper, addPaper, addUser, db, signInAs } from '@/test/msw/db';
import { renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/admin/admin-page');
});

async function openAdmin() {
  signInAs('admin');
  const app = renderApp('/admin');
  await waitForSession(app.store);
  await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' });
  return app;
}

const table = () => screen.findByRole('table');
const titlesIn = (element: HTMLElement) =>
  within(element)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('link')[0].textContent);

describe('Paper Management search', () => {
  it('searches on the server once typing pauses, not per keystroke', async () => {
    addPaper({ title: 'Plant Growth', status: 'accepted', publishedAt: null, createdAt: '2025-03-05T00:00:00.000Z' });
    addPaper({ title: 'River Fish', status: 'submitted', publishedAt: null, createdAt: '2025-03-04T00:00:00.000Z' });
    const { user } = await openAdmin();
    expect(titlesIn(await table())).toEqual(['Plant Growth', 'River Fish']);
    await user.type(screen.getByRole('searchbox', { name: 'Search papers' }), 'plant');
    await waitFor(async () => expect(titlesIn(await table())).toEqual(['Plant Growth']));
    const searches = db.adminListRequests.map((params) => params.get('q')).filter((q) => q !== null);
    expect(searches).toEqual(['plant']);
  });

  it('combines the search with the status filter and Load more', async () => {
    for (let n = 0; n < 28; n++) {
      addPaper({
        title: `${n % 2 === 0 ? 'Algae' : 'Comets'} ${String(n).padStart(2, '0')}`,
        status: 'submitted',
        publishedAt: null,
        createdAt: new Date(Date.UTC(2025, 0, 1 + n)).toISOString(),
      });
    }
    for (let n = 0; n < 54; n++) {
      const title = `${n % 2 === 0 ? 'Algae' : 'Comets'} late ${n}`;
      addPaper({ title, status: 'rejected', publishedAt: null, createdAt: new Date(Date.UTC(2025, 2, 1, n)).toISOString() });
    }
    const { user } = await openAdmin();
    await table();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'Rejected');
    await user.type(screen.getByRole('searchbox', { name: 'Search papers' }), 'algae');
    await waitFor(async () => {
      const titles = titlesIn(await table());
      expect(titles).toHaveLength(25);
      expect(titles.every((title) => title?.startsWith('Algae late'))).toBe(true);
    });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(titlesIn(await table())).toHaveLength(27));
    const last = db.adminListRequests.at(-1);
    expect([last?.get('q'), last?.get('status')]).toEqual(['algae', 'rejected']);
    expect(last?.get('cursor')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says that nothing matched the search, and clearing it shows every paper again', async () => {
    addPaper({ title: 'Plant Growth', status: 'accepted', publishedAt: null });
    const { user } = await openAdmin();
    await table();
    const box = screen.getByRole('searchbox', { name: 'Search papers' });
    await user.type(box, 'volcano');
    expect(await screen.findByText('No papers match “volcano”.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'Accepted');
    expect(await screen.findByText('No papers with status Accepted match “volcano”.')).toBeInTheDocument();
    await user.clear(box);
    await waitFor(async () => expect(titlesIn(await table())).toEqual(['Plant Growth']));
  });

  it('marks a paper with an updated PDF waiting for approval', async () => {
    const owner = addUser({ email: 'owner@example.org' });
    const paper = addOwnPaper(owner, { title: 'Waiting One', status: 'published', publishedAt: '2025-01-01T00:00:00.000Z' });
    db.versions[paper.id].push({ ...db.versions[paper.id][0], version: 2, state: 'pending', current: false, public: false });
    await openAdmin();
    const row = within(await table()).getByRole('link', { name: 'Waiting One' }).closest('tr');
    expect(row).toHaveTextContent('Updated PDF pending');
  });
});
