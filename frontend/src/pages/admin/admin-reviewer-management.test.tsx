import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { addInvitation, addUser, db, signInAs } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { expectToast, renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/admin/admin-page');
});

async function openReviewerManagement() {
  signInAs('admin');
  const app = renderApp('/admin');
  await waitForSession(app.store);
  await app.user.click(await screen.findByRole('tab', { name: 'Reviewer Management' }));
  return app;
}

const card = (name: string): HTMLElement => screen.getByRole('generic', { name });
const invitationRequests: URLSearchParams[] = [];

beforeEach(() => {
  invitationRequests.length = 0;
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/admin/invitations') invitationRequests.push(url.searchParams);
  });
});
afterEach(() => server.events.removeAllListeners());

const pendingList = () => within(card('Invite Reviewers')).findByRole('list', { name: 'Pending invitations' });
const emailsIn = (list: HTMLElement) => within(list).getAllByRole('listitem').map((item) => item.textContent ?? '');

describe('/admin Reviewer Management: invitations', () => {
  it('shows the assignment parts, then the invitation parts, in the spec’s order', async () => {
    await openReviewerManagement();
    const panel = screen.getByRole('tabpanel', { name: 'Reviewer Management' });
    const headings = within(panel)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Assign Papers for Review',
      'Current Assignments',
      'Invite Reviewers',
      'Remove Invitations',
      'Active Reviewers Debug',
      'Recent Invitations',
    ]);
  });

  it('invites a reviewer: Invitation sent / Email delivered to {email}., and the pending list shows them', async () => {
    const { user } = await openReviewerManagement();
    expect(await within(card('Invite Reviewers')).findByText('No pending invitations.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Reviewer email' }), '  new.reviewer@example.org ');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await expectToast('Invitation sent', 'Email delivered to new.reviewer@example.org.');
    expect(db.bodies['/admin/invitations']).toEqual([{ email: 'new.reviewer@example.org' }]);
    expect(screen.getByRole('textbox', { name: 'Reviewer email' })).toHaveValue('');
    // Both lists are asked again: the new invitation shows in each, its e-mail still queued.
    await waitFor(async () => expect(emailsIn(await pendingList())[0]).toContain('new.reviewer@example.org'));
    const recent = within(card('Recent Invitations')).getByRole('table');
    await waitFor(() => expect(within(recent).getAllByRole('row')).toHaveLength(2));
    expect(within(recent).getAllByRole('row')[1]).toHaveTextContent(/new\.reviewer@example\.org.*Pending.*Email queued/);
  });

  it("refuses a second pending invitation with 'A pending invitation already exists for {email}.' and no success toast", async () => {
    addInvitation('taken@example.org');
    const { user } = await openReviewerManagement();
    await user.type(screen.getByRole('textbox', { name: 'Reviewer email' }), 'taken@example.org');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await expectToast('Error', 'A pending invitation already exists for taken@example.org.');
    expect(screen.queryByText('Invitation sent')).not.toBeInTheDocument();
  });

  it("says 'Failed to send reviewer invitation. Please try again.' when the server fails", async () => {
    server.use(
      http.post('*/api/admin/invitations', () =>
        HttpResponse.json({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Down' }, { status: 503 }),
      ),
    );
    const { user } = await openReviewerManagement();
    await user.type(screen.getByRole('textbox', { name: 'Reviewer email' }), 'new.reviewer@example.org');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await expectToast('Error', 'Failed to send reviewer invitation. Please try again.');
    expect(screen.getByRole('textbox', { name: 'Reviewer email' })).toHaveValue('new.reviewer@example.org');
  });

  it('lists the latest 5 pending invitations under the form, with their dates and delivery', async () => {
    for (let n = 1; n <= 7; n++) addInvitation(`pending${n}@example.org`, { delivery: n === 7 ? 'failed' : 'sent' });
    addInvitation('accepted@example.org', { status: 'accepted', acceptedAt: '2026-03-01T00:00:00.000Z' });
    await openReviewerManagement();
    const emails = emailsIn(await pendingList());
    expect(emails).toHaveLength(5);
    expect(emails.map((text) => /pending\d@example\.org/.exec(text)?.[0])).toEqual([
      'pending7@example.org',
      'pending6@example.org',
      'pending5@example.org',
      'pending4@example.org',
      'pending3@example.org',
    ]);
    expect(emails[0]).toMatch(/Invited January 8, 2026.*Expires January 22, 2026.*Email failed/);
    expect(invitationRequests.some((params) => params.get('status') === 'pending' && params.get('limit') === '5')).toBe(true);
  });

  it('asks again while an e-mail is queued, so its delivery turns to sent without a reload, and stops then', async () => {
    // Time runs as usual; the test only jumps over the wait between two asks.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      const invitation = addInvitation('queued@example.org', { delivery: 'queued' });
      await openReviewerManagement();
      const recent = await within(card('Recent Invitations')).findByRole('table');
      expect(recent).toHaveTextContent('Email queued');
      const asked = invitationRequests.length;

      invitation.delivery = 'sent';
      await vi.advanceTimersByTimeAsync(5000);
      await waitFor(() => expect(recent).toHaveTextContent('Email sent'));
      expect(emailsIn(await pendingList())[0]).toContain('Email sent');
      const afterSent = invitationRequests.length;
      expect(afterSent).toBeGreaterThan(asked);

      await vi.advanceTimersByTimeAsync(15000);
      expect(invitationRequests.length).toBe(afterSent);
    } finally {
      vi.useRealTimers();
    }
  });

  it('Recent Invitations lists the latest 10 of any status: email, invited date, expiry, status badge and delivery', async () => {
    for (let n = 1; n <= 11; n++) addInvitation(`reviewer${n}@example.org`);
    addInvitation('accepted@example.org', { status: 'accepted', acceptedAt: '2026-03-01T00:00:00.000Z', delivery: 'sent' });
    addInvitation('expired@example.org', { status: 'expired', delivery: 'failed' });
    await openReviewerManagement();
    const recent = await within(card('Recent Invitations')).findByRole('table');
    expect(within(recent).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Email',
      'Invited',
      'Expires',
      'Status',
      'Delivery',
    ]);
    const rows = within(recent).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(rows[0])).toEqual(['expired@example.org', 'January 14, 2026', 'January 28, 2026', 'Status: Expired', 'Delivery: Email failed']);
    expect(cells(rows[1])).toEqual(['accepted@example.org', 'January 13, 2026', 'January 27, 2026', 'Status: Accepted', 'Delivery: Email sent']);
    expect(cells(rows[2])[3]).toBe('Status: Pending');
    expect(rows[0].querySelector('[data-status]')).toHaveAttribute('data-status', 'expired');
    expect(invitationRequests.some((params) => params.get('status') === null && params.get('limit') === '10')).toBe(true);
  });

  it('Remove All Invitations removes every invitation for the e-mail, ignores an empty field, and refreshes the lists', async () => {
    addInvitation('gone@example.org', { status: 'expired' });
    addInvitation('gone@example.org');
    addInvitation('kept@example.org');
    const { user } = await openReviewerManagement();
    await waitFor(async () => expect(emailsIn(await pendingList())).toHaveLength(2));
    const remove = screen.getByRole('button', { name: 'Remove All Invitations' });

    await user.type(screen.getByRole('textbox', { name: 'Email to remove' }), '   ');
    await user.click(remove);
    expect(db.bodies['/admin/invitations/remove']).toBeUndefined();

    await user.type(screen.getByRole('textbox', { name: 'Email to remove' }), ' GONE@example.org ');
    await user.click(remove);
    await expectToast('All Invitations Removed', 'All invitations for this email have been successfully removed.');
    expect(db.bodies['/admin/invitations/remove']).toEqual([{ email: 'GONE@example.org' }]);
    await waitFor(async () => expect(emailsIn(await pendingList())).toHaveLength(1));
    const recent = within(card('Recent Invitations')).getByRole('table');
    await waitFor(() => expect(within(recent).getAllByRole('row')).toHaveLength(2));
    expect(recent).toHaveTextContent('kept@example.org');
  });

  it("says 'Failed to remove invitations. Please try again.' when removing fails", async () => {
    server.use(http.post('*/api/admin/invitations/remove', () => new HttpResponse(null, { status: 500 })));
    const { user } = await openReviewerManagement();
    await user.type(screen.getByRole('textbox', { name: 'Email to remove' }), 'gone@example.org');
    await user.click(screen.getByRole('button', { name: 'Remove All Invitations' }));
    await expectToast('Error', 'Failed to remove invitations. Please try again.');
  });

  it('Active Reviewers Debug: counts, accepted invitees without accounts, ready reviewers; Create Missing Roles fixes the missing ones', async () => {
    const accepted = { status: 'accepted', acceptedAt: '2026-02-03T00:00:00.000Z' } as const;
    addUser({ email: 'ready@example.org', role: 'reviewer', firstName: 'Rita' });
    addInvitation('ready@example.org', accepted);
    addUser({ email: 'norole@example.org', firstName: 'Nora' });
    addInvitation('norole@example.org', { ...accepted, acceptedAt: '2026-02-04T00:00:00.000Z' });
    addInvitation('noaccount@example.org', { ...accepted, acceptedAt: '2026-02-05T00:00:00.000Z' });
    addInvitation('waiting@example.org');
    const { user } = await openReviewerManagement();
    const debug = card('Active Reviewers Debug');
    const count = (label: string) => within(debug).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await within(debug).findByText('Accepted invitations');
    expect(count('Accepted invitations')).toBe('3');
    expect(count('Active reviewers')).toBe('1');
    expect(count('With profiles')).toBe('2');
    expect(count('Without profiles')).toBe('1');
    expect(count('Missing roles')).toBe('1');
    expect(emailsIn(within(debug).getByRole('list', { name: 'Reviewers without accounts' }))).toEqual([
      'noaccount@example.orgAccepted February 5, 2026',
    ]);
    expect(emailsIn(within(debug).getByRole('list', { name: 'Ready reviewers' }))).toEqual([
      'Rita Lovelace ready@example.orgAccepted February 3, 2026',
    ]);

    await user.click(within(debug).getByRole('button', { name: 'Create Missing Roles' }));
    await expectToast('Reviewer roles updated', 'Missing reviewer roles have been created successfully.');
    await waitFor(() => expect(count('Missing roles')).toBe('0'));
    expect(count('Active reviewers')).toBe('2');
    expect(emailsIn(within(debug).getByRole('list', { name: 'Ready reviewers' }))).toHaveLength(2);
  });
});
