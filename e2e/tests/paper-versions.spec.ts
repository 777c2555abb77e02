import { createConfirmedUser, submitPaperViaApi } from '../support/api.js';
import { uniqueWord } from '../support/db.js';
import { baseURL } from '../support/env.js';
import { expect, test } from '../support/fixtures.js';
import { realPdf } from '../support/pdf.js';
import { expectToast } from '../support/toast.js';

// Issue 6: a published paper does not change silently; editors find papers by searching.

test('an author’s upload after publication waits: visitors keep the published PDF until an admin, who found the paper by searching, approves it', async ({
  page,
  authPage,
  mail,
  playwright,
  pageAs,
}) => {
  test.setTimeout(120_000);
  const authorRequest = await playwright.request.newContext({ baseURL });
  const visitor = await playwright.request.newContext({ baseURL });
  try {
    const author = await createConfirmedUser(authorRequest, mail, 'versioned');
    const word = uniqueWord('versioned');
    const title = `Duckweed Growth Under Coloured Light ${word}`;
    const first = await realPdf(`${title}, as published`);
    const second = await realPdf(`${title}, corrected`);
    const paperId = await submitPaperViaApi(authorRequest, author, { title, pdf: first });
    const publicPdf = async () => {
      const response = await visitor.get(`/api/papers/${paperId}/pdf`);
      expect(response.status()).toBe(200);
      return Buffer.from(await response.body());
    };

    // The editor publishes it.
    const admin = await pageAs('admin');
    await admin.goto(`/papers/${paperId}`);
    await admin.getByRole('group', { name: 'Change paper status' }).getByRole('button', { name: 'Publish' }).click();
    await expectToast(admin, 'Status Updated', 'Paper status changed to published');
    expect(Buffer.compare(await publicPdf(), first)).toBe(0);

    // The author uploads a corrected PDF: it waits for an editor.
    await authPage.goto();
    await authPage.signIn(author.email, author.password);
    await page.goto(`/papers/${paperId}`);
    await page.getByLabel('Updated paper (PDF)').setInputFiles({ name: 'corrected.pdf', mimeType: 'application/pdf', buffer: second });
    await page.getByRole('button', { name: 'Upload Updated Paper' }).click();
    await expectToast(page, 'Success', 'Updated paper uploaded successfully!');
    const versions = page.getByRole('region', { name: 'Versions', exact: true });
    await expect(versions.getByRole('listitem').filter({ hasText: 'Version 2' })).toContainText('Pending editor approval');
    await expect(versions.getByRole('listitem').filter({ hasText: 'Version 1' })).toContainText('Public');
    expect(Buffer.compare(await publicPdf(), first)).toBe(0);

    // The editor finds it by searching, sees the pending PDF and approves it.
    await admin.goto('/admin');
    await admin.getByRole('searchbox', { name: 'Search papers' }).fill(word);
    const row = admin.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Updated PDF pending');
    await expect(admin.getByRole('row')).toHaveCount(2);
    await row.getByRole('link', { name: title }).click();
    const since = new Date();
    await admin.getByRole('button', { name: 'Approve version 2' }).click();
    await expectToast(admin, 'Version Approved', 'Version 2 is now the paper’s public PDF.');
    await expect(admin.getByRole('region', { name: 'Versions', exact: true }).getByRole('listitem').filter({ hasText: 'Version 2' })).toContainText('Public');

    expect(Buffer.compare(await publicPdf(), second)).toBe(0);
    const approved = await mail.waitForEmail(author.email, { since, subject: /updated paper is now public/i });
    expect(approved.text ?? approved.html ?? '').toContain(`/papers/${paperId}`);
  } finally {
    await authorRequest.dispose();
    await visitor.dispose();
  }
});
