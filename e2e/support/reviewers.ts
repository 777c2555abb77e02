import { AuthPage } from './auth-page.js';
import { expect, type Page } from './fixtures.js';
import { linkIn, type MailCatcher } from './mail.js';
import { uniqueEmail } from './text.js';
import { expectToast } from './toast.js';
import { atPath } from './urls.js';

// An active reviewer, made the way the journal makes one: an editor's invitation, accepted.

export async function openReviewerManagement(admin: Page): Promise<void> {
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Reviewer Management' }).click();
  await expect(admin.getByRole('heading', { name: 'Assign Papers for Review' })).toBeVisible();
}

/** Invites a new reviewer, who accepts from the e-mailed link and signs in on `page`. */
export async function newReviewer(admin: Page, mail: MailCatcher, page: Page): Promise<{ email: string; name: string; password: string }> {
  const email = uniqueEmail('peer-reviewer');
  const since = new Date();
  await admin.getByLabel('Reviewer email').fill(email);
  await admin.getByRole('button', { name: 'Send Invitation' }).click();
  await expectToast(admin, 'Invitation sent', `Email delivered to ${email}.`);
  const link = linkIn(await mail.waitForEmail(email, { since, contains: '/reviewer-invitation' }), '/reviewer-invitation');

  const password = `Pw-${Math.random().toString(36).slice(2, 10)}!`;
  await page.goto(link);
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Accept Invitation & Create Account' }).click();
  await expect(page.getByText('Your account has been created successfully!')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(atPath('/auth', new URL(page.url()).origin));
  await new AuthPage(page).signIn(email, password);
  await expect(page).toHaveURL(atPath('/reviewer-dashboard', new URL(page.url()).origin));
  return { email, name: 'Grace Hopper', password };
}
