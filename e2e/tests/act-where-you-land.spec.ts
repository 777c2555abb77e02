import { paperOfNewAuthor } from '../support/api.js';
import { uniqueWord } from '../support/db.js';
import { assignOnPaperPage, reviewersCard } from '../support/email-actions.js';
import { baseURL, demoAccounts } from '../support/env.js';
import { expect, test } from '../support/fixtures.js';
import { linkIn } from '../support/mail.js';
import { newReviewer, openReviewerManagement } from '../support/reviewers.js';
import { atPath } from '../support/urls.js';

// Issue 27, act where you land: the e-mail telling the editors a reviewer declined sends them to
// the paper's page, and they assign another reviewer there, as in Reviewer Management.

test('the decline e-mail leads the editor to the paper’s page, where they assign another reviewer', async ({ pageAs, mail, playwright, browser }) => {
  test.setTimeout(240_000);
  const title = `Moss Growth on North Walls ${uniqueWord('landing')}`;
  const { paperId } = await paperOfNewAuthor(playwright.request, mail, 'landing-author', title);

  const admin = await pageAs('admin');
  const decliningContext = await browser.newContext({ baseURL });
  const decliner = await decliningContext.newPage();
  const replacingContext = await browser.newContext({ baseURL });
  const replacement = await replacingContext.newPage();
  await openReviewerManagement(admin);
  const declining = await newReviewer(admin, mail, decliner);
  await openReviewerManagement(admin);
  const replacing = await newReviewer(admin, mail, replacement);

  // The first assignment is made on the paper's page too.
  await admin.goto(`/papers/${paperId}`);
  await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(reviewersCard(admin).getByText('No reviewer has been assigned to this paper yet.')).toBeVisible();
  const assigned = new Date();
  await assignOnPaperPage(admin, declining);
  const reviewLink = linkIn(await mail.waitForEmail(declining.email, { since: assigned, contains: '/review/' }), '/review/');

  // The reviewer declines from the e-mailed review page.
  await decliner.goto(reviewLink);
  await decliner.getByRole('button', { name: 'Decline this review' }).click();
  const dialog = decliner.getByRole('dialog', { name: 'Decline this review' });
  await dialog.getByLabel('Reason for declining').fill('I am away on a field trip until next month.');
  const declined = new Date();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(decliner).toHaveURL(/\/reviewer-dashboard$/);
  await decliningContext.close();

  // The editors' e-mail leads to the paper's page, which offers the paper to a reviewer again.
  const declineMail = await mail.waitForEmail(demoAccounts.admin.email, { since: declined, contains: title });
  expect(declineMail.text).toContain('Their reason: I am away on a field trip until next month.');
  expect(declineMail.text).toContain('The paper can be assigned to another reviewer from its page');
  const paperLink = linkIn(declineMail, '/papers/');
  expect(new URL(paperLink).pathname).toBe(`/papers/${paperId}`);
  await admin.goto(paperLink);
  await expect(admin).toHaveURL(atPath(`/papers/${paperId}`));
  await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const rows = reviewersCard(admin).getByRole('list', { name: 'Assignments of this paper' }).getByRole('listitem');
  await expect(rows.filter({ hasText: 'I am away on a field trip until next month.' })).toContainText('Declined');

  const reassigned = new Date();
  await assignOnPaperPage(admin, replacing);
  await expect(rows).toHaveCount(2);
  await expect(reviewersCard(admin).getByText('No reviewer can be assigned now: the current round has all its reviewers, or the paper is not submitted or under review.')).toBeVisible();
  // The new reviewer is told, and finds the paper on their dashboard.
  await mail.waitForEmail(replacing.email, { since: reassigned, contains: '/review/' });
  await replacement.goto('/reviewer-dashboard');
  await expect(replacement.getByRole('list', { name: 'Assigned papers' }).getByRole('listitem').filter({ hasText: title })).toBeVisible();
  await replacingContext.close();
});
