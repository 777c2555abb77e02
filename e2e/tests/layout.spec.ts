import { createConfirmedUser } from '../support/api.js';
import { demoPapers } from '../support/db.js';
import { type DemoRole, demoAccounts } from '../support/env.js';
import { expect, test, type Page } from '../support/fixtures.js';

// Each role's pages at a phone's width and a laptop's: nothing scrolls sideways, and the signed-in
// user's e-mail in the navigation bar is shown whole.

const widths = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
];

const publicPages = ['/', '/papers', `/papers/${demoPapers.basil.id}`, '/guidelines', '/staff', '/journals', '/contact'];
const pagesOf: Record<DemoRole | 'visitor', string[]> = {
  visitor: [...publicPages, '/auth'],
  author: ['/', '/submit', '/my-submissions', '/papers', `/papers/${demoPapers.basil.id}`],
  reviewer: ['/reviewer-dashboard', '/papers', '/guidelines'],
  admin: ['/admin', '/papers', `/papers/${demoPapers.basil.id}`, '/staff'],
};

async function expectNoSidewaysScroll(page: Page, path: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${path} is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
}

/** The e-mail is in the bar on a laptop and in the opened menu on a phone; either way not clipped. */
async function expectWholeEmail(page: Page, email: string, path: string): Promise<void> {
  const banner = page.getByRole('banner');
  const menuButton = banner.getByRole('button', { name: 'Toggle navigation menu' });
  if (await menuButton.isVisible()) {
    if ((await menuButton.getAttribute('aria-expanded')) !== 'true') await menuButton.click();
  }
  const shown = banner.getByText(email, { exact: true }).locator('visible=true');
  await expect(shown, `the e-mail on ${path}`).toHaveCount(1);
  const box = await shown.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { scrollWidth: element.scrollWidth, clientWidth: element.clientWidth, left: rect.left, right: rect.right };
  });
  expect(box.scrollWidth, `the e-mail on ${path} is cut off`).toBeLessThanOrEqual(box.clientWidth);
  expect(box.left, `the e-mail on ${path} starts off screen`).toBeGreaterThanOrEqual(0);
  expect(box.right, `the e-mail on ${path} ends off screen`).toBeLessThanOrEqual(page.viewportSize()?.width ?? Infinity);
}

/** The bar keeps to one line: no item of it breaks onto a second line, nothing spills out of it. */
async function expectOneRowNav(page: Page, path: string): Promise<void> {
  const { tallest, overflows } = await page.getByRole('navigation', { name: 'Main' }).evaluate((nav) => ({
    tallest: Math.max(
      ...[...nav.querySelectorAll('a, button')].filter((element) => element.getClientRects().length > 0).map((element) => element.getBoundingClientRect().height),
    ),
    overflows: nav.scrollHeight > nav.clientHeight || nav.scrollWidth > nav.clientWidth,
  }));
  expect(tallest, `an item of the navigation bar of ${path} breaks onto two lines`).toBeLessThanOrEqual(40);
  expect(overflows, `the navigation bar of ${path} spills over`).toBe(false);
}

for (const { name: device, width, height } of widths) {
  for (const [role, paths] of Object.entries(pagesOf) as [DemoRole | 'visitor', string[]][]) {
    test(`the ${role}'s pages fit a ${device} (${width}px) without sideways scrolling`, async ({ page, pageAs }) => {
      const tab = role === 'visitor' ? page : await pageAs(role);
      await tab.setViewportSize({ width, height });
      for (const path of paths) {
        await tab.goto(path);
        // The navigation bar is the app's: a page the server sends with its content (/papers, a
        // paper) shows that content, and its h1, before the app has rendered.
        await expect(tab.getByRole('navigation', { name: 'Main' }), `${path} has rendered`).toBeVisible();
        await expect(tab.getByRole('heading', { level: 1 }).first(), `${path} has loaded`).toBeVisible();
        await expectNoSidewaysScroll(tab, path);
        await expectOneRowNav(tab, path);
        if (role !== 'visitor') {
          await expectWholeEmail(tab, demoAccounts[role].email, path);
          await expectNoSidewaysScroll(tab, `${path} with the menu open`);
        }
      }
    });
  }
}

test('a long e-mail is shown whole in the bar on a laptop and in the menu on a phone', async ({ page, request, mail }) => {
  const person = await createConfirmedUser(request, mail, 'with-a-rather-long-address');
  expect(person.email.length).toBeGreaterThan(45);
  const signIn = await page.request.post('/api/auth/sign-in', { data: { email: person.email, password: person.password } });
  expect(signIn.status()).toBe(200);
  for (const { width, height } of widths) {
    await page.setViewportSize({ width, height });
    await page.goto('/submit');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectOneRowNav(page, `/submit at ${width}px`);
    await expectWholeEmail(page, person.email, `/submit at ${width}px`);
    await expectNoSidewaysScroll(page, `/submit at ${width}px`);
  }
});

// The covers are SVG drawn in whatever sans-serif the reader's machine has: every line of text
// must end inside the cover, with its margin, in this browser's fonts.
test('the journal covers on the landing page show their titles whole', async ({ page }) => {
  await page.goto('/');
  // evaluateAll does not wait: the app renders its first page in a transition, after the load event.
  const coverImages = page.getByRole('img', { name: /^Cover of / });
  await expect(coverImages.first()).toBeVisible();
  const covers = await coverImages.evaluateAll((images) =>
    images.map((image) => (image as HTMLImageElement).currentSrc),
  );
  expect(covers.length).toBeGreaterThan(0);
  for (const cover of covers) {
    await page.goto(cover);
    const lines = await page.locator('text').evaluateAll((texts) =>
      texts.map((text) => {
        const box = (text as SVGTextElement).getBBox();
        return { text: text.textContent ?? '', left: box.x, right: box.x + box.width };
      }),
    );
    for (const line of lines) {
      expect(line.right, `"${line.text}" on ${cover} runs past the cover's margin`).toBeLessThanOrEqual(300 - 12);
    }
  }
});
