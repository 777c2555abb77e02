import { createConfirmedUser, submitPaperViaApi } from '../support/api.js';
import { uniqueWord } from '../support/db.js';
import { baseURL, demoAccounts } from '../support/env.js';
import { expect, test } from '../support/fixtures.js';
import { realPdf } from '../support/pdf.js';
import { expectToast } from '../support/toast.js';
import { atPath } from '../support/urls.js';

// Issue 5: an editor's decisions, through the real UI, API, worker and mail catcher.

test('an admin lands on /admin, finds a submitted paper by status, accepts it (the author is e-mailed), publishes it, and a visitor finds it', async ({
  page,
  authPage,
  mail,
  playwright,
  browser,
}) => {
  test.setTimeout(120_000);
  const authorRequest = await playwright.request.newContext({ baseURL });
  const author = await createConfirmedUser(authorRequest, mail, 'decided');
  const word = uniqueWord('decided');
  const title = `Catalase Activity in Potato Extracts ${word}`;
  await submitPaperViaApi(authorRequest, author, { title, pdf: await realPdf(title) });
  await authorRequest.dispose();

  await authPage.goto();
  await authPage.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  await expect(page).toHaveURL(atPath('/admin'));
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Manage research paper submissions, reviews, and reviewers')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Papers by status' }).getByRole('listitem').first()).toContainText('All');

  // The queue board is one click away.
  await expect(page.getByRole('link', { name: 'Email queue', exact: true })).toHaveAttribute('href', '/admin/queues');

  await page.getByLabel('Filter by status').selectOption('submitted');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText('Submitted')).toBeVisible();
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/papers\/[0-9a-f-]{36}$/);
  const paperId = new URL(page.url()).pathname.split('/').at(-1)!;

  const actions = page.getByRole('group', { name: 'Change paper status' });
  const since = new Date();
  await actions.getByRole('button', { name: 'Accept' }).click();
  await expectToast(page, 'Status Updated', 'Paper status changed to accepted. Congratulatory email sent to author.');
  const accepted = await mail.waitForEmail(author.email, { since, contains: title });
  expect(accepted.subject).toMatch(/accepted/i);
  expect(accepted.html ?? accepted.text ?? '').toContain(`/papers/${paperId}`);

  await actions.getByRole('button', { name: 'Publish' }).click();
  await expectToast(page, 'Status Updated', 'Paper status changed to published');
  const history = page.getByRole('list', { name: 'Status history' });
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history.getByRole('listitem').first()).toContainText('Submitted by Author');
  await mail.waitForEmail(author.email, { since, subject: /published/i });

  // A visitor now finds it on /papers.
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto('/papers');
    await visitor.getByPlaceholder('Search papers, authors, or keywords...').fill(word);
    await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  } finally {
    await visitorContext.close();
  }
});
