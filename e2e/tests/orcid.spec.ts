import { createConfirmedUser } from '../support/api.js';
import { AuthPage } from '../support/auth-page.js';
import { baseURL } from '../support/env.js';
import { expect, test, type Page } from '../support/fixtures.js';
import { signOut } from '../support/nav.js';
import { authorizeAtOrcidStandIn, uniqueOrcidId } from '../support/orcid.js';
import { expectToast } from '../support/toast.js';
import { atPath } from '../support/urls.js';

// Issue 15: ORCID through the server, against the local stand-in npm start runs (test mode).

const orcidCard = (page: Page) => page.getByRole('heading', { name: 'ORCID iD' }).locator('xpath=ancestor::*[@aria-labelledby][1]');

test('an author links an iD, signs out and back in with ORCID; a second author cannot link the same iD', async ({ page, playwright, mail, browser }) => {
  test.setTimeout(150_000);
  const request = await playwright.request.newContext({ baseURL });
  const author = await createConfirmedUser(request, mail, 'orcid-author');
  const other = await createConfirmedUser(request, mail, 'orcid-other');
  await request.dispose();
  const orcidId = uniqueOrcidId();

  // Link from the dashboard: the journal sends the browser to ORCID and back.
  await page.goto('/auth');
  await new AuthPage(page).signIn(author.email, author.password);
  await expect(page).toHaveURL(atPath('/'));
  const card = orcidCard(page);
  await expect(card.getByText('Not Linked')).toBeVisible();
  await expect(card.getByRole('note')).toContainText('Test mode');
  await card.getByRole('link', { name: 'Connect ORCID iD' }).click();
  await authorizeAtOrcidStandIn(page, orcidId, 'Marie Sample');
  await expect(page).toHaveURL(atPath('/'));
  await expectToast(page, 'ORCID iD linked successfully!');
  await expect(card.getByText('Linked', { exact: true })).toBeVisible();
  await expect(card).toContainText(orcidId);
  await expect(card).toContainText('Marie Sample');
  await expect(card.getByRole('link', { name: /View Profile/ })).toHaveAttribute('href', `https://orcid.org/${orcidId}`);
  // The result parameters are gone once said.
  expect(new URL(page.url()).search).toBe('');

  // Signed out, the same iD signs the author back in, to the author's landing page.
  await signOut(page);
  await expectToast(page, 'Signed out', 'You have been signed out successfully.');
  await expect(page.getByRole('heading', { name: 'ORCID iD' })).toHaveCount(0);
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Sign in with ORCID' }).click();
  await authorizeAtOrcidStandIn(page, orcidId, 'Marie Sample');
  await expect(page).toHaveURL(atPath('/'));
  await expectToast(page, 'Welcome!', 'Successfully signed in with ORCID.');
  await expect(page.getByRole('heading', { name: new RegExp(`Welcome back, ${author.firstName}`) })).toBeVisible();
  await expect(orcidCard(page)).toContainText(orcidId);

  // Another account cannot take the iD.
  const otherContext = await browser.newContext({ baseURL });
  const otherPage = await otherContext.newPage();
  await otherPage.goto('/auth');
  await new AuthPage(otherPage).signIn(other.email, other.password);
  await expect(otherPage).toHaveURL(atPath('/'));
  await orcidCard(otherPage).getByRole('link', { name: 'Connect ORCID iD' }).click();
  await authorizeAtOrcidStandIn(otherPage, orcidId, 'Marie Sample');
  await expect(otherPage).toHaveURL(atPath('/'));
  await expectToast(otherPage, 'Error', 'This ORCID iD is already linked to another account.');
  await expect(orcidCard(otherPage).getByText('Not Linked')).toBeVisible();
  await otherContext.close();
});

test('an iD linked to no account does not sign in: it says to sign in by e-mail and link ORCID from the dashboard', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Sign in with ORCID' }).click();
  await authorizeAtOrcidStandIn(page, uniqueOrcidId(), 'Nobody Linked');
  await expect(page).toHaveURL(atPath('/auth'));
  await expectToast(page, 'Authentication Error', 'No account is linked to this ORCID iD.');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});
