import type { Browser } from '@playwright/test';
import { paperOfNewAuthor } from '../support/api.js';
import { AuthPage } from '../support/auth-page.js';
import { uniqueWord } from '../support/db.js';
import { assignOnPaperPage, reviewersCard } from '../support/email-actions.js';
import { demoAccounts, severalReviewersURL } from '../support/env.js';
import { expect, type Page, test } from '../support/fixtures.js';
import { linkIn, type MailCatcher } from '../support/mail.js';
import { newReviewer, openReviewerManagement } from '../support/reviewers.js';
import { expectToast } from '../support/toast.js';
import { atPath } from '../support/urls.js';

// Issue 27, several reviewers per round: on an API of the stack with REVIEWERS_PER_ROUND=2, an
// editor gives a round two reviewers from the paper's page; one declines and is replaced there;
// both reviews are read side by side; the revision request shares one, which the author reads
// unnamed as the reviewer's number.

const NOT_ASSIGNABLE = 'No reviewer can be assigned now: the current round has all its reviewers, or the paper is not submitted or under review.';

async function signedIn(browser: Browser, account: { email: string; password: string }, landing: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: severalReviewersURL })).newPage();
  await new AuthPage(page).signIn(account.email, account.password);
  await expect(page).toHaveURL(atPath(landing, severalReviewersURL));
  return page;
}

/** The reviewer opens the assignment e-mail's link and submits their review there. */
async function reviewFromEmail(page: Page, mail: MailCatcher, reviewer: { email: string }, since: Date, title: string, text: string): Promise<void> {
  const link = linkIn(await mail.waitForEmail(reviewer.email, { since, subject: /assigned to you for review/, contains: title }), '/review/');
  await page.goto(link);
  await page.getByRole('textbox', { name: 'Review' }).fill(text);
  await page.getByLabel('Recommendation').selectOption('minor_revisions');
  for (const group of await page.getByRole('radiogroup', { name: /^Score for / }).all()) await group.getByRole('radio', { name: '4 — good' }).check();
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByRole('button', { name: 'Submit Review' })).toHaveCount(0);
}

test('a round with two reviewers: one declines and is replaced, the reviews side by side, one shared with the author unnamed', async ({ browser, mail, playwright }) => {
  test.setTimeout(300_000);
  const title = `Bee Visits to Clover ${uniqueWord('several')}`;
  const { author, paperId } = await paperOfNewAuthor(playwright.request, mail, 'several-author', title, severalReviewersURL);

  const admin = await signedIn(browser, demoAccounts.admin, '/admin');
  const reviewerPages: Page[] = [];
  const reviewers: { email: string; name: string; password: string }[] = [];
  for (let index = 0; index < 3; index += 1) {
    reviewerPages.push(await (await browser.newContext({ baseURL: severalReviewersURL })).newPage());
    await openReviewerManagement(admin);
    reviewers.push(await newReviewer(admin, mail, reviewerPages[index]));
  }
  const [first, declining, replacing] = reviewers;

  // Two places in round 1, filled from the paper's page; a reviewer standing in it is not offered again.
  await admin.goto(`/papers/${paperId}`);
  const card = reviewersCard(admin);
  await expect(card.getByText('Round 1 has 0 of its 2 reviewers. Assign another here.')).toBeVisible();
  const firstAssigned = new Date();
  await assignOnPaperPage(admin, first);
  await expect(card.getByText('Round 1 has 1 of its 2 reviewers. Assign another here.')).toBeVisible();
  await expect(card.getByRole('option', { name: `${first.name} (${first.email})` })).toHaveCount(0);
  const secondAssigned = new Date();
  await assignOnPaperPage(admin, declining);
  await expect(card.getByText(NOT_ASSIGNABLE)).toBeVisible();

  // The second reviewer declines from the e-mailed review page.
  const decliner = reviewerPages[1];
  await decliner.goto(linkIn(await mail.waitForEmail(declining.email, { since: secondAssigned, contains: '/review/' }), '/review/'));
  await decliner.getByRole('button', { name: 'Decline this review' }).click();
  const dialog = decliner.getByRole('dialog', { name: 'Decline this review' });
  await dialog.getByLabel('Reason for declining').fill('I supervised this student last year.');
  const declined = new Date();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(decliner).toHaveURL(/\/reviewer-dashboard$/);

  // The editors' decline e-mail leads to the page, where the place is offered again and filled.
  const declineMail = await mail.waitForEmail(demoAccounts.admin.email, { since: declined, contains: title });
  await admin.goto(linkIn(declineMail, '/papers/'));
  await expect(admin).toHaveURL(atPath(`/papers/${paperId}`, severalReviewersURL));
  await expect(card.getByText('Round 1 has 1 of its 2 reviewers. Assign another here.')).toBeVisible();
  const replaced = new Date();
  await assignOnPaperPage(admin, replacing);
  await expect(card.getByText(NOT_ASSIGNABLE)).toBeVisible();

  await reviewFromEmail(reviewerPages[0], mail, first, firstAssigned, title, 'First reader: the sample of fields is small.');
  await reviewFromEmail(reviewerPages[2], mail, replacing, replaced, title, 'Second reader: the bar charts need units.');

  // The editor reads both, side by side, each with the name the author will read.
  await admin.reload();
  const firstReview = admin.getByRole('article').filter({ hasText: 'First reader: the sample of fields is small.' });
  const secondReview = admin.getByRole('article').filter({ hasText: 'Second reader: the bar charts need units.' });
  await expect(firstReview).toContainText('The author reads this reviewer as “Reviewer 1”.');
  await expect(secondReview).toContainText('The author reads this reviewer as “Reviewer 2”.');
  await expect(admin.getByRole('heading', { name: 'Peer Review' })).toHaveCount(0);

  // The revision request shares the second review only.
  const toShare = admin.getByRole('group', { name: 'Reviews to share with the author' });
  await toShare.getByRole('checkbox', { name: `Reviewer 1 (${first.name})` }).uncheck();
  await expect(toShare.getByRole('checkbox', { name: `Reviewer 2 (${replacing.name})` })).toBeChecked();
  const requested = new Date();
  await admin.getByRole('button', { name: 'Request Revisions' }).click();
  await expectToast(admin, 'Revisions requested', 'The author has been told by e-mail.');

  const letter = await mail.waitForEmail(author.email, { since: requested, contains: title });
  expect(letter.text).toContain('Second reader: the bar charts need units.');
  expect(letter.text).not.toContain('First reader');
  const authorPage = await signedIn(browser, author, '/');
  await authorPage.goto(linkIn(letter, '/papers/'));
  const feedback = authorPage.getByRole('article', { name: 'Round 1: review by Reviewer 2' });
  await expect(feedback).toContainText('Second reader: the bar charts need units.');
  await expect(authorPage.getByText('First reader: the sample of fields is small.')).toHaveCount(0);
  await expect(authorPage.getByText(first.name)).toHaveCount(0);
});
