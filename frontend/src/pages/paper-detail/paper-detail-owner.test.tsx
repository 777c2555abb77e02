import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { addComment, addOwnPaper, addPaper, addUser, db, signInAs } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { expectToast, renderApp, waitForSession } from '@/test/render';

function pdf(name = 'revised.pdf', size = 2048, type = 'application/pdf') {
  const file = new File(['%PDF-1.7'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function openPaper(id: string) {
  const app = renderApp(`/papers/${id}`);
  await waitForSession(app.store);
  await screen.findByRole('heading', { level: 1 });
  return app;
}

const comments = () => screen.getByRole('region', { name: 'Comments' });


// The lazy route's first import (transform included) can outlast waitForSession's timeout.
beforeAll(async () => {
  await import('@/pages/paper-detail/paper-detail-page');
});

describe('/papers/:id for the owner', () => {
  it('shows the status of an unpublished paper, its progress, the discussion and the upload', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me, { title: 'My Draft', status: 'under_review' });
    await openPaper(paper.id);
    // The first badge is the paper's own (the status timeline below has more).
    expect(screen.getAllByText('Status:')[0].parentElement).toHaveTextContent('Under Review');
    expect(screen.getByRole('progressbar', { name: 'Review progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('heading', { name: 'Discussion' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Upload Updated Paper' })).toBeInTheDocument();
    expect(await screen.findByText('Version 1')).toBeInTheDocument();
    // The link's name begins with its visible words (axe: label-content-name-mismatch).
    expect(screen.getByRole('link', { name: /^Open PDF of version 1 \(/ })).toHaveTextContent('Open PDF');
  });

  it('hides the discussion and the upload from a visitor of a published paper', async () => {
    const owner = addUser({ email: 'owner@example.org' });
    const paper = addOwnPaper(owner, { title: 'Public One', status: 'published', publishedAt: '2025-01-01T00:00:00.000Z' });
    signInAs('user', 'other@example.org');
    await openPaper(paper.id);
    expect(screen.getByRole('heading', { name: 'Public One' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Discussion' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upload Updated Paper' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows an admin the discussion (and versions) but not the upload', async () => {
    const owner = addUser({ email: 'owner@example.org' });
    const paper = addOwnPaper(owner, { title: 'Submitted One', status: 'submitted' });
    signInAs('admin');
    const app = renderApp(`/papers/${paper.id}`);
    await waitForSession(app.store);
    // Admins are sent to /admin from /, but a paper page stays.
    expect(await screen.findByRole('heading', { name: 'Submitted One' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Discussion' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upload Updated Paper' })).not.toBeInTheDocument();
    expect(await screen.findByText('Version 1')).toBeInTheDocument();
  });
});

describe('discussion panel', () => {
  it('lists comments oldest first as Author or Editorial Team, with dates, in a 600px scroll area', async () => {
    const me = signInAs('user');
    const admin = addUser({ email: 'editor@example.org', role: 'admin' });
    const paper = addOwnPaper(me);
    addComment(paper.id, admin, 'Please **revise** section 2', { createdAt: '2025-06-02T10:00:00.000Z', updatedAt: '2025-06-02T10:00:00.000Z' });
    addComment(paper.id, me, 'First question', { createdAt: '2025-06-01T10:00:00.000Z', updatedAt: '2025-06-01T10:00:00.000Z' });
    await openPaper(paper.id);
    const articles = await within(comments()).findAllByRole('article');
    expect(articles.map((article) => article.getAttribute('aria-label'))).toEqual(['Comment by Author', 'Comment by Editorial Team']);
    expect(articles[0]).toHaveTextContent('June 1, 2025');
    expect(articles[1].querySelector('strong')).toHaveTextContent('revise');
    expect(comments().className).toContain('max-h-[600px]');
    expect(comments().className).toContain('overflow-y-auto');
    // Only own comments can be edited.
    expect(within(articles[0]).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(articles[1]).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('posts the trimmed text and never sends a blank one', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me);
    const { user } = await openPaper(paper.id);
    const box = screen.getByLabelText('Add a comment');
    const post = screen.getByRole('button', { name: 'Post Comment' });
    await user.type(box, '    ');
    expect(post).toBeDisabled();
    await user.type(box, '{Control>}{Enter}{/Control}');
    expect(db.bodies[`/papers/${paper.id}/comments`]).toBeUndefined();

    await user.clear(box);
    await user.type(box, '  Thank you!  ');
    await user.click(post);
    await expectToast('Success', 'Comment added successfully.');
    expect(db.bodies[`/papers/${paper.id}/comments`]).toEqual([{ comment: 'Thank you!' }]);
    expect(box).toHaveValue('');
    expect(await within(comments()).findByText('Thank you!')).toBeInTheDocument();
  });

  it.each([
    ['queued', 'Success', 'Comment added and notification email sent.'],
    ['failed', 'Comment Added', 'Comment added successfully, but notification email failed to send.'],
  ] as const)('reports notification %s', async (notification, title, description) => {
    db.nextNotification = notification;
    const me = signInAs('admin');
    const owner = addUser({ email: 'owner@example.org' });
    const paper = addOwnPaper(owner);
    const { user } = await openPaper(paper.id);
    await user.type(screen.getByLabelText('Add a comment'), 'Editorial note');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await expectToast(title, description);
    expect(me.role).toBe('admin');
    const article = await within(comments()).findByRole('article');
    expect(article).toHaveAttribute('aria-label', 'Comment by Editorial Team');
  });

  it('says Failed to add comment when posting fails', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me);
    server.use(http.post('*/api/papers/:id/comments', () => HttpResponse.json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'x' }, { status: 500 })));
    const { user } = await openPaper(paper.id);
    await user.type(screen.getByLabelText('Add a comment'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await expectToast('Error', 'Failed to add comment. Please try again.');
    expect(screen.getByLabelText('Add a comment')).toHaveValue('Hello');
  });

  it('says Failed to load comments when they cannot be loaded', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me);
    server.use(http.get('*/api/papers/:id/comments', () => HttpResponse.json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'x' }, { status: 500 })));
    await openPaper(paper.id);
    await expectToast('Error', 'Failed to load comments. Please try again.');
  });

  it('edits an own comment: edit mode, cancel, save (trimmed) and back to view mode', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me);
    const comment = addComment(paper.id, me, 'Old text');
    const { user } = await openPaper(paper.id);
    await user.click(await within(comments()).findByRole('button', { name: 'Edit' }));
    const editor = screen.getByLabelText('Edit comment');
    expect(editor).toHaveValue('Old text');
    await user.clear(editor);
    await user.type(editor, 'Discarded');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Edit comment')).not.toBeInTheDocument();
    expect(within(comments()).getByText('Old text')).toBeInTheDocument();

    await user.click(within(comments()).getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Edit comment'));
    await user.type(screen.getByLabelText('Edit comment'), '  New **text**  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectToast('Success', 'Comment updated successfully.');
    expect(db.bodies[`/papers/${paper.id}/comments/${comment.id}`]).toEqual([{ comment: 'New **text**' }]);
    await waitFor(() => expect(screen.queryByLabelText('Edit comment')).not.toBeInTheDocument());
    expect(await within(comments()).findByText('text', { selector: 'strong' })).toBeInTheDocument();
  });

  it('says Failed to update comment when saving fails', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me);
    addComment(paper.id, me, 'Old text');
    server.use(http.patch('*/api/papers/:id/comments/:commentId', () => HttpResponse.json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'x' }, { status: 500 })));
    const { user } = await openPaper(paper.id);
    await user.click(await within(comments()).findByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Edit comment'), ' more');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectToast('Error', 'Failed to update comment. Please try again.');
    expect(screen.getByLabelText('Edit comment')).toBeInTheDocument();
  });
});

describe('updated paper upload', () => {
  it('uploads a new version, says Success and refreshes the versions', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me);
    const { user } = await openPaper(paper.id);
    await screen.findByText('Version 1');
    const upload = screen.getByRole('button', { name: 'Upload Updated Paper' });
    expect(upload).toBeDisabled();
    await user.upload(screen.getByLabelText('Updated paper (PDF)'), pdf());
    await user.click(upload);
    await expectToast('Success', 'Updated paper uploaded successfully!');
    expect(await screen.findByText('Version 2')).toBeInTheDocument();
    expect(db.versions[paper.id]).toHaveLength(2);
  });

  it('refuses a non-PDF and a file above 10 MB before sending', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me);
    const { user } = await openPaper(paper.id);
    const input = screen.getByLabelText('Updated paper (PDF)');
    await user.upload(input, pdf('huge.pdf', 11 * 1024 * 1024));
    await expectToast('File Too Large', 'Please upload a file smaller than 10MB.');
    expect(screen.getByRole('button', { name: 'Upload Updated Paper' })).toBeDisabled();
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.change(input, { target: { files: [pdf('image.png', 100, 'image/png')] } });
    await expectToast('Invalid File Type', 'Please upload a PDF file only.');
    expect(db.versions[paper.id]).toHaveLength(1);
  });

  it('says Upload Failed when the server refuses it', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me);
    server.use(
      http.post('*/api/papers/:id/versions', () =>
        HttpResponse.json({ statusCode: 415, code: 'INVALID_FILE_TYPE', message: 'Please upload a PDF file only.' }, { status: 415 }),
      ),
    );
    const { user } = await openPaper(paper.id);
    await user.upload(screen.getByLabelText('Updated paper (PDF)'), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload Updated Paper' }));
    await expectToast('Upload Failed', 'Failed to upload the updated paper. Please try again.');
  });
});

it('keeps visitors of published papers on the public view (no owner fields needed)', async () => {
  const paper = addPaper({ title: 'Visitor View' });
  const { store } = renderApp(`/papers/${paper.id}`);
  await waitForSession(store);
  expect(await screen.findByRole('heading', { name: 'Visitor View' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Discussion' })).not.toBeInTheDocument();
});
