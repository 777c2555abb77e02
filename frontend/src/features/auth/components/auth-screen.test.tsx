import { screen, waitFor } from '@testing-library/react';
import { type UserEvent } from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { type Role } from '@/shared/api';
import { addUser, db, signInAs } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { currentPath, expectToast, renderApp, waitForSession } from '@/test/render';

async function openAuth(path = '/auth') {
  const app = renderApp(path);
  await waitForSession(app.store);
  return app;
}

async function fillSignIn(user: UserEvent, email: string, password: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/auth sign in', () => {
  it('titles the page with one h1 that follows the view', async () => {
    const { user } = await openAuth();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/Sign In/i);
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/Create an account/));
  });

  it('maps AUTH_EMAIL_NOT_CONFIRMED to "Email not confirmed"', async () => {
    addUser({ email: 'new@example.org', confirmed: false });
    const { user } = await openAuth();
    await fillSignIn(user, 'new@example.org', 'secret123');
    await expectToast('Email not confirmed', 'Please check your email and click the confirmation link before signing in.');
  });

  it('offers a new confirmation link only after AUTH_EMAIL_NOT_CONFIRMED and sends it to the typed e-mail', async () => {
    addUser({ email: 'new@example.org', confirmed: false });
    const { user } = await openAuth();
    expect(screen.queryByRole('button', { name: 'Resend confirmation email' })).not.toBeInTheDocument();
    await fillSignIn(user, ' new@example.org', 'secret123');
    await expectToast('Email not confirmed');

    await user.click(await screen.findByRole('button', { name: 'Resend confirmation email' }));
    await expectToast('Confirmation email sent', 'Check your inbox for a new confirmation link.');
    expect(db.bodies['/auth/resend-confirmation']).toEqual([{ email: 'new@example.org' }]);
  });

  it('does not offer a new confirmation link after other sign-in errors', async () => {
    addUser({ email: 'ada@example.org' });
    const { user } = await openAuth();
    await fillSignIn(user, 'ada@example.org', 'wrong-password');
    await expectToast('Invalid credentials');
    expect(screen.queryByRole('button', { name: 'Resend confirmation email' })).not.toBeInTheDocument();
  });

  it('shows the generic error when the new confirmation link cannot be requested', async () => {
    addUser({ email: 'new@example.org', confirmed: false });
    server.use(http.post('*/api/auth/resend-confirmation', () => HttpResponse.error()));
    const { user } = await openAuth();
    await fillSignIn(user, 'new@example.org', 'secret123');
    await user.click(await screen.findByRole('button', { name: 'Resend confirmation email' }));
    await expectToast('Error', 'An unexpected error occurred. Please try again.');
  });

  it('maps AUTH_INVALID_CREDENTIALS to "Invalid credentials"', async () => {
    addUser({ email: 'ada@example.org' });
    const { user, router } = await openAuth();
    await fillSignIn(user, 'ada@example.org', 'wrong-password');
    await expectToast('Invalid credentials', 'Please check your email and password and try again.');
    expect(currentPath(router)).toBe('/auth');
  });

  it('shows "Sign in failed" with the server message on a rate limit', async () => {
    server.use(
      http.post('*/api/auth/sign-in', () =>
        HttpResponse.json(
          { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many attempts. Try again in a minute.' },
          { status: 429 },
        ),
      ),
    );
    const { user } = await openAuth();
    await fillSignIn(user, 'ada@example.org', 'secret123');
    await expectToast('Sign in failed', 'Too many attempts. Try again in a minute.');
  });

  it('shows the generic error when the server cannot be reached', async () => {
    server.use(http.post('*/api/auth/sign-in', () => HttpResponse.error()));
    const { user } = await openAuth();
    await fillSignIn(user, 'ada@example.org', 'secret123');
    await expectToast('Error', 'An unexpected error occurred. Please try again.');
  });

  it.each<[Role, string]>([
    ['user', '/'],
    ['reviewer', '/reviewer-dashboard'],
    ['admin', '/admin'],
  ])('welcomes a %s back and navigates to %s', async (role, destination) => {
    addUser({ email: `${role}@example.org`, role });
    const { user, router, store } = await openAuth();
    await fillSignIn(user, `${role}@example.org`, 'secret123');
    await expectToast('Welcome back!', 'Successfully signed in to your account.');
    await waitFor(() => expect(currentPath(router)).toBe(destination));
    expect(store.getState().session.user?.email).toBe(`${role}@example.org`);
    expect(db.bodies['/auth/sign-in']).toEqual([{ email: `${role}@example.org`, password: 'secret123' }]);
  });

  it('disables the button while the request runs', async () => {
    addUser({ email: 'ada@example.org' });
    server.use(
      http.post('*/api/auth/sign-in', async () => {
        await delay(100);
        return HttpResponse.json({ statusCode: 401, code: 'AUTH_INVALID_CREDENTIALS', message: 'x' }, { status: 401 });
      }),
    );
    const { user } = await openAuth();
    await fillSignIn(user, 'ada@example.org', 'secret123');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await expectToast('Invalid credentials');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });
});

async function fillSignUp(user: UserEvent, email: string, password = 'secret123') {
  await user.click(screen.getByRole('button', { name: 'Create an account' }));
  await user.type(screen.getByLabelText('First name'), 'Marie');
  await user.type(screen.getByLabelText('Last name'), 'Curie');
  await user.type(screen.getByLabelText('School name'), 'Lycée Henri IV');
  await user.selectOptions(screen.getByLabelText('Grade level'), '11');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('/auth sign up', () => {
  it('offers grades 9 to 12', async () => {
    const { user } = await openAuth();
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    const options = Array.from(screen.getByLabelText<HTMLSelectElement>('Grade level').options)
      .filter((option) => !option.disabled)
      .map((option) => option.value);
    expect(options).toEqual(['9', '10', '11', '12']);
  });

  it('sends every field and shows the e-mail-sent view', async () => {
    const { user } = await openAuth();
    await fillSignUp(user, 'marie@example.org');
    await expectToast('Check your email!');
    expect(await screen.findByText('marie@example.org')).toBeInTheDocument();
    expect(db.bodies['/auth/sign-up']).toEqual([
      {
        firstName: 'Marie',
        lastName: 'Curie',
        schoolName: 'Lycée Henri IV',
        gradeLevel: 11,
        email: 'marie@example.org',
        password: 'secret123',
      },
    ]);
  });

  it('switches to sign in with "Account exists" when the e-mail is registered', async () => {
    addUser({ email: 'marie@example.org' });
    const { user } = await openAuth();
    await fillSignUp(user, 'marie@example.org');
    await expectToast('Account exists', 'User already registered');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('marie@example.org');
  });

  it('shows "Sign up failed" with the server message otherwise', async () => {
    const { user } = await openAuth();
    await fillSignUp(user, 'marie@example.org', '123');
    await expectToast('Sign up failed', 'Password should be at least 6 characters.');
    expect(screen.getByLabelText('First name')).toBeInTheDocument();
  });
});

describe('/auth forgot password', () => {
  it('sends the reset e-mail and shows the e-mail-sent view', async () => {
    const { user } = await openAuth();
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await expectToast('Reset email sent!', 'Check your email for password reset instructions.');
    expect(await screen.findByText('ada@example.org')).toBeInTheDocument();
    expect(db.bodies['/auth/forgot-password']).toEqual([{ email: 'ada@example.org' }]);
  });

  it('shows "Reset failed" with the server message on error', async () => {
    server.use(
      http.post('*/api/auth/forgot-password', () =>
        HttpResponse.json({ statusCode: 429, code: 'RATE_LIMITED', message: 'Slow down.' }, { status: 429 }),
      ),
    );
    const { user } = await openAuth();
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await expectToast('Reset failed', 'Slow down.');
  });
});

describe('/auth recovery', () => {
  const recoveryUrl = '/auth?type=recovery#recovery_token=tok-123';

  async function submitPasswords(user: UserEvent, password: string, confirm: string) {
    await user.type(screen.getByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm new password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
  }

  beforeEach(() => {
    addUser({ email: 'ada@example.org', password: 'old-password' });
    db.resetTokens.set('tok-123', { email: 'ada@example.org', expired: false, used: false });
  });

  it('reads the token from the hash once and removes it from the address', async () => {
    const { router } = await openAuth(recoveryUrl);
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.search).toBe('?type=recovery');
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });

  it("refuses passwords that don't match", async () => {
    const { user } = await openAuth(recoveryUrl);
    await submitPasswords(user, 'new-password', 'other-password');
    await expectToast("Passwords don't match", 'Please ensure both password fields match.');
    expect(db.bodies['/auth/reset-password']).toBeUndefined();
  });

  it('refuses a password under 6 characters', async () => {
    const { user } = await openAuth(recoveryUrl);
    await submitPasswords(user, 'abc12', 'abc12');
    await expectToast('Password too short', 'Password must be at least 6 characters long.');
    expect(db.bodies['/auth/reset-password']).toBeUndefined();
  });

  it('says the session expired on AUTH_RESET_EXPIRED', async () => {
    db.resetTokens.set('tok-123', { email: 'ada@example.org', expired: true, used: false });
    const { user } = await openAuth(recoveryUrl);
    await submitPasswords(user, 'new-password', 'new-password');
    await expectToast('Session expired', 'Your password reset session has expired. Please request a new reset link.');
  });

  it('says the session expired when the link carried no token', async () => {
    const { user } = await openAuth('/auth?type=recovery');
    await submitPasswords(user, 'new-password', 'new-password');
    await expectToast('Session expired', 'Your password reset session has expired. Please request a new reset link.');
    expect(db.bodies['/auth/reset-password']).toBeUndefined();
  });

  it('shows "Update failed" with the server message for other errors', async () => {
    db.resetTokens.set('tok-123', { email: 'ada@example.org', expired: false, used: true });
    const { user } = await openAuth(recoveryUrl);
    await submitPasswords(user, 'new-password', 'new-password');
    await expectToast('Update failed', 'This reset link is invalid or has already been used.');
  });

  it('updates the password, signs the user out and shows sign in', async () => {
    signInAs('user', 'other@example.org');
    const { user, store } = await openAuth(recoveryUrl);
    expect(store.getState().session.status).toBe('authenticated');
    await submitPasswords(user, 'new-password', 'new-password');
    await expectToast(
      'Password updated!',
      'Your password has been successfully updated. Please log in with your new password.',
    );
    expect(db.bodies['/auth/reset-password']).toEqual([{ token: 'tok-123', password: 'new-password' }]);
    expect(store.getState().session.status).toBe('anonymous');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('/auth query parameters', () => {
  it('confirms the e-mail and goes to /', async () => {
    const { router } = await openAuth('/auth?success=email_confirmed');
    await expectToast('Email confirmed!');
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });

  it('reports an expired link with otp_expired as "Reset link expired"', async () => {
    const { router } = await openAuth(
      '/auth?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    await expectToast('Reset link expired', 'Email link is invalid or has expired');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('uses a default description for otp_expired without one', async () => {
    await openAuth('/auth?error=access_denied&error_code=otp_expired');
    await expectToast('Reset link expired', 'The link has expired. Please request a new one.');
  });

  it('reports access_denied with "expired" in the description as "Email link expired"', async () => {
    await openAuth('/auth?error=access_denied&error_description=The+link+has+expired');
    await expectToast('Email link expired', 'The link has expired');
  });

  it('reports any other error as "Confirmation failed" with the description', async () => {
    const { router } = await openAuth(
      '/auth?error=invalid_request&error_code=bad_token&error_description=This+confirmation+link+is+invalid+or+has+already+been+used.',
    );
    await expectToast('Confirmation failed', 'This confirmation link is invalid or has already been used.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(currentPath(router)).toBe('/auth');
  });

  it('falls back to the default confirmation-failed description', async () => {
    await openAuth('/auth?error=server_error');
    await expectToast('Confirmation failed', 'There was an error confirming your email.');
  });

  it('says so when an e-mailed link was opened too often (the API’s rate-limited link page)', async () => {
    const { router } = await openAuth(
      '/auth?error=too_many_requests&error_code=rate_limited&error_description=Too+many+attempts.+Please+wait+a+minute+and+open+the+link+again.',
    );
    await expectToast('Too many attempts', 'Too many attempts. Please wait a minute and open the link again.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says so when the journal could not open an e-mailed link', async () => {
    await openAuth(
      '/auth?error=server_error&error_code=temporarily_unavailable&error_description=The+journal+could+not+open+this+link+right+now.+Please+try+again+in+a+few+minutes.',
    );
    await expectToast('Link not opened', 'The journal could not open this link right now. Please try again in a few minutes.');
  });

  it('refuses credentials passed in the URL hash', async () => {
    const { router } = await openAuth('/auth#access_token=abc');
    await expectToast('Authentication Error', 'Failed to complete authentication. Please try again.');
    await waitFor(() => expect(router.state.location.hash).toBe(''));
  });
});

describe('/auth for a signed-in user', () => {
  it.each<[Role, string]>([
    ['user', '/'],
    ['reviewer', '/reviewer-dashboard'],
    ['admin', '/admin'],
  ])('redirects a %s to %s', async (role, destination) => {
    signInAs(role);
    const { router } = await openAuth();
    await waitFor(() => expect(currentPath(router)).toBe(destination));
  });

  it('still shows the recovery view', async () => {
    signInAs('user');
    const { router } = await openAuth('/auth?type=recovery#recovery_token=x');
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/auth');
  });
});
