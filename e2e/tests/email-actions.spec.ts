import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paperOfNewAuthor } from '../support/api.js';
import { uniqueWord } from '../support/db.js';
import {
  assignOnPaperPage,
  bringRevisionReminderDue,
  linkTo,
  reviewersCard,
  runDueRemindersNow,
  signedInPage,
} from '../support/email-actions.js';
import { baseURL, demoAccounts } from '../support/env.js';
import { expect, type Page, test } from '../support/fixtures.js';
import { linkIn } from '../support/mail.js';
import { realPdf } from '../support/pdf.js';
import { newReviewer, openReviewerManagement } from '../support/reviewers.js';
import { expectToast } from '../support/toast.js';
import { atPath } from '../support/urls.js';

// Issue 27, act where you land: every e-mail that asks its recipient to do something links to the
// page where it is done, and each journey here opens the link from the e-mail, as the recipient,
// and does it there. (The decline e-mail's journey is act-where-you-land.spec.ts; the sign-up,
// password and invitation links have their own specs.)

/** Writes `text` in the paper page's Discussion and waits for it to be listed as the author's. */
async function commentAsAuthor(page: Page, text: string): Promise<void> {
  await page.getByLabel('Add a comment').fill(text);
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expectToast(page, 'Success', 'Comment added successfully.');
  await expect(page.getByRole('article', { name: 'Comment by Author' }).filter({ hasText: text })).toBeVisible();
}

test('the author’s e-mails (submitted, the editors’ comment, the decision) lead to the paper’s page, where the author writes to the editors', async ({
  pageAs,
  mail,
  playwright,
  browser,
}) => {
  test.setTimeout(150_000);
  const title = `Ant Trails Around Sugar Water ${uniqueWord('discuss')}`;
  const submitted = new Date();
  const { author, paperId } = await paperOfNewAuthor(playwright.request, mail, 'landing-discussion', title);
  const authorPage = await signedInPage(browser, author, '/');

  // Submitted: the author follows the paper and asks the editors a question on its page.
  const submittedMail = await mail.waitForEmail(author.email, { since: submitted, subject: /Your paper was submitted/, contains: title });
  await authorPage.goto(linkTo(submittedMail, '/papers/', `/papers/${paperId}`));
  await expect(authorPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await commentAsAuthor(authorPage, 'How long does the first review usually take?');

  // The editors answer in the discussion; the author is e-mailed and replies where the link leads.
  const admin = await pageAs('admin');
  await admin.goto(`/papers/${paperId}`);
  const commented = new Date();
  await admin.getByLabel('Add a comment').fill('Two to four weeks. We will write when it starts.');
  await admin.getByRole('button', { name: 'Post Comment' }).click();
  await expectToast(admin, 'Success', 'Comment added and notification email sent.');
  const commentMail = await mail.waitForEmail(author.email, { since: commented, subject: /New comment from/, contains: title });
  await authorPage.goto(linkTo(commentMail, '/papers/', `/papers/${paperId}`));
  await expect(authorPage.getByRole('article', { name: 'Comment by Editorial Team' })).toContainText('Two to four weeks.');
  await commentAsAuthor(authorPage, 'Thank you, I will wait.');

  // A rejection invites questions on the paper's page: the author asks one there.
  const rejected = new Date();
  await admin.getByRole('group', { name: 'Change paper status' }).getByRole('button', { name: 'Reject' }).click();
  await expectToast(admin, 'Status Updated', 'Paper status changed to rejected');
  const rejectionMail = await mail.waitForEmail(author.email, { since: rejected, subject: /not accepted for publication/, contains: title });
  await authorPage.goto(linkTo(rejectionMail, '/papers/', `/papers/${paperId}`));
  await commentAsAuthor(authorPage, 'Could you tell me what to improve for next time?');
  await authorPage.context().close();
});

test('review and revision e-mails (assigned, reminder, submitted, revisions requested, revision reminder, revision submitted) each lead to where their action is done', async ({
  pageAs,
  mail,
  playwright,
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Radish Seeds in Salty Soil ${uniqueWord('revise')}`;
  const { author, paperId } = await paperOfNewAuthor(playwright.request, mail, 'landing-revising', title);

  const admin = await pageAs('admin');
  const reviewerContext = await browser.newContext({ baseURL });
  const reviewerPage = await reviewerContext.newPage();
  await openReviewerManagement(admin);
  const reviewer = await newReviewer(admin, mail, reviewerPage);

  // Assigned: the reviewer opens the review page from the e-mail and starts a draft there.
  await admin.goto(`/papers/${paperId}`);
  const assigned = new Date();
  await assignOnPaperPage(admin, reviewer);
  const assignedMail = await mail.waitForEmail(reviewer.email, { since: assigned, subject: /assigned to you for review/, contains: title });
  const reviewLink = linkIn(assignedMail, '/review/');
  const reviewPath = new URL(reviewLink).pathname;
  await reviewerPage.goto(reviewLink);
  await expect(reviewerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await reviewerPage.getByRole('textbox', { name: 'Review' }).fill('Clear aim; the salt levels need a control.');
  await reviewerPage.getByRole('button', { name: 'Save Draft' }).click();
  await expectToast(reviewerPage, 'Review saved');

  // Review reminder: sent from the paper page's Reviewers card; its link leads back to the draft,
  // which the reviewer finishes and submits there.
  const reminded = new Date();
  await reviewersCard(admin).getByRole('button', { name: `Send reminder for review by ${reviewer.name}` }).click();
  await expectToast(admin, 'Reminder sent', 'The reviewer has been e-mailed a reminder of the due date.');
  const reminderMail = await mail.waitForEmail(reviewer.email, { since: reminded, subject: /Reminder: a review/, contains: title });
  await reviewerPage.goto(linkTo(reminderMail, '/review/', reviewPath));
  await expect(reviewerPage.getByRole('textbox', { name: 'Review' })).toHaveValue('Clear aim; the salt levels need a control.');
  await reviewerPage.getByLabel('Recommendation').selectOption('minor_revisions');
  for (const group of await reviewerPage.getByRole('radiogroup', { name: /^Score for / }).all()) await group.getByRole('radio', { name: '4 — good' }).check();
  const reviewed = new Date();
  await reviewerPage.getByRole('button', { name: 'Submit Review' }).click();
  await expect(reviewerPage.getByRole('button', { name: 'Submit Review' })).toHaveCount(0);

  // Review submitted: the editor reads it on the paper's page and asks for revisions there.
  const submittedMail = await mail.waitForEmail(demoAccounts.admin.email, { since: reviewed, subject: /A review was submitted/, contains: title });
  await admin.goto(linkTo(submittedMail, '/papers/', `/papers/${paperId}`));
  await expect(admin.getByRole('region', { name: 'Round 1' })).toContainText('Clear aim; the salt levels need a control.');
  await admin.getByRole('radio', { name: /^Minor revisions/ }).check();
  await admin.getByRole('textbox', { name: /Note to the author/ }).fill('Please add a control without salt.');
  const requested = new Date();
  await admin.getByRole('button', { name: 'Request Revisions' }).click();
  await expectToast(admin, 'Revisions requested', 'The author has been told by e-mail.');

  // Revisions requested: the link opens the paper's page with the feedback and the revision form.
  const authorPage = await signedInPage(browser, author, '/');
  const requestedMail = await mail.waitForEmail(author.email, { since: requested, subject: /asks you to revise/, contains: title });
  await authorPage.goto(linkTo(requestedMail, '/papers/', `/papers/${paperId}`));
  await expect(authorPage.getByRole('region', { name: 'Round 1' })).toContainText('Clear aim; the salt levels need a control.');
  await expect(authorPage.getByText('Please add a control without salt.')).toBeVisible();
  await expect(authorPage.getByRole('form', { name: 'Submit your revision' })).toBeVisible();

  // Revision reminder (the worker's, due soon): its link leads to the same form, and the author
  // sends the revision from there.
  await bringRevisionReminderDue(paperId);
  const sweep = new Date();
  await runDueRemindersNow(admin);
  const revisionReminder = await mail.waitForEmail(author.email, { since: sweep, subject: /Reminder: your revised paper/, contains: title });
  await authorPage.goto(linkTo(revisionReminder, '/papers/', `/papers/${paperId}`));
  const revised = join(tmpdir(), `revised-${uniqueWord('pdf')}.pdf`);
  await writeFile(revised, await realPdf(`${title} (revised)`));
  const form = authorPage.getByRole('form', { name: 'Submit your revision' });
  await form.getByLabel('Revised paper (PDF)').setInputFiles(revised);
  await form.getByRole('textbox', { name: /Response letter/ }).fill('We added a control pot without salt.');
  const answered = new Date();
  await form.getByRole('button', { name: 'Submit Revision' }).click();
  await expectToast(authorPage, 'Revision submitted', 'The editors have been told. Your paper is back under review.');
  await authorPage.context().close();

  // Revision submitted: the editor assigns round 2 on the paper's page, and the reviewer is told.
  const revisionMail = await mail.waitForEmail(demoAccounts.admin.email, { since: answered, subject: /sent a revised paper/, contains: title });
  await admin.goto(linkTo(revisionMail, '/papers/', `/papers/${paperId}`));
  await expect(admin).toHaveURL(atPath(`/papers/${paperId}`));
  const reassigned = new Date();
  await assignOnPaperPage(admin, reviewer);
  const roundTwoMail = await mail.waitForEmail(reviewer.email, { since: reassigned, subject: /assigned to you for review/, contains: title });
  expect(new URL(linkIn(roundTwoMail, '/review/')).pathname).not.toBe(reviewPath);
  await reviewerContext.close();
});

test('a message’s e-mail leads its recipient to where they read and answer it, the reviewer and then the editor', async ({ pageAs, mail, browser }) => {
  test.setTimeout(150_000);
  const admin = await pageAs('admin');
  await openReviewerManagement(admin);
  const reviewerContext = await browser.newContext({ baseURL });
  const reviewerPage = await reviewerContext.newPage();
  const reviewer = await newReviewer(admin, mail, reviewerPage);

  const subject = `Your availability ${uniqueWord('landing-msg')}`;
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: /^Messages/ }).click();
  await admin.getByRole('button', { name: 'Message Reviewer' }).click();
  const compose = admin.getByRole('dialog', { name: 'Message Reviewer' });
  await compose.getByLabel('Reviewer').selectOption({ label: `${reviewer.name} (${reviewer.email})` });
  await compose.getByLabel('Subject').fill(subject);
  await compose.getByLabel('Message', { exact: true }).fill('Could you review a paper next month?');
  const sent = new Date();
  await compose.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(admin, 'Message sent successfully!');

  // The reviewer's e-mail leads to their dashboard, where they open the message and reply.
  const toReviewer = await mail.waitForEmail(reviewer.email, { since: sent, subject: /new message/, contains: subject });
  await reviewerPage.goto(linkTo(toReviewer, '/reviewer-dashboard', '/reviewer-dashboard'));
  await reviewerPage.getByRole('button', { name: `Unread: ${subject}` }).click();
  const opened = reviewerPage.getByRole('dialog', { name: subject });
  await expect(opened.getByText('Could you review a paper next month?')).toBeVisible();
  await opened.getByLabel('Your reply').fill('Yes, from the tenth.');
  const replied = new Date();
  await opened.getByRole('button', { name: 'Send Reply' }).click();
  await expectToast(reviewerPage, 'Message sent successfully!');

  // The editor's e-mail leads to the dashboard's Messages tab, where they open the reply and answer.
  const toEditor = await mail.waitForEmail(demoAccounts.admin.email, { since: replied, subject: /new message/, contains: `Re: ${subject}` });
  const editorLink = linkTo(toEditor, '/admin', '/admin');
  expect(new URL(editorLink).searchParams.get('tab')).toBe('messages');
  await admin.goto(editorLink);
  await expect(admin.getByRole('tab', { name: /^Messages/ })).toHaveAttribute('aria-selected', 'true');
  await admin.getByRole('list', { name: 'Messages' }).getByRole('button', { name: `Unread: Re: ${subject}` }).click();
  const reply = admin.getByRole('dialog', { name: `Re: ${subject}` });
  await expect(reply.getByText('Yes, from the tenth.')).toBeVisible();
  await reply.getByLabel('Your reply').fill('Thank you, we will assign it then.');
  const answered = new Date();
  await reply.getByRole('button', { name: 'Send Reply' }).click();
  await expectToast(admin, 'Message sent successfully!');
  await mail.waitForEmail(reviewer.email, { since: answered, subject: /new message/, contains: 'Thank you, we will assign it then.' });
  await reviewerContext.close();
});
