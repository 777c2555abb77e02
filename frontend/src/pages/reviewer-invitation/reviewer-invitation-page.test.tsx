import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, delay, http } from 'msw';
import { addInvitation, addUser, db, signInAs } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { currentPath, expectToast, renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/reviewer-invitation/reviewer-invitation-page');
});

async function open(path: string) {
  const app = renderApp(path);
  await waitForSession(app.store);
  return app;
}

const invitedPage = (token: string) => `/reviewer-invitation?token=${encodeURIComponent(token)}`;
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

function answerVerify(response: () => Response | Promise<Response>) {
  server.use(http.post('*/api/invitations/verify', response));
}

describe('/reviewer-invitation', () => {
  it("says 'Verifying invitation...' until the server has answered, then shows the form for the invited e-mail", async () => {
    const invitation = addInvitation('new.reviewer@example.org');
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/api/invitations/verify', async ({ request }) => {
        (db.bodies['/invitations/verify'] ??= []).push(await request.json());
        await answered;
        return HttpResponse.json({ email: 'new.reviewer@example.org', accountExists: false });
      }),
    );
    await open(invitedPage(invitation.token));
    expect(await screen.findByText('Verifying invitation...')).toBeInTheDocument();
    release();
    await heading('Reviewer Invitation');
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveValue('new.reviewer@example.org');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'First name' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Last name' })).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.queryByText('Verifying invitation...')).not.toBeInTheDocument();
    // Looking does not use the link; the token travels in the body, not the URL.
    expect(db.bodies['/invitations/verify']).toEqual([{ token: invitation.token }]);
  });

  it('creates the account: Creating Account... while it runs, then the success card whose Sign In leads to /auth', async () => {
    const invitation = addInvitation('new.reviewer@example.org');
    server.use(
      http.post('*/api/invitations/accept', async ({ request }) => {
        (db.bodies['/invitations/accept'] ??= []).push(await request.json());
        await delay(150);
        return HttpResponse.json({ email: 'new.reviewer@example.org' }, { status: 201 });
      }),
    );
    const { user, router } = await open(invitedPage(invitation.token));
    await heading('Reviewer Invitation');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), '  Grace ');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Hopper');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Accept Invitation & Create Account' }));

    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    expect(await screen.findByText('Your account has been created successfully!')).toBeInTheDocument();
    expect(db.bodies['/invitations/accept']).toEqual([
      { token: invitation.token, firstName: 'Grace', lastName: 'Hopper', password: 'secret1' },
    ]);
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' }));
    await waitFor(() => expect(currentPath(router)).toBe('/auth'));
  });

  it('refuses a password under 6 characters and empty names before asking the server', async () => {
    const invitation = addInvitation('new.reviewer@example.org');
    const { user } = await open(invitedPage(invitation.token));
    await heading('Reviewer Invitation');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), '   ');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Accept Invitation & Create Account' }));

    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 6 characters. Password must be at least 6 characters long.',
    );
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription('First name is required.');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveAccessibleDescription('Last name is required.');
    expect(db.bodies['/invitations/accept']).toBeUndefined();

    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Grace');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Hopper');
    await user.type(screen.getByLabelText('Password'), '6');
    await user.click(screen.getByRole('button', { name: 'Accept Invitation & Create Account' }));
    expect(await screen.findByText('Your account has been created successfully!')).toBeInTheDocument();
  });

  it("shows the server's message when the account cannot be made, else 'Failed to create account. Please try again.'", async () => {
    const invitation = addInvitation('new.reviewer@example.org');
    server.use(
      http.post('*/api/invitations/accept', () =>
        HttpResponse.json(
          { statusCode: 400, code: 'AUTH_WEAK_PASSWORD', message: 'Password is too common.' },
          { status: 400 },
        ),
      ),
    );
    const { user } = await open(invitedPage(invitation.token));
    await heading('Reviewer Invitation');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Grace');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Hopper');
    await user.type(screen.getByLabelText('Password'), 'password');
    await user.click(screen.getByRole('button', { name: 'Accept Invitation & Create Account' }));
    await expectToast('Error', 'Password is too common.');

    server.use(http.post('*/api/invitations/accept', () => new HttpResponse(null, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Accept Invitation & Create Account' }));
    await expectToast('Error', 'Failed to create account. Please try again.');
    // The form stays, with what was typed, for another try.
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Grace');
  });

  it("shows 'No Invitation Found' for an unknown, used or removed link", async () => {
    await open(invitedPage('no-such-token'));
    await heading('No Invitation Found');
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("shows 'No Invitation Found' when the link was used meanwhile (the accept answers 404)", async () => {
    const invitation = addInvitation('new.reviewer@example.org');
    const { user } = await open(invitedPage(invitation.token));
    await heading('Reviewer Invitation');
    invitation.status = 'accepted';
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Grace');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Hopper');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Accept Invitation & Create Account' }));
    await heading('No Invitation Found');
    await expectToast('Error', 'No valid invitation found');
  });

  it("says 'No invitation token provided' in the 'Invitation Error' card when the link has no token", async () => {
    await open('/reviewer-invitation');
    await heading('Invitation Error');
    expect(screen.getByText('No invitation token provided')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    expect(db.bodies['/invitations/verify']).toBeUndefined();
  });

  it('shows a server-supplied error as is', async () => {
    answerVerify(() =>
      HttpResponse.json({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many requests. Try again in a minute.' }, { status: 429 }),
    );
    await open(invitedPage('some-token'));
    await heading('Invitation Error');
    expect(screen.getByText('Too many requests. Try again in a minute.')).toBeInTheDocument();
  });

  it("says 'Failed to verify invitation. Please try again.' when the check itself fails", async () => {
    answerVerify(() => new HttpResponse('upstream down', { status: 502 }));
    await open(invitedPage('some-token'));
    await heading('Invitation Error');
    expect(screen.getByText('Failed to verify invitation. Please try again.')).toBeInTheDocument();
  });

  it("says 'Invalid response from verification service' when the answer is not what the API promises", async () => {
    answerVerify(() => HttpResponse.json({ success: true }));
    await open(invitedPage('some-token'));
    await heading('Invitation Error');
    expect(screen.getByText('Invalid response from verification service')).toBeInTheDocument();
  });

  it('asks a visitor whose e-mail already has an account to sign in, and makes no second account', async () => {
    addUser({ email: 'known@example.org' });
    const invitation = addInvitation('known@example.org');
    const { user, router } = await open(invitedPage(invitation.token));
    await heading('You already have an account');
    expect(screen.getByText('An account for known@example.org already exists.')).toBeInTheDocument();
    expect(screen.getByText('Sign in with it: you come back to this invitation to accept it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Invitation & Create Account' })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' }));
    await waitFor(() => expect(currentPath(router)).toBe('/auth'));
    // The sign-in page is asked to come back to this invitation once signed in.
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(invitedPage(invitation.token));
  });

  it('switches to sign-in when the account appeared between the check and the submit (409)', async () => {
    const invitation = addInvitation('late@example.org');
    const { user } = await open(invitedPage(invitation.token));
    await heading('Reviewer Invitation');
    addUser({ email: 'late@example.org' });
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Grace');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Hopper');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Accept Invitation & Create Account' }));
    await heading('You already have an account');
    expect(db.users.get('late@example.org')?.user.roles).toEqual(['user']);
  });

  it('lets the invitee, signed in, accept: the account gains the reviewer role', async () => {
    const me = signInAs('user', 'Invitee@Example.org');
    const invitation = addInvitation('invitee@example.org');
    const { user, store } = await open(invitedPage(invitation.token));
    await heading('Reviewer Invitation');
    expect(screen.queryByRole('textbox', { name: 'First name' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    await heading('Invitation accepted');
    expect(db.bodies['/invitations/accept']).toEqual([{ token: invitation.token }]);
    expect(screen.getByRole('link', { name: 'Go to Reviewer Dashboard' })).toHaveAttribute('href', '/reviewer-dashboard');
    // The session is read again, so the navigation knows the new role.
    await waitFor(() => expect(store.getState().session.user?.roles).toContain('reviewer'));
    expect(me.roles).toContain('reviewer');
  });

  it('refuses someone signed in with another e-mail and says why', async () => {
    signInAs('user', 'someone.else@example.org');
    const invitation = addInvitation('invitee@example.org');
    await open(invitedPage(invitation.token));
    await heading('Invitation for another account');
    expect(
      screen.getByText('This invitation is for invitee@example.org, but you are signed in as someone.else@example.org.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept Invitation/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
