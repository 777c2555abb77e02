import { createConfirmedUser } from '../support/api.js';
import { AuthPage } from '../support/auth-page.js';
import { uniqueWord } from '../support/db.js';
import { expect, test, type Page } from '../support/fixtures.js';
import { realPdf } from '../support/pdf.js';
import { specText } from '../support/text.js';
import { expectToast } from '../support/toast.js';
import { atPath } from '../support/urls.js';

// Issue 4, the whole author journey through the real UI, API, worker and mail catcher: a new
// author pays the fee in test mode, submits a real PDF, follows it, discusses it and uploads a
// new version; another author cannot open it. The paper stays (unpublished) in the run's database.

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await new AuthPage(page).signIn(email, password);
  await expect(page).toHaveURL(atPath('/'));
}

test('a new author pays in test mode, submits a PDF, follows it, discusses it and uploads a new version; another author cannot open it', async ({
  page,
  request,
  mail,
  browser,
}) => {
  test.setTimeout(120_000);
  const author = await createConfirmedUser(request, mail, 'journey');
  await signIn(page, author.email, author.password);

  // Unpaid: the form refuses to submit, and says why.
  await page.goto('/submit');
  await expect(page.getByText(specText('Test mode — no real payment is taken'))).toBeVisible();
  const submitButton = page.getByRole('button', { name: 'Submit Paper' });
  await expect(submitButton).toHaveAttribute('aria-disabled', 'true');
  // aria-disabled (not disabled) so that a click still explains itself; Playwright waits for enabled unless forced.
  await submitButton.click({ force: true });
  await expectToast(page, 'Payment Required', 'Please complete the $100 submission fee before submitting your paper.');

  // The fee, in the built-in test mode: the checkout opens in a new tab and comes back to /submit there.
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Pay $100 Submission Fee' }).click();
  await expectToast(page, 'Payment Window Opened', 'Complete your payment in the new tab to enable paper submission.');
  const checkout = await popupPromise;
  await expect(checkout.getByRole('heading', { name: 'Test Mode Checkout' })).toBeVisible();
  await expect(checkout.getByText('$100.00 USD').first()).toBeVisible();
  await checkout.getByRole('button', { name: 'Pay $100.00 USD (test)' }).click();
  await expect(checkout).toHaveURL(atPath('/submit'));
  await expectToast(checkout, 'Payment Verified!', 'You can now submit your paper for review.');
  await expect(checkout.getByText('Payment complete. You can now submit your paper.')).toBeVisible();
  // The query parameters are cleared once handled.
  await expect.poll(() => new URL(checkout.url()).search).toBe('');
  // The tab that opened the checkout notices by itself, without a reload.
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  await expect(page.getByText('Payment complete. You can now submit your paper.')).toBeVisible();
  await expectToast(page, 'Payment Successful!', 'You can now submit your paper for review.');
  await expect(page.getByRole('button', { name: 'Submit Paper' })).not.toHaveAttribute('aria-disabled', 'true');
  expect(reloaded, 'the first tab was reloaded').toBe(false);

  // The form, in the tab that came back from the checkout.
  const word = uniqueWord('journey');
  const title = `Microplastics in School Drinking Fountains ${word}`;
  await checkout.getByLabel('Title').fill(title);
  const first = checkout.getByRole('group', { name: 'Author 1' });
  await first.getByLabel('Name').fill('Ada Tester');
  await first.getByLabel('Email').fill(author.email);
  await first.getByLabel('School').fill('Playwright High School');
  await checkout.getByRole('button', { name: 'Add Author' }).click();
  const second = checkout.getByRole('group', { name: 'Author 2' });
  await second.getByLabel('Name').fill('Grace Partner');
  await second.getByLabel('Email').fill('not-an-email');
  await second.getByLabel('School').fill('Playwright High School');
  await checkout.getByLabel('Category').selectOption('Environmental Science');
  await checkout.getByLabel('Keywords (optional)').fill('microplastics, water, schools');
  await checkout.getByLabel('Abstract').fill('We sampled water from twelve fountains across three schools and counted particles.');
  await expect(checkout.getByText(/\b12 words\b/)).toBeVisible();
  await checkout.getByLabel('Paper PDF').setInputFiles({ name: 'fountains.pdf', mimeType: 'application/pdf', buffer: await realPdf(title) });

  // The second author's e-mail is checked before anything is sent; then that row is removed.
  await checkout.getByRole('button', { name: 'Submit Paper' }).click();
  await expect(second.getByText(/valid e-?mail/i)).toBeVisible();
  await checkout.getByRole('button', { name: 'Remove author 2' }).click();
  await expect(checkout.getByRole('group', { name: 'Author 2' })).toHaveCount(0);

  const since = new Date();
  await checkout.getByRole('button', { name: 'Submit Paper' }).click();
  await expectToast(checkout, 'Success!', 'Your paper has been submitted successfully and is now under review.');
  await expect(checkout).toHaveURL(atPath('/papers'));
  const confirmation = await mail.waitForEmail(author.email, { since, contains: word });
  expect(`${confirmation.subject} ${confirmation.text ?? ''}`).toContain(title);

  // My Submissions: the new paper, submitted, a quarter of the way.
  await checkout.goto('/my-submissions');
  const item = checkout.getByRole('listitem').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item.getByText('Status: Submitted', { exact: false })).toBeAttached();
  await expect(item.getByRole('progressbar', { name: 'Review progress' })).toHaveAttribute('aria-valuenow', '25');
  await expect(item.getByRole('link', { name: 'View Published Paper' })).toHaveCount(0);

  // The dashboard on /.
  await checkout.goto('/');
  await expect(checkout.getByRole('heading', { name: `Welcome back, ${author.firstName}!` })).toBeVisible();
  await expect(checkout.getByText('Total Submissions')).toBeVisible();
  await expect(checkout.getByRole('heading', { name: 'Recent Submissions' })).toBeVisible();
  await checkout.getByRole('link', { name: title }).click();

  // The paper page, for its owner: status, discussion, versions.
  await expect(checkout).toHaveURL(/\/papers\/[0-9a-f-]{36}$/);
  const paperId = new URL(checkout.url()).pathname.split('/').at(-1)!;
  await expect(checkout.getByRole('heading', { name: title })).toBeVisible();
  await expect(checkout.getByRole('heading', { name: 'Discussion' })).toBeVisible();

  await checkout.getByLabel('Add a comment').fill('   ');
  await expect(checkout.getByRole('button', { name: 'Post Comment' })).toBeDisabled();
  await checkout.getByLabel('Add a comment').fill('**Question** about the method\n- sampling\n- counting\n<script>window.__pwned = true</script>');
  await checkout.getByRole('button', { name: 'Post Comment' }).click();
  await expectToast(checkout, 'Success', 'Comment added successfully.');
  const comment = checkout.getByRole('article', { name: 'Comment by Author' });
  await expect(comment.locator('strong')).toHaveText('Question');
  await expect(comment.getByRole('listitem')).toHaveText(['sampling', 'counting']);
  await expect(comment).toContainText('<script>window.__pwned = true</script>');
  expect(await checkout.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();

  await comment.getByRole('button', { name: 'Edit' }).click();
  await checkout.getByLabel('Edit comment').fill('**Question** about the sampling method, answered in version 2.');
  await checkout.getByRole('button', { name: 'Save' }).click();
  await expectToast(checkout, 'Success', 'Comment updated successfully.');
  await expect(comment).toContainText('about the sampling method, answered in version 2.');

  const secondVersion = await realPdf(`${title}, version 2`);
  await checkout.getByLabel('Updated paper (PDF)').setInputFiles({ name: 'fountains-v2.pdf', mimeType: 'application/pdf', buffer: secondVersion });
  await checkout.getByRole('button', { name: 'Upload Updated Paper' }).click();
  await expectToast(checkout, 'Success', 'Updated paper uploaded successfully!');
  await expect(checkout.getByText('Version 2', { exact: true })).toBeVisible();
  await expect(checkout.getByText('Version 1', { exact: true })).toBeVisible();
  // The paper's PDF is now the new version, byte for byte.
  const current = await checkout.request.get(`/api/papers/${paperId}/pdf`);
  expect(current.status()).toBe(200);
  expect(Buffer.compare(await current.body(), secondVersion)).toBe(0);

  // Another author: the paper does not exist for them, in the page and in the API.
  const other = await createConfirmedUser(request, mail, 'other');
  const otherContext = await browser.newContext();
  try {
    const otherPage = await otherContext.newPage();
    await signIn(otherPage, other.email, other.password);
    await otherPage.goto(`/papers/${paperId}`);
    await expect(otherPage.getByText(specText('Error loading paper or paper not found.'))).toBeVisible();
    await expect(otherPage.getByRole('heading', { name: title })).toHaveCount(0);
    for (const path of [`/api/papers/${paperId}`, `/api/papers/${paperId}/pdf`, `/api/papers/${paperId}/comments`, `/api/papers/${paperId}/versions`]) {
      expect((await otherPage.request.get(path)).status(), path).toBe(404);
    }
  } finally {
    await otherContext.close();
  }
});
