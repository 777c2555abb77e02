import AxeBuilder from '@axe-core/playwright';
import { demoPapers } from '../support/db.js';
import { expect, test, type Page } from '../support/fixtures.js';

// WCAG 2 A and AA on every public page, as a visitor sees it: no serious or critical violation.

const pages: [name: string, path: string, ready: string | RegExp][] = [
  ['landing page', '/', 'Browse Papers'],
  ['papers list', '/papers', 'Read Full Paper'],
  ['papers list without a match', '/papers?q=qwxzvbnmplk', 'No papers found matching your criteria.'],
  ['paper detail', `/papers/${demoPapers.basil.id}`, 'View PDF'],
  ['guidelines', '/guidelines', 'Who Can Submit'],
  ['contact', '/contact', /3-5 business days/],
  ['staff', '/staff', /board|staff/i],
  ['journals', '/journals', 'Download PDF'],
  ['auth', '/auth', /password/i],
  ['404 page', '/no/such/page-here', 'Oops! Page not found'],
];

const phone = { width: 390, height: 844 };

for (const [name, path, ready] of pages) {
  test(`the ${name} (${path}) has no serious or critical accessibility violation`, async ({ page }) => {
    await expectNoSeriousViolation(page, path, ready);
  });
}

// The collapsible mobile menu and the narrow layouts, on the pages a phone visitor starts from.
for (const [name, path, ready] of pages.filter(([name]) => ['landing page', 'papers list', 'paper detail'].includes(name))) {
  test(`the ${name} (${path}) on a phone, menu open, has no serious or critical accessibility violation`, async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    const menu = page.getByRole('banner').getByRole('button', { name: /menu|navigation/i });
    await expect(menu, 'the mobile menu button').toBeVisible();
    await menu.click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Guidelines', exact: true }).first()).toBeVisible();
    await expectNoSeriousViolation(page, null, ready);
  });
}

async function expectNoSeriousViolation(page: Page, path: string | null, ready: string | RegExp): Promise<void> {
  if (path !== null) await page.goto(path);
  // Scan the page once its content has loaded, not its spinner.
  await expect(page.getByText(ready).first()).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => ({
        target: node.target.join(' '),
        html: node.html.slice(0, 200),
        why: node.failureSummary,
      })),
    }));
  expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
}
