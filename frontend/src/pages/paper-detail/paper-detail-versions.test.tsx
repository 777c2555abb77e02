import { screen, within } from '@testing-library/react';
import { closedUploadNotes } from '@/features/submission';
import { addOwnPaper, addReview, addUser, db, signInAs } from '@/test/msw/db';
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

describe('one way to send a new PDF', () => {
  const openRequest = {
    id: 'a0000000-0000-4000-8000-000000000001',
    round: 1,
    kind: 'minor' as const,
    editorNote: 'Tighten the method section.',
    requestedAt: '2026-03-05T08:00:00.000Z',
    dueAt: '2099-03-19T08:00:00.000Z',
    overdue: false,
    responseLetter: null,
    respondedAt: null,
  };

  it('says why there is no upload while the round is in review, and keeps the versions in view', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me, { title: 'Being Read', status: 'under_review' });
    addReview(paper, addUser({ email: 'rita@example.org', role: 'reviewer' }), { status: 'in_progress' });
    await openPaper(paper.id);
    expect(await screen.findByText(closedUploadNotes.inReview)).toBeInTheDocument();
    expect(closedUploadNotes.inReview).toBe('Your paper is being reviewed; you can upload a new version once the review is in or the editors ask for revisions.');
    expect(screen.getByRole('heading', { name: 'Paper Versions' })).toBeInTheDocument();
    expect(await versionItem(1)).toHaveTextContent('Current');
    expect(screen.queryByRole('heading', { name: 'Upload Updated Paper' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Updated paper (PDF)')).not.toBeInTheDocument();
  });

  it('offers the upload again once the round’s review is in', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me, { title: 'Reviewed', status: 'under_review' });
    addReview(paper, addUser({ email: 'rita@example.org', role: 'reviewer' }), { status: 'submitted', submittedAt: '2026-03-04T08:00:00.000Z' });
    await openPaper(paper.id);
    expect(await screen.findByLabelText('Updated paper (PDF)')).toBeInTheDocument();
    expect(screen.queryByText(closedUploadNotes.inReview)).not.toBeInTheDocument();
  });

  it('shows only the revision form while revisions are asked for, and the upload once the revision is sent', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me, { title: 'Asked to Revise', status: 'under_review' });
    db.rounds[paper.id] = {
      currentRound: 1,
      openRequest,
      canRequestRevisions: false,
      rounds: [{ round: 1, version: 1, pdfUrl: `/api/papers/${paper.id}/rounds/1/pdf`, reviews: [], revisionRequest: openRequest }],
    };
    const { user } = await openPaper(paper.id);
    const form = await screen.findByRole('form', { name: 'Submit your revision' });
    expect(screen.getByText(closedUploadNotes.revisionRequested)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upload Updated Paper' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Updated paper (PDF)')).not.toBeInTheDocument();

    await user.upload(within(form).getByLabelText('Revised paper (PDF)'), pdf());
    await user.type(within(form).getByRole('textbox', { name: /Response letter/ }), 'Tightened.');
    await user.click(within(form).getByRole('button', { name: 'Submit Revision' }));
    expect(await screen.findByLabelText('Updated paper (PDF)')).toBeInTheDocument();
    expect(screen.queryByText(closedUploadNotes.revisionRequested)).not.toBeInTheDocument();
  });

  it('shows the server’s reason when a round started after the page loaded', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me, { title: 'Just Assigned', status: 'under_review' });
    const { user } = await openPaper(paper.id);
    await user.upload(await screen.findByLabelText('Updated paper (PDF)'), pdf());
    addReview(paper, addUser({ email: 'rita@example.org', role: 'reviewer' }));
    await user.click(screen.getByRole('button', { name: 'Upload Updated Paper' }));
    await expectToast('Upload Failed', closedUploadNotes.inReview);
    expect(db.versions[paper.id]).toHaveLength(1);
  });
});
