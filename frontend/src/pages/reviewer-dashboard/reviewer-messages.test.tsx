import { screen, waitFor, within } from '@testing-library/react';
import { addMessage, addUser, db, signInAs } from '@/test/msw/db';
import { expectToast, renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/reviewer-dashboard/reviewer-dashboard-page');
});

async function openDashboard() {
  const app = renderApp('/reviewer-dashboard');
  await waitForSession(app.store);
  const panel = (await screen.findByRole('heading', { level: 2, name: /^Messages/ })).closest('div.rounded-xl') as HTMLElement;
  return { ...app, panel };
}

const editor = () => addUser({ email: `editor-${Math.random()}@example.org`, role: 'admin', firstName: 'Eve' });

describe('the reviewer dashboard’s messages panel', () => {
  it('shows only the reviewer’s own conversation with the editorial team, with the unread count', async () => {
    const me = signInAs('reviewer');
    const other = addUser({ email: 'other@example.org', role: 'reviewer' });
    const team = editor();
    addMessage(me, null, { subject: 'My question' });
    addMessage(team, me, { subject: 'Your answer' });
    addMessage(team, other, { subject: 'For someone else' });
    addMessage(other, null, { subject: 'Their question' });
    const { panel } = await openDashboard();

    const list = await within(panel).findByRole('list', { name: 'Messages' });
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual(['Unread: Your answer', 'My question']);
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveAccessibleName('Messages 1 unread');
    expect(within(list).getByRole('button', { name: 'My question' }).closest('li')).toHaveTextContent('to Editorial Team');
  });

  it('opens an editor’s message (the badge clears) and replies to the editorial team', async () => {
    const me = signInAs('reviewer');
    const original = addMessage(editor(), me, { subject: 'Your first paper', body: 'Please review it by Friday.' });
    const { user, panel } = await openDashboard();

    await user.click(await within(panel).findByRole('button', { name: 'Unread: Your first paper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your first paper' });
    expect(await within(dialog).findByText('Please review it by Friday.')).toBeInTheDocument();
    expect(within(dialog).getByText('Eve Lovelace (Editorial Team)')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Your reply'), 'Will do.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Reply' }));

    await expectToast('Message sent successfully!');
    expect(db.messages[1]).toMatchObject({ subject: 'Re: Your first paper', recipientId: null, senderId: me.id, body: 'Will do.', parentId: original.id });
    await waitFor(() => expect(within(panel).getByRole('heading', { level: 2 })).toHaveAccessibleName('Messages'));
    expect(within(panel).getByRole('button', { name: 'Re: Your first paper' })).toBeInTheDocument();
  });

  it('offers no reply on the reviewer’s own message', async () => {
    const me = signInAs('reviewer');
    editor();
    addMessage(me, null, { subject: 'Sent by me', body: 'Mine.' });
    const { user, panel } = await openDashboard();

    await user.click(await within(panel).findByRole('button', { name: 'Sent by me' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sent by me' });
    expect(await within(dialog).findByText('Mine.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Your reply')).not.toBeInTheDocument();
  });

  it("'New Message' goes to the editorial team, with no reviewer to choose", async () => {
    signInAs('reviewer');
    editor();
    const { user, panel } = await openDashboard();

    await user.click(within(panel).getByRole('button', { name: 'New Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Message' });
    expect(within(dialog).queryByLabelText('Reviewer')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Subject'), 'A question');
    await user.type(within(dialog).getByLabelText('Message'), '\n  \n');
    expect(within(dialog).getByRole('button', { name: 'Send Message' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Message'), 'Is the deadline firm?');
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));

    await expectToast('Message sent successfully!');
    expect(db.bodies['/messages']).toEqual([{ subject: 'A question', body: 'Is the deadline firm?', images: [] }]);
    expect(await within(panel).findByRole('button', { name: 'A question' })).toBeInTheDocument();
  });

  it("says 'No admin users found. Please contact support at {email}' when there is no editor", async () => {
    signInAs('reviewer');
    const { user, panel } = await openDashboard();

    await user.click(within(panel).getByRole('button', { name: 'New Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Message' });
    await user.type(within(dialog).getByLabelText('Subject'), 'Anyone?');
    await user.type(within(dialog).getByLabelText('Message'), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No admin users found. Please contact support at editor@youngscientists.example');
    expect(db.messages).toHaveLength(0);
  });

  it('tells a reviewer with no messages how to start', async () => {
    signInAs('reviewer');
    const { panel } = await openDashboard();
    expect(await within(panel).findByText('No messages yet. Use New Message to write to the editorial team.')).toBeInTheDocument();
  });
});
