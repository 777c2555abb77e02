import { expect, test } from '../support/fixtures.js';
import { expectPdf } from '../support/papers-page.js';
import { atPath } from '../support/urls.js';

// Spec section 1: the landing page a visitor reads.

test('a visitor reads the hero and follows Join & Submit and Browse Papers', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Submit Your Paper' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Join & Submit' }).first().click();
  await expect(page).toHaveURL(atPath('/auth'));

  await page.goto('/');
  await page.getByRole('link', { name: 'Browse Papers' }).first().click();
  await expect(page).toHaveURL(atPath('/papers'));
});

test('the landing page shows the three blurbs, the figures and the footer', async ({ page }) => {
  await page.goto('/');
  for (const blurb of ['Peer Reviewed', 'Educational Collaboration', 'Easy Submission']) {
    await expect(page.getByRole('heading', { name: blurb }), `blurb "${blurb}"`).toBeVisible();
  }
  const main = page.getByRole('main');
  await expect(main.getByText(/10\+/).first(), '10+ reviewers').toBeVisible();
  await expect(main.getByText(/monthly/i).first(), 'monthly publication').toBeVisible();
  await expect(main.getByText(/60\s?%/).first(), '60% acceptance rate').toBeVisible();

  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Response: 3-5 days');
  await expect(footer).toContainText(/ISSN/);
  await expect(footer.getByRole('link', { name: /@/ }).or(footer.getByText(/@/)).first(), 'editor contact').toBeVisible();
  await expect(footer.locator('address').or(footer.getByText(/\b[A-Z]{2} \d{5}\b/)).first(), 'postal address').toBeVisible();
  const quickLinks = await footer.getByRole('navigation').getByRole('link').evaluateAll((links) =>
    links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
  );
  expect(new Set(quickLinks), 'quick links').toEqual(new Set(['/papers', '/guidelines', '/staff', '/journals', '/contact']));
});

test('the call to action invites a visitor to join', async ({ page }) => {
  await page.goto('/');
  const links = page.getByRole('main').getByRole('link', { name: /join/i });
  // The hero's 'Join & Submit' and the call to action near the end of the page.
  await expect(links.nth(1), 'a second link to join').toBeVisible();
  await links.last().click();
  await expect(page).toHaveURL(atPath('/auth'));
});

test('the featured research shows three sample papers with PDFs that open', async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: /featured research/i })
    .or(page.locator('section').filter({ has: page.getByRole('heading', { name: /featured research/i }) }))
    .first();
  await expect(section).toBeVisible();
  const pdfLinks = section.getByRole('link', { name: /pdf/i });
  await expect(pdfLinks).toHaveCount(3);
  for (const link of await pdfLinks.all()) {
    const href = await link.getAttribute('href');
    expect(href, 'PDF link href').toBeTruthy();
    await expectPdf(page.context().request, href!);
  }
});

test('the journal issues show the latest and the previous issues, each with a PDF', async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: /issue/i })
    .or(page.locator('section').filter({ has: page.getByRole('heading', { name: /journal issues|issues/i }) }))
    .first();
  await expect(section).toBeVisible();
  for (const issue of [/Issue 1/, /Issue 2/, /Issue 3/]) {
    await expect(section.getByText(issue).first()).toBeVisible();
  }
  await expect(section.getByText(/latest/i).first()).toBeVisible();
  const pdfLinks = section.getByRole('link', { name: /pdf|download/i });
  await expect(pdfLinks).toHaveCount(3);
  for (const link of await pdfLinks.all()) {
    await expectPdf(page.context().request, (await link.getAttribute('href'))!);
  }
});
