import { newUserDetails, signUpViaApi } from '../support/api.js';
import { demoAccounts } from '../support/env.js';
import { expect, test } from '../support/fixtures.js';
import { expectToast } from '../support/toast.js';
import { atPath } from '../support/urls.js';

test('a wrong password is answered with Invalid credentials', async ({ page, authPage }) => {
  await authPage.goto();
  await authPage.signIn(demoAccounts.author.email, `${demoAccounts.author.password}-wrong`);
  await expectToast(page, 'Invalid credentials', 'Please check your email and password and try again.');
  await expect(page).toHaveURL(atPath('/auth'));
});

test('an unknown e-mail gets the same answer as a wrong password', async ({ page, authPage }) => {
  await authPage.goto();
  await authPage.signIn(newUserDetails('nobody').email, 'Whatever#2026');
  await expectToast(page, 'Invalid credentials');
});

test('an account whose e-mail is not confirmed cannot sign in', async ({ page, authPage, request }) => {
  const user = newUserDetails('unconfirmed');
  await signUpViaApi(request, user);

  await authPage.goto();
  await authPage.signIn(user.email, user.password);
  await expectToast(page, 'Email not confirmed', 'Please check your email and click the confirmation link before signing in.');
  await expect(page).toHaveURL(atPath('/auth'));
});
