import { paperOfNewAuthor } from '../support/api.js';
import { uniqueWord } from '../support/db.js';
import { baseURL } from '../support/env.js';
import { expect, test } from '../support/fixtures.js';
import { newReviewer, openReviewerManagement } from '../support/reviewers.js';
import { linkIn } from '../support/mail.js';
import { expectToast } from '../support/toast.js';
import { atPath } from '../support/urls.js';

// Issue 13: an editor assigns a submitted paper to an invited reviewer, who reviews it; the
// editor reads the review and decides.

test('an invited reviewer is assigned a submitted paper, drafts and submits a review; the editor reads it and accepts the paper', async ({
  pageAs,
  mail,
  playwright,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Enzyme Kinetics in Pineapple Juice ${uniqueWord('reviewed')}`;
  const { author, paperId } = await paperOfNewAuthor(playwright.request, mail, 'reviewed-author', title);

  const admin = await pageAs('admin');
  await openReviewerManagement(admin);
  const reviewerContext = await browser.newContext({ baseURL });
  const page = await reviewerContext.newPage();
  const reviewer = await newReviewer(admin, mail, page);

  // The editor assigns the paper; the reviewer is e-mailed a link to the review.
  await openReviewerManagement(admin);
  const since = new Date();
  await admin.getByLabel('Paper', { exact: true }).selectOption({ value: paperId });
  await admin.getByLabel('Reviewer', { exact: true }).selectOption({ label: `${reviewer.name} (${reviewer.email})` });
  await admin.getByRole('button', { name: 'Assign Paper for Review' }).click();
  await expectToast(admin, 'Paper Assigned', 'Paper has been successfully assigned to the reviewer.');
  const assignment = admin.getByRole('list', { name: 'Current assignments' }).getByRole('listitem').filter({ hasText: title });
  await expect(assignment).toContainText(`Reviewer: ${reviewer.name}`);
  await expect(assignment).toContainText('Assigned');
  const assignedMail = await mail.waitForEmail(reviewer.email, { since, contains: '/review/' });
  const reviewLink = linkIn(assignedMail, '/review/');

  // The reviewer finds it on the dashboard and opens the paper and its PDF.
  await page.goto('/reviewer-dashboard');
  await expect(page.getByRole('listitem', { name: 'Total Assignments: 1' })).toBeVisible();
  const item = page.getByRole('list', { name: 'Assigned papers' }).getByRole('listitem').filter({ hasText: title });
  await item.getByRole('link', { name: 'View Paper' }).click();
  await expect(page).toHaveURL(atPath(`/papers/${paperId}`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The page's View PDF opens the unpublished paper's PDF in a new tab, with the reviewer's session.
  const viewPdf = page.getByRole('link', { name: 'View PDF' });
  await expect(viewPdf).toHaveAttribute('target', '_blank');
  const href = await viewPdf.getAttribute('href');
  expect(href).toContain(`/api/papers/${paperId}/pdf`);
  const pdf = await page.context().request.get(href!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const popup = page.waitForEvent('popup');
  await viewPdf.click();
  await (await popup).close();

  // A draft, then Continue Review, then the submission.
  await page.goto('/reviewer-dashboard');
  await item.getByRole('link', { name: 'Start Review' }).click();
  // The e-mailed link and the dashboard's button lead to the same review.
  await expect(page).toHaveURL(atPath(new URL(reviewLink).pathname));
  await page.getByRole('textbox', { name: 'Review' }).fill('The method is clear; more samples would help.');
  // The rubric (the six defaults): one score and comment in the draft, every score before submitting.
  const method = page.getByRole('group', { name: 'Method' });
  await method.getByRole('radiogroup', { name: 'Score for Method' }).getByRole('radio', { name: '3 — adequate' }).check();
  await method.getByRole('textbox', { name: 'Comment on Method (optional)' }).fill('Say how many samples you took.');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expectToast(page, 'Review saved');
  await page.goto('/reviewer-dashboard');
  await expect(page.getByRole('listitem', { name: 'Pending Reviews: 1' })).toBeVisible();
  await item.getByRole('link', { name: 'Continue Review' }).click();
  await expect(page.getByRole('textbox', { name: 'Review' })).toHaveValue('The method is clear; more samples would help.');
  await expect(method.getByRole('radio', { name: '3 — adequate' })).toBeChecked();
  await page.getByLabel('Recommendation').selectOption('minor_revisions');
  await expect(page.getByRole('button', { name: 'Submit Review' })).toBeDisabled();
  for (const group of await page.getByRole('radiogroup', { name: /^Score for / }).all()) {
    if ((await group.getByRole('radio', { checked: true }).count()) === 0) await group.getByRole('radio', { name: '4 — good' }).check();
  }
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByRole('button', { name: 'Submit Review' })).toHaveCount(0);

  await page.goto('/reviewer-dashboard');
  await expect(page.getByRole('listitem', { name: 'Completed Reviews: 1' })).toBeVisible();
  await item.getByRole('link', { name: 'View Review' }).click();
  await expect(page.getByRole('textbox', { name: 'Review' })).not.toBeEditable();
  await expect(page.getByRole('button', { name: 'Save Draft' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Scores from the review' }).getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await reviewerContext.close();

  // The editor reads the review on the paper's page and accepts the paper; the author is told.
  await admin.goto(`/papers/${paperId}`);
  // The card is a labelled div (not a landmark): found from its heading.
  const review = admin.getByRole('heading', { name: 'Peer Review' }).locator('xpath=ancestor::*[@aria-labelledby][1]');
  await expect(review).toContainText(reviewer.name);
  await expect(review).toContainText('Submitted');
  await expect(review).toContainText('Minor Revisions');
  await expect(review).toContainText('The method is clear; more samples would help.');
  const scores = review.getByRole('region', { name: 'Scores from the review' });
  await expect(scores.getByRole('listitem').filter({ hasText: 'Method' })).toContainText('3 out of 5');
  await expect(scores.getByRole('listitem').filter({ hasText: 'Method' })).toContainText('Say how many samples you took.');
  await expect(scores.getByRole('listitem').filter({ hasText: 'Ethics' })).toContainText('4 out of 5');
  const decided = new Date();
  await admin.getByRole('group', { name: 'Change paper status' }).getByRole('button', { name: 'Accept' }).click();
  await expectToast(admin, 'Status Updated', 'Paper status changed to accepted. Congratulatory email sent to author.');
  const decision = await mail.waitForEmail(author.email, { since: decided, contains: title });
  expect(decision.subject).toMatch(/accepted/i);
});
