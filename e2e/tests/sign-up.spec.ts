import { newUserDetails } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { linkIn } from '../support/mail.js';
import { expectNavItems, navBar, navItem, signOut } from '../support/nav.js';
import { expectToast } from '../support/toast.js';
import { atPath } from '../support/urls.js';

test('a new author signs up, confirms the e-mail from the inbox, signs in and signs out', async ({ page, authPage, mail }) => {
  const user = newUserDetails('signup');

  await authPage.goto();
  const since = new Date();
  await authPage.signUp(user);
  await expectToast(page, 'Check your email!');

  const message = await mail.waitForEmail(user.email, { since, contains: '/api/auth/confirm' });
  const landing = await page.goto(linkIn(message, '/api/auth/confirm'));
  // The link answers with a redirect to /auth?success=email_confirmed, which then goes on to /.
  expect(landing?.url()).toMatch(/\/auth\?(.*&)?success=email_confirmed/);
  await expectToast(page, 'Email confirmed!');
  await expect(page).toHaveURL(atPath('/'));
  await expectNavItems(page, ['Home', 'Guidelines', 'Staff', 'Published Papers', 'Sign In']);

  await navItem(page, 'Sign In').first().click();
  await expect(page).toHaveURL(atPath('/auth'));
  await authPage.signIn(user.email, user.password);
  await expectToast(page, 'Welcome back!', 'Successfully signed in to your account.');
  // An ordinary user goes to /, signed in.
  await expect(page).toHaveURL(atPath('/'));
  await expect(navBar(page)).toContainText(user.email);
  await expect(navItem(page, 'My Submissions')).toBeVisible();

  await signOut(page);
  await expectToast(page, 'Signed out', 'You have been signed out successfully.');
  await expect(page).toHaveURL(atPath('/'));
  await expectNavItems(page, ['Home', 'Guidelines', 'Staff', 'Published Papers', 'Sign In']);
  expect((await page.request.get('/api/auth/session')).status()).toBe(401);
});

test('signing up twice with one e-mail says the account exists', async ({ page, authPage, request }) => {
  const user = newUserDetails('twice');
  const first = await request.post('/api/auth/sign-up', { data: user });
  expect(first.status()).toBe(201);

  await authPage.goto();
  await authPage.signUp(user);
  await expectToast(page, 'Account exists');
  // The view switches to sign in.
  await expect(authPage.signInForm).toBeVisible();
});
