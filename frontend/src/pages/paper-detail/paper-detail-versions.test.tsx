import { screen, within } from '@testing-library/react';
import { addOwnPaper, addUser, db, signInAs } from '@/test/msw/db';
import { expectToast, renderApp, waitForSession } from '@/test/render';

function pdf(name = 'revised.pdf') {
  return new File(['%PDF-1.7'], name, { type: 'application/pdf' });
}

async function openPaper(id: string) {
  const app = renderApp(`/papers/${id}`);
  await waitForSession(app.store);
  await screen.findByRole('heading', { level: 1 });
  return app;
}

const versionItem = async (number: number) => (await screen.findByText(`Version ${number}`)).closest('li') as HTMLElement;

beforeAll(async () => {
  await import('@/pages/paper-detail/paper-detail-page');
});

describe('versions of a published paper', () => {
  it('keeps the owner’s upload pending: the list says which version is public and which waits for an editor', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me, { title: 'Published Mine', status: 'published', publishedAt: '2025-01-01T00:00:00.000Z' });
    const { user } = await openPaper(paper.id);
    expect(screen.getByText(/An updated PDF waits for an editor’s approval/)).toBeInTheDocument();
    expect(await versionItem(1)).toHaveTextContent('Public');
    await user.upload(screen.getByLabelText('Updated paper (PDF)'), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload Updated Paper' }));
    await expectToast('Success', 'Updated paper uploaded successfully!');
    expect(await screen.findByRole('status')).toHaveTextContent('Version 2 is pending editor approval.');
    expect(await versionItem(2)).toHaveTextContent('Pending editor approval');
    expect(await versionItem(1)).toHaveTextContent('Public');
    // The author cannot approve their own version.
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
  });

  it('makes an upload before publication the current PDF at once, without approval', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me, { title: 'Draft Mine', status: 'accepted' });
    const { user } = await openPaper(paper.id);
    expect(screen.queryByText(/An updated PDF waits/)).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText('Updated paper (PDF)'), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload Updated Paper' }));
    await expectToast('Success', 'Updated paper uploaded successfully!');
    expect(await versionItem(2)).toHaveTextContent('Current');
    expect(await versionItem(1)).not.toHaveTextContent(/Current|Public|Pending/);
    expect(screen.queryByText(/is pending editor approval/)).not.toBeInTheDocument();
  });

  it('lets an admin approve a pending version: it becomes public and the button goes', async () => {
    const owner = addUser({ email: 'owner@example.org' });
    const paper = addOwnPaper(owner, { title: 'Published Theirs', status: 'published', publishedAt: '2025-01-01T00:00:00.000Z' });
    db.versions[paper.id].push({ ...db.versions[paper.id][0], version: 2, pdfUrl: `/api/papers/${paper.id}/versions/2/pdf`, state: 'pending', current: false, public: false });
    signInAs('admin');
    const { user } = await openPaper(paper.id);
    const pending = await versionItem(2);
    expect(within(await versionItem(1)).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(pending).getByRole('button', { name: 'Approve version 2' }));
    await expectToast('Version Approved', 'Version 2 is now the paper’s public PDF.');
    expect(db.bodies[`approve:${paper.id}`]).toEqual([2]);
    expect(await screen.findByText('Public')).toBeInTheDocument();
    expect(await versionItem(2)).toHaveTextContent('Public');
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
  });

  it('shows the server’s answer when an approval is refused', async () => {
    const owner = addUser({ email: 'owner@example.org' });
    const paper = addOwnPaper(owner, { title: 'Raced', status: 'published', publishedAt: '2025-01-01T00:00:00.000Z' });
    db.versions[paper.id].push({ ...db.versions[paper.id][0], version: 2, state: 'pending', current: false, public: false });
    signInAs('admin');
    const { user } = await openPaper(paper.id);
    const button = within(await versionItem(2)).getByRole('button', { name: 'Approve version 2' });
    // Another editor approved a newer version meanwhile: version 2 was passed over.
    db.versions[paper.id][1].state = 'superseded';
    await user.click(button);
    await expectToast('Error', 'Version 2 is not waiting for approval');
  });
});
