import { createConfirmedUser } from '../support/api.js';
import { AuthPage } from '../support/auth-page.js';
import { baseURL } from '../support/env.js';
import { expect, test, type Page } from '../support/fixtures.js';
import { linkIn, type MailCatcher } from '../support/mail.js';
import { uniqueEmail } from '../support/text.js';
import { expectToast } from '../support/toast.js';
import { atPath } from '../support/urls.js';

// Issue 12: an editor invites a reviewer by e-mail; the link makes the reviewer's account.

async function openReviewerManagement(admin: Page): Promise<void> {
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Reviewer Management' }).click();
  await expect(admin.getByRole('heading', { name: 'Invite Reviewers' })).toBeVisible();
}

/** Invites `email` from the admin's page and returns the link of the e-mail it sent. */
async function invite(admin: Page, mail: MailCatcher, email: string): Promise<string> {
  const since = new Date();
  await admin.getByLabel('Reviewer email').fill(email);
  await admin.getByRole('button', { name: 'Send Invitation' }).click();
  await expectToast(admin, 'Invitation sent', `Email delivered to ${email}.`);
  const message = await mail.waitForEmail(email, { since, contains: '/reviewer-invitation' });
  return linkIn(message, '/reviewer-invitation');
}

test('an invited reviewer creates an account from the e-mailed link, signs in to the reviewer dashboard, and the link works once', async ({
  pageAs,
  mail,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await pageAs('admin');
  await openReviewerManagement(admin);
  const email = uniqueEmail('reviewer');
  const link = await invite(admin, mail, email);
  expect(new URL(link).searchParams.get('token')).toBeTruthy();

  // The pending list says whether the e-mail went out, from the outbox; the worker has sent it.
  const pending = admin.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem').filter({ hasText: email });
  await expect(pending).toContainText('Email sent', { timeout: 15_000 });

  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Reviewer Invitation' })).toBeVisible();
  await expect(visitor.getByLabel('Email')).toHaveValue(email);
  await expect(visitor.getByLabel('Email')).not.toBeEditable();
  const password = `Pw-${Math.random().toString(36).slice(2, 10)}!`;
  await visitor.getByLabel('First name').fill('Grace');
  await visitor.getByLabel('Last name').fill('Hopper');
  await visitor.getByLabel('Password').fill(password);
  await visitor.getByRole('button', { name: 'Accept Invitation & Create Account' }).click();
  await expect(visitor.getByText('Your account has been created successfully!')).toBeVisible();

  await visitor.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
  await expect(visitor).toHaveURL(atPath('/auth'));
  await new AuthPage(visitor).signIn(email, password);
  await expect(visitor).toHaveURL(atPath('/reviewer-dashboard'));

  // Used once: the same link finds nothing now, signed in or not.
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1, name: 'No Invitation Found' })).toBeVisible();
  await visitorContext.close();

  // The admin's lists show the invitation accepted.
  await openReviewerManagement(admin);
  const row = admin.getByRole('table').getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Accepted');
  await expect(admin.getByRole('list', { name: 'Ready reviewers' })).toContainText(email);
});

test('an invitation removed before use leaves a link that finds nothing', async ({ pageAs, mail, browser }) => {
  test.setTimeout(90_000);
  const admin = await pageAs('admin');
  await openReviewerManagement(admin);
  const email = uniqueEmail('removed');
  const link = await invite(admin, mail, email);

  await admin.getByLabel('Email to remove').fill(email);
  await admin.getByRole('button', { name: 'Remove All Invitations' }).click();
  await expectToast(admin, 'All Invitations Removed', 'All invitations for this email have been successfully removed.');
  await expect(admin.getByRole('region', { name: 'Pending invitations' })).not.toContainText(email);

  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1, name: 'No Invitation Found' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Return Home' })).toBeVisible();
  await visitorContext.close();
});

test('someone who already has an account signs in and accepts: the account becomes a reviewer; another account is refused', async ({
  pageAs,
  mail,
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL });
  const existing = await createConfirmedUser(request, mail, 'invitee');
  await request.dispose();
  const admin = await pageAs('admin');
  await openReviewerManagement(admin);
  const link = await invite(admin, mail, existing.email);

  // Signed in as someone else, the page says whose invitation it is and offers nothing to accept.
  const author = await pageAs('author');
  await author.goto(link);
  await expect(author.getByRole('heading', { level: 1, name: 'Invitation for another account' })).toBeVisible();
  await expect(author.getByRole('button', { name: /accept/i })).toHaveCount(0);

  const context = await browser.newContext({ baseURL });
  const invitee = await context.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { level: 1, name: 'You already have an account' })).toBeVisible();
  await expect(invitee.getByLabel('First name')).toHaveCount(0);
  await invitee.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
  // On /auth before signing in: signIn() opens a bare /auth itself from any other page, which
  // would drop the way back to the invitation.
  await expect(invitee).toHaveURL(atPath('/auth'));
  await new AuthPage(invitee).signIn(existing.email, existing.password);
  // Signed in, the invitee is back on the invitation, which now offers to accept it.
  await expect(invitee).toHaveURL(link);
  await invitee.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(invitee.getByRole('heading', { level: 1, name: 'Invitation accepted' })).toBeVisible();
  await invitee.getByRole('link', { name: 'Go to Reviewer Dashboard' }).click();
  await expect(invitee).toHaveURL(atPath('/reviewer-dashboard'));
  await context.close();

  await openReviewerManagement(admin);
  await expect(admin.getByRole('list', { name: 'Ready reviewers' })).toContainText(existing.email);
});
