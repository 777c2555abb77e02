import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { addOwnPaper, addStatusEvent, addUser, db, signInAs } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { expectToast, renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/paper-detail/paper-detail-page');
  await import('@/pages/admin/admin-page');
});

async function openPaper(id: string) {
  const app = renderApp(`/papers/${id}`);
  await waitForSession(app.store);
  await screen.findByRole('heading', { level: 1 });
  return app;
}

const actions = () => screen.getByRole('group', { name: 'Change paper status' });
const paperStatus = () => screen.getAllByText('Status:')[0].parentElement;
const history = () => screen.findByRole('list', { name: 'Status history' });

function paperOfSomeone(overrides = {}) {
  const owner = addUser({ email: `owner-${Math.random()}@example.org`, firstName: 'Olivia' });
  return addOwnPaper(owner, { title: 'Tidal Energy', ...overrides });
}

describe('Admin Actions on /papers/{id}', () => {
  it('shows an admin the four decisions, the current one disabled', async () => {
    signInAs('admin');
    const paper = paperOfSomeone({ status: 'accepted' });
    await openPaper(paper.id);
    expect(screen.getByRole('heading', { name: 'Admin Actions' })).toBeInTheDocument();
    const buttons = within(actions()).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Set Under Review', 'Accept', 'Publish', 'Reject']);
    expect(within(actions()).getByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(within(actions()).getByRole('button', { name: 'Accept' })).toHaveAccessibleDescription("This is the paper's current status.");
    expect(within(actions()).getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('hides them from the owner and from a visitor', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me, { title: 'Mine' });
    await openPaper(paper.id);
    expect(screen.queryByRole('heading', { name: 'Admin Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('accepts: PATCH status, Status Updated with the congratulatory e-mail, badge and timeline refresh', async () => {
    signInAs('admin');
    const paper = paperOfSomeone({ status: 'submitted' });
    const { user } = await openPaper(paper.id);
    await history();
    await user.click(within(actions()).getByRole('button', { name: 'Accept' }));
    await expectToast('Status Updated', 'Paper status changed to accepted. Congratulatory email sent to author.');
    expect(db.bodies[`/papers/${paper.id}/status`]).toEqual([{ status: 'accepted' }]);
    await waitFor(() => expect(paperStatus()).toHaveTextContent('Accepted'));
    await waitFor(() => expect(within(actions()).getByRole('button', { name: 'Accept' })).toBeDisabled());
    await waitFor(async () => expect(within(await history()).getAllByRole('listitem')).toHaveLength(2));
    const last = within(await history()).getAllByRole('listitem')[1];
    expect(last).toHaveTextContent('Accepted');
    expect(last).toHaveTextContent('Changed by Editorial Team (Ada Lovelace)');
  });

  it.each([
    ['Publish', 'published', 'Paper status changed to published'],
    ['Reject', 'rejected', 'Paper status changed to rejected'],
    ['Set Under Review', 'under_review', 'Paper status changed to under_review'],
  ] as const)('%s says Status Updated without the congratulation', async (label, status, description) => {
    signInAs('admin');
    const paper = paperOfSomeone({ status: 'accepted' });
    const { user } = await openPaper(paper.id);
    await user.click(within(actions()).getByRole('button', { name: label }));
    await expectToast('Status Updated', description);
    expect(db.bodies[`/papers/${paper.id}/status`]).toEqual([{ status }]);
  });

  it('does not claim a congratulatory e-mail on accept when none was queued', async () => {
    signInAs('admin');
    const paper = paperOfSomeone({ status: 'submitted' });
    server.use(
      http.patch('*/api/papers/:id/status', () =>
        HttpResponse.json({ paper: { ...paper, status: 'accepted' }, changed: false, notification: 'none' }),
      ),
    );
    const { user } = await openPaper(paper.id);
    await user.click(within(actions()).getByRole('button', { name: 'Accept' }));
    await expectToast('Status Updated', 'Paper status changed to accepted');
  });

  it("says 'Failed to update paper status' when the change fails", async () => {
    signInAs('admin');
    const paper = paperOfSomeone({ status: 'submitted' });
    server.use(
      http.patch('*/api/papers/:id/status', () =>
        HttpResponse.json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'x' }, { status: 500 }),
      ),
    );
    const { user } = await openPaper(paper.id);
    await user.click(within(actions()).getByRole('button', { name: 'Publish' }));
    await expectToast('Error', 'Failed to update paper status');
    expect(paperStatus()).toHaveTextContent('Submitted');
    expect(within(actions()).getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('refreshes the admin counts and table after a decision', async () => {
    signInAs('admin');
    paperOfSomeone({ status: 'submitted' });
    const { user, store } = renderApp('/admin');
    await waitForSession(store);
    const tiles = await screen.findByRole('list', { name: 'Papers by status' });
    await within(tiles).findByRole('listitem', { name: 'Submitted: 1' });
    await user.click(await screen.findByRole('link', { name: 'Tidal Energy' }));
    await screen.findByRole('heading', { name: 'Admin Actions' });
    await user.click(within(actions()).getByRole('button', { name: 'Publish' }));
    await expectToast('Status Updated', 'Paper status changed to published');
    await user.click(screen.getByRole('link', { name: 'Admin' }));
    const fresh = await screen.findByRole('list', { name: 'Papers by status' });
    await within(fresh).findByRole('listitem', { name: 'Published: 1' });
    expect(within(fresh).getByRole('listitem', { name: 'Submitted: 0' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Tidal Energy/ });
    await waitFor(() => expect(row).toHaveTextContent('Published'));
  });
});

describe('Status history on /papers/{id}', () => {
  it('shows the owner the timeline oldest first: You for the submission, Editorial Team for decisions', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me, { title: 'Mine', status: 'accepted' });
    db.statusEvents[paper.id][0].changedAt = '2025-03-01T09:30:00.000Z';
    addStatusEvent(paper.id, {
      fromStatus: 'submitted',
      toStatus: 'accepted',
      changedBy: 'editorial',
      changedByName: 'Secret Editor',
      changedAt: '2025-04-02T15:05:00.000Z',
    });
    await openPaper(paper.id);
    expect(screen.getByRole('heading', { name: 'Status history' })).toBeInTheDocument();
    const items = within(await history()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Submitted');
    expect(items[0]).toHaveTextContent('Submitted by You');
    expect(within(items[0]).getByText('March 1, 2025 at 9:30 AM UTC')).toHaveAttribute('datetime', '2025-03-01T09:30:00.000Z');
    expect(items[1]).toHaveTextContent('Accepted');
    expect(items[1]).toHaveTextContent('Changed by Editorial Team');
    // The server gives the author no name; the test server strips it as the API does.
    expect(items[1]).not.toHaveTextContent('Secret Editor');
    expect(items[1]).toHaveTextContent('April 2, 2025 at 3:05 PM UTC');
  });

  it("shows an admin 'Author' for the submission and the deciding admin's name", async () => {
    signInAs('admin');
    const paper = paperOfSomeone({ status: 'rejected' });
    addStatusEvent(paper.id, { fromStatus: 'submitted', toStatus: 'rejected', changedBy: 'editorial', changedByName: 'Grace Hopper' });
    await openPaper(paper.id);
    const items = within(await history()).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Submitted by Author');
    expect(items[1]).toHaveTextContent('Changed by Editorial Team (Grace Hopper)');
    expect(items[1].querySelector('[data-status]')).toHaveAttribute('data-status', 'rejected');
  });

  it('is hidden from a reader of a published paper who is neither owner nor admin', async () => {
    const paper = paperOfSomeone({ status: 'published', publishedAt: '2025-01-01T00:00:00.000Z' });
    signInAs('user', 'reader@example.org');
    await openPaper(paper.id);
    expect(screen.queryByRole('heading', { name: 'Status history' })).not.toBeInTheDocument();
  });
});
