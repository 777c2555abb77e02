import { createConfirmedUser } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { linkIn } from '../support/mail.js';
import { expectToast } from '../support/toast.js';
import { atPath } from '../support/urls.js';

test('a forgotten password is reset through the e-mailed link', async ({ page, authPage, mail, request }) => {
  const user = await createConfirmedUser(request, mail, 'reset');
  const newPassword = `New-${user.password}`;

  await authPage.goto();
  const since = new Date();
  await authPage.requestPasswordReset(user.email);
  await expectToast(page, 'Reset email sent!', 'Check your email for password reset instructions.');

  const message = await mail.waitForEmail(user.email, { since, contains: '/api/auth/recover' });
  const link = linkIn(message, '/api/auth/recover');
  const landing = await page.goto(link);
  expect(landing?.url()).toMatch(/\/auth\?(.*&)?type=recovery/);

  await authPage.setNewPassword(newPassword, `${newPassword}-typo`);
  await expectToast(page, "Passwords don't match", 'Please ensure both password fields match.');

  await authPage.setNewPassword(newPassword);
  await expectToast(page, 'Password updated!', 'Your password has been successfully updated. Please log in with your new password.');

  // The link is used up.
  const reused = await request.get(link, { maxRedirects: 0 });
  expect(reused.status()).toBe(302);
  expect(reused.headers().location).toContain('error=access_denied');

  await authPage.goto();
  await authPage.signIn(user.email, user.password);
  await expectToast(page, 'Invalid credentials', 'Please check your email and password and try again.');

  await authPage.goto();
  await authPage.signIn(user.email, newPassword);
  await expectToast(page, 'Welcome back!');
  await expect(page).toHaveURL(atPath('/'));
});

test('a new password shorter than 6 characters is refused', async ({ page, authPage, mail, request }) => {
  const user = await createConfirmedUser(request, mail, 'short');
  const since = new Date();
  const answer = await request.post('/api/auth/forgot-password', { data: { email: user.email } });
  expect(answer.status()).toBe(202);
  const message = await mail.waitForEmail(user.email, { since, contains: '/api/auth/recover' });

  await page.goto(linkIn(message, '/api/auth/recover'));
  await authPage.setNewPassword('abc');
  await expectToast(page, 'Password too short', 'Password must be at least 6 characters long.');
});
