import { expect, test } from '../support/fixtures.js';
import { expectPdf } from '../support/papers-page.js';
import { atPath } from '../support/urls.js';

// Spec section 2, static pages.

test('/guidelines has the six sections and their figures', async ({ page }) => {
  await page.goto('/guidelines');
  for (const section of ['Who Can Submit', 'What We Accept', 'Manuscript Format', 'How to Submit', 'Review Process', 'Tips']) {
    await expect(page.getByRole('heading', { name: section, exact: false }).first(), `section "${section}"`).toBeVisible();
  }
  const main = page.getByRole('main');
  await expect(main).toContainText(/150\s?[-–]\s?250 words/);
  await expect(main).toContainText(/3\s?[-–]\s?15 pages/);
  await expect(main).toContainText(/2\s?[-–]\s?4 weeks/);
});

test('/contact gives the editorial e-mail, the response time and links to submit and the guidelines', async ({ page }) => {
  await page.goto('/contact');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /@/ }).first()).toBeVisible();
  await expect(main).toContainText(/3\s?[-–]\s?5 business days/);
  await main.getByRole('link', { name: /guidelines/i }).first().click();
  await expect(page).toHaveURL(atPath('/guidelines'));
  await page.goBack();
  await expect(page.getByRole('main').getByRole('link', { name: /submit/i }).first()).toBeVisible();
});

test('/staff shows the editorial board of seven members with photo, role and affiliation', async ({ page }) => {
  await page.goto('/staff');
  const main = page.getByRole('main');
  // One portrait per member; each portrait has a text alternative (the member's name).
  const photos = main.getByRole('img');
  await expect(photos).toHaveCount(7);
  for (const photo of await photos.all()) {
    expect(await photo.getAttribute('alt'), 'portrait alt text').toBeTruthy();
  }
});

test('/journals lists three issues, the latest flagged, each with a Download PDF in a new tab', async ({ page }) => {
  await page.goto('/journals');
  const main = page.getByRole('main');
  const issues = main.getByRole('article');
  await expect(issues).toHaveCount(3);
  for (const [issue, month, latest] of [[/Issue 1\b/, 'June 2025', false], [/Issue 2\b/, 'August 2025', false], [/Issue 3\b/, 'September 2025', true]] as const) {
    const card = issues.filter({ has: page.getByRole('heading', { name: issue }) });
    await expect(card).toContainText(month);
    await expect(card.getByRole('img'), 'cover').toBeVisible();
    if (latest) await expect(card, 'the latest issue is flagged').toContainText(/latest/i);
    else await expect(card).not.toContainText(/latest/i);
  }
  const downloads = main.getByRole('link', { name: /Download PDF/i });
  await expect(downloads).toHaveCount(3);
  for (const link of await downloads.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expectPdf(page.context().request, (await link.getAttribute('href'))!);
  }
});
