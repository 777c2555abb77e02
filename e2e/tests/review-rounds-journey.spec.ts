import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paperOfNewAuthor } from '../support/api.js';
import { AuthPage } from '../support/auth-page.js';
import { uniqueWord } from '../support/db.js';
import { baseURL } from '../support/env.js';
import { expect, type Page, test } from '../support/fixtures.js';
import { newReviewer, openReviewerManagement } from '../support/reviewers.js';
import { realPdf } from '../support/pdf.js';
import { expectToast } from '../support/toast.js';

// Issue 18's journey: a reviewer declines, another reviews with the rubric, the editor asks for
// minor revisions sharing the feedback, the author reads it and answers with a revised PDF and a
// letter, the reviewer reviews round 2, the editor accepts, and the reviewer takes a certificate.

async function assign(admin: Page, paperId: string, reviewer: { name: string; email: string }): Promise<void> {
  await openReviewerManagement(admin);
  await admin.getByLabel('Paper', { exact: true }).selectOption({ value: paperId });
  await admin.getByLabel('Reviewer', { exact: true }).selectOption({ label: `${reviewer.name} (${reviewer.email})` });
  await admin.getByRole('button', { name: 'Assign Paper for Review' }).click();
  await expectToast(admin, 'Paper Assigned', 'Paper has been successfully assigned to the reviewer.');
}

/** Opens the paper's review from the reviewer's dashboard. */
async function openReview(page: Page, title: string, action: 'Start Review' | 'Continue Review' | 'View Review'): Promise<void> {
  await page.goto('/reviewer-dashboard');
  const item = page.getByRole('list', { name: 'Assigned papers' }).getByRole('listitem').filter({ hasText: title });
  await item.getByRole('link', { name: action }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** Writes the review, scores every criterion of the rubric, and submits it. */
async function writeReview(page: Page, text: string, recommendation: string, score: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Review' }).fill(text);
  await page.getByLabel('Recommendation').selectOption(recommendation);
  for (const group of await page.getByRole('radiogroup', { name: /^Score for / }).all()) await group.getByRole('radio', { name: score }).check();
  await page.getByRole('group', { name: 'Method' }).getByRole('textbox', { name: 'Comment on Method (optional)' }).fill('Say how many plants you measured.');
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByRole('button', { name: 'Submit Review' })).toHaveCount(0);
}

test('review in rounds: a decline, a rubric review, minor revisions, the author’s revision, round 2, acceptance and a certificate', async ({
  pageAs,
  mail,
  playwright,
  browser,
}) => {
  test.setTimeout(300_000);
  const title = `Bean Sprouts Under Coloured Light ${uniqueWord('rounds')}`;
  const { author, paperId } = await paperOfNewAuthor(playwright.request, mail, 'revising-author', title);

  const admin = await pageAs('admin');
  const decliningContext = await browser.newContext({ baseURL });
  const decliner = await decliningContext.newPage();
  const reviewingContext = await browser.newContext({ baseURL });
  const reviewerPage = await reviewingContext.newPage();
  await openReviewerManagement(admin);
  const declining = await newReviewer(admin, mail, decliner);
  await openReviewerManagement(admin);
  const reviewer = await newReviewer(admin, mail, reviewerPage);

  // The first reviewer declines, with a reason the editors see; the paper can be assigned again.
  await assign(admin, paperId, declining);
  await openReview(decliner, title, 'Start Review');
  await decliner.getByRole('button', { name: 'Decline this review' }).click();
  const dialog = decliner.getByRole('dialog', { name: 'Decline this review' });
  await dialog.getByLabel('Reason for declining').fill('I coached one of the authors this year.');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(decliner).toHaveURL(/\/reviewer-dashboard$/);
  await expect(decliner.getByRole('list', { name: 'Assigned papers' }).getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  await decliningContext.close();
  await openReviewerManagement(admin);
  // Both reviewers are called Grace Hopper: the declined assignment is found by its reason.
  const declined = admin.getByRole('list', { name: 'Current assignments' }).getByRole('listitem').filter({ hasText: 'I coached one of the authors this year.' });
  await expect(declined).toContainText('Declined');
  await expect(declined).toContainText(title);

  // Another reviewer reviews round 1 with the rubric.
  await assign(admin, paperId, reviewer);
  await openReview(reviewerPage, title, 'Start Review');
  await writeReview(reviewerPage, 'A clear question; the sample is small.', 'minor_revisions', '3 — adequate');

  // The editor asks for minor revisions, sharing the text and the scores.
  await admin.goto(`/papers/${paperId}`);
  await expect(admin.getByRole('region', { name: 'Round 1' })).toContainText('A clear question; the sample is small.');
  await admin.getByRole('radio', { name: /^Minor revisions/ }).check();
  await admin.getByRole('textbox', { name: /Note to the author/ }).fill('Please measure more plants.');
  await admin.getByRole('button', { name: 'Request Revisions' }).click();
  await expectToast(admin, 'Revisions requested', 'The author has been told by e-mail.');
  await mail.waitForEmail(author.email, { contains: 'minor revisions' });

  // The author reads the feedback, anonymous, and answers with a revised PDF and a letter.
  const authorContext = await browser.newContext({ baseURL });
  const authorPage = await authorContext.newPage();
  await new AuthPage(authorPage).signIn(author.email, author.password);
  await authorPage.goto(`/papers/${paperId}`);
  const feedback = authorPage.getByRole('region', { name: 'Round 1' });
  await expect(feedback).toContainText('Reviewer 1');
  await expect(feedback).toContainText('A clear question; the sample is small.');
  await expect(feedback).toContainText('Say how many plants you measured.');
  await expect(feedback).not.toContainText(reviewer.name);
  await expect(authorPage.getByText('Please measure more plants.')).toBeVisible();
  const revised = join(tmpdir(), `revised-${uniqueWord('pdf')}.pdf`);
  await writeFile(revised, await realPdf(`${title} (revised)`));
  const form = authorPage.getByRole('form', { name: 'Submit your revision' });
  await form.getByLabel('Revised paper (PDF)').setInputFiles(revised);
  await form.getByRole('textbox', { name: /Response letter/ }).fill('We measured 60 plants instead of 12.');
  await form.getByRole('button', { name: 'Submit Revision' }).click();
  await expectToast(authorPage, 'Revision submitted', 'The editors have been told. Your paper is back under review.');
  await authorContext.close();

  // Round 2 goes to the same reviewer, who sees the earlier round, the letter and both PDFs.
  await assign(admin, paperId, reviewer);
  await openReview(reviewerPage, title, 'Start Review');
  const earlier = reviewerPage.getByRole('region', { name: 'Round 1' });
  await expect(earlier).toContainText('We measured 60 plants instead of 12.');
  await expect(earlier).toContainText('A clear question; the sample is small.');
  for (const round of [1, 2]) {
    const href = await reviewerPage.getByRole('link', { name: new RegExp(`PDF reviewed in round ${round}`) }).getAttribute('href');
    const pdf = await reviewerPage.context().request.get(href!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }
  await writeReview(reviewerPage, 'The larger sample answers my concern.', 'accept', '5 — excellent');

  // The editor accepts the paper.
  await admin.goto(`/papers/${paperId}`);
  await expect(admin.getByRole('region', { name: 'Round 2' })).toContainText('The larger sample answers my concern.');
  await admin.getByRole('group', { name: 'Change paper status' }).getByRole('button', { name: 'Accept' }).click();
  await expectToast(admin, 'Status Updated', 'Paper status changed to accepted. Congratulatory email sent to author.');

  // The reviewer downloads a certificate for each submitted review.
  await reviewerPage.goto('/reviewer-dashboard');
  await expect(reviewerPage.getByRole('listitem', { name: 'Completed Reviews: 2' })).toBeVisible();
  const certificate = reviewerPage.getByRole('link', { name: /Download certificate/ }).first();
  const response = await reviewerPage.context().request.get((await certificate.getAttribute('href'))!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await reviewingContext.close();
});
