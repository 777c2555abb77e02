import { type AxeWatch, describeFindings } from '../support/axe-watch.js';
import { demoPapers } from '../support/db.js';
import { expect, test, type Page } from '../support/fixtures.js';

// Every public page, as a visitor sees it: no serious or critical axe finding, and one h1. (Every
// other test checks the pages it reaches too, through the automatic fixture in fixtures.ts.)

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
  ['reviewer invitation without a token', '/reviewer-invitation', 'No invitation token provided'],
  ['reviewer invitation with an unknown link', '/reviewer-invitation?token=no-such-invitation', 'No Invitation Found'],
  ['404 page', '/no/such/page-here', 'Oops! Page not found'],
];

const phone = { width: 390, height: 844 };

for (const [name, path, ready] of pages) {
  test(`the ${name} (${path}) has no serious or critical accessibility violation, and one h1`, async ({ page, axe }) => {
    await expectNoSeriousViolation(page, axe, path, ready);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });
}

// The collapsible mobile menu and the narrow layouts, on the pages a phone visitor starts from.
for (const [name, path, ready] of pages.filter(([name]) => ['landing page', 'papers list', 'paper detail'].includes(name))) {
  test(`the ${name} (${path}) on a phone, menu open, has no serious or critical accessibility violation`, async ({ page, axe }) => {
    await page.setViewportSize(phone);
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    const menu = page.getByRole('banner').getByRole('button', { name: /menu|navigation/i });
    await expect(menu, 'the mobile menu button').toBeVisible();
    await menu.click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Guidelines', exact: true }).first()).toBeVisible();
    await expectNoSeriousViolation(page, axe, null, ready);
  });
}

test('the automatic check finds a problem that appears without a navigation, and names it', async ({ page, axe }) => {
  await page.goto('/guidelines');
  await expect(page.getByText('Who Can Submit').first()).toBeVisible();
  // The markup the toasts used to have: a list item given another role inside a list.
  await page.evaluate(() => {
    const list = document.createElement('ol');
    list.id = 'planted';
    list.innerHTML = '<li role="status">Planted</li>';
    document.getElementById('main')?.append(list);
  });
  await expect.poll(() => axe.collected().map((finding) => finding.id), { message: 'the planted problem is found' }).toContain('list');
  const report = describeFindings(axe.take());
  expect(report).toContain('[serious] list on /guidelines');
  expect(report).toContain('<li role="status">Planted</li>');
  // Gone again, so the test's own final check passes.
  await page.evaluate(() => document.getElementById('planted')?.remove());
  await axe.flush();
  axe.take();
});

async function expectNoSeriousViolation(page: Page, axe: AxeWatch, path: string | null, ready: string | RegExp): Promise<void> {
  if (path !== null) await page.goto(path);
  // Checked once its content has loaded, not its spinner (the watch saw the spinner too).
  await expect(page.getByText(ready).first()).toBeVisible();
  await axe.flush();
  const blocking = axe.collected();
  expect(blocking, describeFindings(blocking)).toEqual([]);
}
