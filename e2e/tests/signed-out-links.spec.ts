import { paperOfNewAuthor } from '../support/api.js';
import { AuthPage } from '../support/auth-page.js';
import { uniqueWord } from '../support/db.js';
import { assignOnPaperPage } from '../support/email-actions.js';
import { baseURL } from '../support/env.js';
import { expect, test } from '../support/fixtures.js';
import { linkIn } from '../support/mail.js';
import { newReviewer, openReviewerManagement } from '../support/reviewers.js';
import { atPath } from '../support/urls.js';

// Issue 27, act where you land, for a recipient who is not signed in when the e-mail's link is
// opened: the journal asks them to sign in and then opens the linked page, not their dashboard.

test('a signed-out reviewer who opens the e-mailed review link signs in and lands on that review; a signed-out author of an unpublished paper signs in from its page and sees it', async ({
  pageAs,
  mail,
  playwright,
  browser,
}) => {
  test.setTimeout(150_000);
  const title = `Moss Growth on North Walls ${uniqueWord('signedout')}`;
  const { author, paperId } = await paperOfNewAuthor(playwright.request, mail, 'signed-out-link', title);

  const admin = await pageAs('admin');
  const invitedContext = await browser.newContext({ baseURL });
  await openReviewerManagement(admin);
  const reviewer = await newReviewer(admin, mail, await invitedContext.newPage());
  await invitedContext.close();

  await admin.goto(`/papers/${paperId}`);
  const assigned = new Date();
  await assignOnPaperPage(admin, reviewer);
  const assignedMail = await mail.waitForEmail(reviewer.email, { since: assigned, subject: /assigned to you for review/, contains: title });
  const reviewLink = linkIn(assignedMail, '/review/');
  const reviewPath = new URL(reviewLink).pathname;

  // The reviewer reads the e-mail in a browser where they are not signed in.
  const reviewerContext = await browser.newContext({ baseURL });
  const reviewerPage = await reviewerContext.newPage();
  await reviewerPage.goto(reviewLink);
  await expect(reviewerPage).toHaveURL(atPath('/auth'));
  await new AuthPage(reviewerPage).signIn(reviewer.email, reviewer.password);
  await expect(reviewerPage).toHaveURL(atPath(reviewPath));
  await expect(reviewerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(reviewerPage.getByRole('textbox', { name: 'Review' })).toBeEditable();
  await reviewerContext.close();

  // The paper is not published: a visitor is told it is not found, and may sign in from there.
  const authorContext = await browser.newContext({ baseURL });
  const authorPage = await authorContext.newPage();
  await authorPage.goto(`/papers/${paperId}`);
  await expect(authorPage.getByText('Error loading paper or paper not found.')).toBeVisible();
  await authorPage.getByRole('alert').getByRole('link', { name: 'sign in' }).click();
  await expect(authorPage).toHaveURL(atPath('/auth'));
  await new AuthPage(authorPage).signIn(author.email, author.password);
  await expect(authorPage).toHaveURL(atPath(`/papers/${paperId}`));
  await expect(authorPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await authorContext.close();
});
