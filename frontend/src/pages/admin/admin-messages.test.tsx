import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { addMessage, addUser, db, signInAs } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { expectToast, renderApp, waitForSession } from '@/test/render';

// The lazy route's first import (transform included) can outlast waitForSession's timeout.
beforeAll(async () => {
  await import('@/pages/admin/admin-page');
});

const png = (name = 'photo.png', size = 1024) => new File([new Uint8Array(size)], name, { type: 'image/png' });

async function openMessagesTab() {
  const app = renderApp('/admin');
  await waitForSession(app.store);
  await app.user.click(await screen.findByRole('tab', { name: /^Messages/ }));
  const panel = screen.getByRole('tabpanel');
  return { ...app, panel };
}

/** A modal hides the rest of the page from assistive technology, the toasts' region too; its own alert says the same. */
async function expectToastBehindDialog(title: string, description: string) {
  await waitFor(() => {
    const toasts = within(screen.getByRole('region', { name: /notifications/i, hidden: true })).getAllByRole('listitem', { hidden: true });
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toHaveTextContent(`${title}${description}`);
  });
}

const messageList = () => screen.findByRole('list', { name: 'Messages' });
const rowSubjects = (list: HTMLElement) => within(list).getAllByRole('button').map((row) => row.textContent);
const row = (list: HTMLElement, subject: string) => within(list).getByRole('button', { name: subject }).closest('li') as HTMLElement;

describe('the admin dashboard’s Messages tab', () => {
  it('lists every message newest first, with the unread count on the tab and the card, and a 2-line preview', async () => {
    const editor = signInAs('admin');
    const reviewer = addUser({ email: 'rev@example.org', role: 'reviewer', firstName: 'Rita' });
    addMessage(editor, reviewer, { subject: 'Welcome aboard' });
    addMessage(reviewer, null, { subject: 'Question about paper', body: 'Line one\nLine two\nLine three' });
    addMessage(reviewer, null, { subject: 'Second question', readAt: '2026-03-05T00:00:00.000Z' });
    await openMessagesTab();

    const list = await messageList();
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual(['Second question', 'Unread: Question about paper', 'Welcome aboard']);
    expect(screen.getByRole('tab', { name: /^Messages/ })).toHaveAccessibleName('Messages 1 unread');
    expect(within(list).getByText(/Line one/)).toHaveClass('line-clamp-2');
    expect(row(list, 'Welcome aboard')).toHaveTextContent('From Ada Lovelace (Editorial Team) to Rita Lovelace');
    expect(row(list, 'Second question')).toHaveTextContent('From Rita Lovelace to Editorial Team');
  });

  it('opens a reviewer’s message: marked read for the team (badge gone), images as thumbnails, full size on click', async () => {
    signInAs('admin');
    const reviewer = addUser({ email: 'rev@example.org', role: 'reviewer' });
    const message = addMessage(reviewer, null, { subject: 'A figure', body: 'See the chart.\n<b>not bold</b>', images: ['chart.png'] });
    const { user } = await openMessagesTab();

    await user.click(within(await messageList()).getByRole('button', { name: 'Unread: A figure' }));
    const dialog = await screen.findByRole('dialog', { name: 'A figure' });
    expect(await within(dialog).findByText(/See the chart\./)).toHaveTextContent('See the chart. <b>not bold</b>');
    expect(within(dialog).queryByText('not bold', { selector: 'b' })).not.toBeInTheDocument();
    const thumbnail = within(dialog).getByRole('img', { name: 'chart.png' });
    expect(thumbnail).toHaveAttribute('src', message.attachments[0].url);

    await user.click(within(dialog).getByRole('button', { name: 'View chart.png full size' }));
    expect(within(dialog).getByRole('img', { name: 'chart.png' })).toHaveClass('max-h-[70vh]');
    expect(within(dialog).getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('target', '_blank');
    await user.click(within(dialog).getByRole('button', { name: 'Back to the message' }));
    expect(within(dialog).getByRole('button', { name: 'View chart.png full size' })).toBeInTheDocument();

    expect(db.messages[0].readAt).not.toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Messages/ })).toHaveAccessibleName('Messages'));
    expect(within(await messageList()).getByRole('button', { name: 'A figure' })).toBeInTheDocument();
  });

  it("replies with 'Re: ' once, to the reviewer who wrote; the toast says it was sent", async () => {
    signInAs('admin');
    const reviewer = addUser({ email: 'rev@example.org', role: 'reviewer' });
    const original = addMessage(reviewer, null, { subject: 'Re: Deadline' });
    const { user } = await openMessagesTab();

    await user.click(within(await messageList()).getByRole('button', { name: 'Unread: Re: Deadline' }));
    const dialog = await screen.findByRole('dialog');
    const reply = await within(dialog).findByRole('form', { name: 'Reply' });
    const send = within(reply).getByRole('button', { name: 'Send Reply' });
    await user.type(within(reply).getByLabelText('Your reply'), '   ');
    expect(send).toBeDisabled();
    await user.type(within(reply).getByLabelText('Your reply'), 'Two more weeks.');
    await user.upload(within(reply).getByLabelText('Attach images'), png('note.png'));
    await user.click(send);

    await expectToast('Message sent successfully!');
    expect(db.bodies[`/messages/${original.id}/replies`]).toEqual([{ body: 'Two more weeks.', images: ['image/png'] }]);
    expect(db.messages[1]).toMatchObject({ subject: 'Re: Deadline', recipientId: reviewer.id, parentId: original.id });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rowSubjects(await messageList())[0]).toBe('Re: Deadline');
  });

  it('offers no reply on a message the editors sent', async () => {
    const editor = signInAs('admin');
    const reviewer = addUser({ email: 'rev@example.org', role: 'reviewer' });
    addMessage(editor, reviewer, { subject: 'From us', body: 'Welcome to the board.' });
    const { user } = await openMessagesTab();

    await user.click(within(await messageList()).getByRole('button', { name: 'From us' }));
    const dialog = await screen.findByRole('dialog', { name: 'From us' });
    expect(await within(dialog).findByText('Welcome to the board.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('form', { name: 'Reply' })).not.toBeInTheDocument();
  });

  it("'Message Reviewer' writes to a chosen active reviewer with images; nothing is sent while a field is blank", async () => {
    signInAs('admin');
    const reviewer = addUser({ email: 'rev@example.org', role: 'reviewer', firstName: 'Rita' });
    addUser({ email: 'author@example.org', role: 'user' });
    const { user } = await openMessagesTab();

    await user.click(screen.getByRole('button', { name: 'Message Reviewer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Reviewer' });
    const select = await within(dialog).findByLabelText('Reviewer');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Select a reviewer', 'Rita Lovelace (rev@example.org)']);
    const send = within(dialog).getByRole('button', { name: 'Send Message' });
    await user.type(within(dialog).getByLabelText('Subject'), 'Your first paper');
    await user.type(within(dialog).getByLabelText('Message'), 'It is assigned.');
    expect(send).toBeDisabled();
    await user.selectOptions(select, reviewer.id);
    await user.clear(within(dialog).getByLabelText('Subject'));
    await user.type(within(dialog).getByLabelText('Subject'), '  ');
    expect(send).toBeDisabled();
    expect(within(dialog).getByLabelText('Subject')).toHaveAttribute('maxLength', '200');
    expect(within(dialog).getByText('2 / 200 characters')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Subject'), 'Your first paper');
    await user.upload(within(dialog).getByLabelText('Attach images'), [png('one.png'), png('two.png')]);
    expect(within(within(dialog).getByRole('list', { name: 'Chosen images' })).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['one.png', 'two.png']);
    await user.click(within(dialog).getByRole('button', { name: 'Remove one.png' }));
    await user.click(send);

    await expectToast('Message sent successfully!');
    expect(db.bodies['/admin/messages']).toEqual([{ recipientId: reviewer.id, subject: 'Your first paper', body: 'It is assigned.', images: ['image/png'] }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rowSubjects(await messageList())).toEqual(['Your first paper']);
  });

  it("shows the server's reason when it refuses, and 'Failed to send message' when it has none; what was written stays", async () => {
    signInAs('admin');
    const reviewer = addUser({ email: 'rev@example.org', role: 'reviewer' });
    const { user } = await openMessagesTab();
    await user.click(screen.getByRole('button', { name: 'Message Reviewer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Reviewer' });
    await user.selectOptions(await within(dialog).findByLabelText('Reviewer'), reviewer.id);
    await user.type(within(dialog).getByLabelText('Subject'), 'Hello');
    await user.type(within(dialog).getByLabelText('Message'), 'Text');

    // A file that claims to be a PNG but is not one: only the server can tell.
    server.use(
      http.post('*/api/admin/messages', () =>
        HttpResponse.json({ statusCode: 415, code: 'INVALID_FILE_TYPE', message: 'Please upload images only (PNG, JPEG, GIF or WebP).' }, { status: 415 }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    await expectToastBehindDialog('Error', 'Please upload images only (PNG, JPEG, GIF or WebP).');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please upload images only (PNG, JPEG, GIF or WebP).');
    expect(within(dialog).getByLabelText('Subject')).toHaveValue('Hello');

    server.use(http.post('*/api/admin/messages', () => HttpResponse.json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' }, { status: 500 })));
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    await expectToastBehindDialog('Error', 'Failed to send message');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to send message');
    expect(within(dialog).getByLabelText('Message')).toHaveValue('Text');
  });

  it('names each picked file it leaves out: not an image the server takes, too large, or past the fifth', async () => {
    signInAs('admin');
    const { user } = await openMessagesTab();
    await user.click(screen.getByRole('button', { name: 'Message Reviewer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Reviewer' });
    // The picker's accept list steers the browser's chooser; a drop or "All files" bypasses it.
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(within(dialog).getByLabelText('Attach images'), [
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
      png('huge.png', 5 * 1024 * 1024 + 1),
      ...[1, 2, 3, 4, 5, 6].map((n) => png(`p${n}.png`)),
    ]);

    const problems = within(dialog).getByRole('alert');
    expect(within(problems).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'logo.svg is not a PNG, JPEG, GIF or WebP image.',
      'huge.png is larger than 5 MB.',
      'p6.png was left out: at most 5 images per message.',
    ]);
    expect(within(within(dialog).getByRole('list', { name: 'Chosen images' })).getAllByRole('img')).toHaveLength(5);
    expect(within(dialog).getByText(/up to 5 images of 5 MB each/)).toBeInTheDocument();
  });

  it('says so when no reviewer can be messaged yet', async () => {
    signInAs('admin');
    const { user } = await openMessagesTab();
    await user.click(screen.getByRole('button', { name: 'Message Reviewer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Reviewer' });
    expect(await within(dialog).findByText(/No reviewers available/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send Message' })).toBeDisabled();
  });

  it("says 'Error loading reviewers: {message}' when the reviewers cannot be loaded", async () => {
    signInAs('admin');
    server.use(
      http.get('*/api/admin/reviews/assignable-reviewers', () =>
        HttpResponse.json({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Database unavailable' }, { status: 503 }),
      ),
    );
    const { user } = await openMessagesTab();
    await user.click(screen.getByRole('button', { name: 'Message Reviewer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Reviewer' });
    expect(await within(dialog).findByText('Error loading reviewers: Database unavailable')).toBeInTheDocument();
  });

  it('brings a new reviewer message and its badge without a reload', async () => {
    // Time runs as usual; the test only jumps over the wait between two asks.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      signInAs('admin');
      const reviewer = addUser({ email: 'rev@example.org', role: 'reviewer' });
      renderApp('/admin');
      const tab = await screen.findByRole('tab', { name: /^Messages/ });
      await waitFor(() => expect(tab).toHaveAccessibleName('Messages'));

      addMessage(reviewer, null, { subject: 'Just arrived' });
      await vi.advanceTimersByTimeAsync(15_000);
      await waitFor(() => expect(tab).toHaveAccessibleName('Messages 1 unread'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells an editor with no messages how to start', async () => {
    signInAs('admin');
    await openMessagesTab();
    expect(await screen.findByText('No messages yet. Use Message Reviewer to write to a reviewer.')).toBeInTheDocument();
  });
});

describe('/admin?tab=messages, where the e-mail about a reviewer’s message leads', () => {
  it('opens on the Messages tab with the message listed; /admin alone opens on Paper Management', async () => {
    signInAs('admin');
    const reviewer = addUser({ email: 'rev@example.org', role: 'reviewer', firstName: 'Rita' });
    addMessage(reviewer, null, { subject: 'A question about the figures' });
    const app = renderApp('/admin?tab=messages');
    await waitForSession(app.store);
    expect(await screen.findByRole('tab', { name: /^Messages/ })).toHaveAttribute('aria-selected', 'true');
    expect(await within(await messageList()).findByText('A question about the figures')).toBeInTheDocument();
    app.unmount();

    const plain = renderApp('/admin');
    await waitForSession(plain.store);
    expect(await screen.findByRole('tab', { name: 'Paper Management' })).toHaveAttribute('aria-selected', 'true');
  });
});
