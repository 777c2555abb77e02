import { uniqueWord } from '../support/db.js';
import { baseURL, demoAccounts } from '../support/env.js';
import { expect, test, type Page } from '../support/fixtures.js';
import { newReviewer, openReviewerManagement } from '../support/reviewers.js';
import { expectToast } from '../support/toast.js';

// Issue 14: an editor writes to a reviewer with an image; the reviewer's badge appears without a
// reload, the message opens (badge gone) with its image, and the reply comes back to the editors
// as 'Re: ...' with their own badge; both sides are e-mailed.

// A 2×2 PNG: small, and a real image for the server's content check and metadata rewrite.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4IWdzQs6GAUIBACH2BIkFu4vdAAAAAElFTkSuQmCC',
  'base64',
);

/** The messages card's heading, whose name carries the unread count ('Messages 1 unread'). */
const messagesHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Messages/ });

test('an editor messages a reviewer with an image; the reviewer sees it arrive, opens it and replies; the editor sees the reply', async ({
  pageAs,
  mail,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await pageAs('admin');
  await openReviewerManagement(admin);
  const reviewerContext = await browser.newContext({ baseURL });
  const reviewerPage = await reviewerContext.newPage();
  const reviewer = await newReviewer(admin, mail, reviewerPage);

  // The reviewer waits on the dashboard: nothing unread yet.
  await expect(messagesHeading(reviewerPage)).toHaveAccessibleName('Messages');
  await expect(reviewerPage.getByText('No messages yet. Use New Message to write to the editorial team.')).toBeVisible();

  // The editor writes from the Messages tab.
  const subject = `Your first assignment ${uniqueWord('msg')}`;
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: /^Messages/ }).click();
  await admin.getByRole('button', { name: 'Message Reviewer' }).click();
  const compose = admin.getByRole('dialog', { name: 'Message Reviewer' });
  await compose.getByLabel('Reviewer').selectOption({ label: `${reviewer.name} (${reviewer.email})` });
  await compose.getByLabel('Subject').fill(subject);
  await compose.getByLabel('Message', { exact: true }).fill('Welcome aboard.\nThe figure shows what we expect.');
  await compose.getByLabel('Attach images').setInputFiles({ name: 'figure.png', mimeType: 'image/png', buffer: PNG });
  await expect(compose.getByRole('img', { name: 'figure.png' })).toBeVisible();
  const sentAt = new Date();
  await compose.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(admin, 'Message sent successfully!');
  await expect(admin.getByRole('list', { name: 'Messages' }).getByRole('button', { name: subject })).toBeVisible();

  // The reviewer's badge appears without a reload (the list asks again within 30 s).
  await expect(messagesHeading(reviewerPage)).toHaveAccessibleName('Messages 1 unread', { timeout: 35_000 });
  await reviewerPage.getByRole('button', { name: `Unread: ${subject}` }).click();
  const opened = reviewerPage.getByRole('dialog', { name: subject });
  await expect(opened.getByText('The figure shows what we expect.')).toBeVisible();
  await expect(opened.getByText(`Editorial Team`, { exact: false }).first()).toBeVisible();
  const thumbnail = opened.getByRole('img', { name: 'figure.png' });
  await expect(thumbnail).toBeVisible();
  // Loaded through the API with the reviewer's session, as an image.
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  await opened.getByRole('button', { name: 'View figure.png full size' }).click();
  await expect(opened.getByRole('link', { name: 'Open in a new tab' })).toBeVisible();
  await opened.getByRole('button', { name: 'Back to the message' }).click();

  // The reply goes to the editorial team; the reviewer's badge is gone.
  await opened.getByLabel('Your reply').fill('Thank you, I will start today.');
  await opened.getByRole('button', { name: 'Send Reply' }).click();
  await expectToast(reviewerPage, 'Message sent successfully!');
  await expect(opened).toBeHidden();
  await expect(messagesHeading(reviewerPage)).toHaveAccessibleName('Messages');
  await expect(reviewerPage.getByRole('button', { name: `Re: ${subject}` })).toBeVisible();

  // The editor sees it arrive on the open tab, with the tab's own badge.
  await expect(admin.getByRole('tab', { name: /^Messages/ })).toHaveAccessibleName(/^Messages \d+ unread$/, { timeout: 35_000 });
  const reply = admin.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ has: admin.getByRole('button', { name: `Unread: Re: ${subject}` }) });
  await expect(reply).toContainText(`From ${reviewer.name} to Editorial Team`);
  await reply.getByRole('button').click();
  await expect(admin.getByRole('dialog', { name: `Re: ${subject}` }).getByText('Thank you, I will start today.')).toBeVisible();

  // Each side was e-mailed once for the message written to it.
  const toReviewer = await mail.waitForEmail(reviewer.email, { since: sentAt, contains: subject });
  expect(`${toReviewer.html}${toReviewer.text}`).toContain('Welcome aboard.');
  const toEditor = await mail.waitForEmail(demoAccounts.admin.email, { since: sentAt, contains: `Re: ${subject}` });
  expect(`${toEditor.html}${toEditor.text}`).toContain('Thank you, I will start today.');
  expect((await mail.list(reviewer.email)).filter((email) => `${email.html}${email.text}`.includes(subject))).toHaveLength(1);
  await reviewerContext.close();
});
