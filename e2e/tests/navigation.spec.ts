import { demoAccounts } from '../support/env.js';
import { expect, test } from '../support/fixtures.js';
import { expectNavItems, navBar, type NavItem } from '../support/nav.js';
import { atPath } from '../support/urls.js';

const always: NavItem[] = ['Home', 'Guidelines', 'Staff'];

test('a visitor sees Home, Guidelines, Staff, Published Papers and Sign In', async ({ page }) => {
  await page.goto('/');
  await expectNavItems(page, [...always, 'Published Papers', 'Sign In']);
});

const signedIn = {
  author: [...always, 'Submit Paper', 'My Submissions', 'Sign Out'],
  reviewer: [...always, 'Reviewer Dashboard', 'Sign Out'],
  admin: [...always, 'Admin', 'Sign Out'],
} satisfies Record<string, NavItem[]>;

for (const [role, items] of Object.entries(signedIn) as [keyof typeof signedIn, NavItem[]][]) {
  test(`the ${role} sees ${items.join(', ')} and the e-mail`, async ({ pageAs }) => {
    const page = await pageAs(role);
    await page.goto('/guidelines');
    await expectNavItems(page, items);
    await expect(navBar(page)).toContainText(demoAccounts[role].email);
  });
}

test('the navigation links lead to their pages', async ({ page }) => {
  await page.goto('/');
  const bar = navBar(page);
  for (const [name, path] of [['Guidelines', '/guidelines'], ['Staff', '/staff'], ['Published Papers', '/papers'], ['Home', '/']] as const) {
    await bar.getByRole('link', { name, exact: true }).first().click();
    await expect(page).toHaveURL(atPath(path));
  }
});

// Issue 29: pages search engines can tell apart. The server names each page in the HTML it serves
// (what a crawler without JavaScript reads); the app must name it the same way when it gets
// there by a link, never keeping the last page's title or canonical link.
test('each public page has its own title and canonical link, served and after client-side navigation', async ({ page }) => {
  const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const served = new Map<string, { title: string; canonical: string }>();
  for (const path of ['/', '/papers', '/guidelines', '/contact']) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map(([, title]) => decode(title));
    const canonicals = [...head.matchAll(/<link rel="canonical" href="([^"]*)">/g)].map(([, href]) => decode(href));
    expect(titles, `${path}: one title`).toHaveLength(1);
    expect(canonicals, `${path}: one canonical link`).toHaveLength(1);
    expect(new URL(canonicals[0]).pathname, `${path}: canonical path`).toBe(path);
    served.set(path, { title: titles[0], canonical: canonicals[0] });
    // A reader without JavaScript reads the landing page itself, not an empty #root.
    if (path === '/') expect(/<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1]).toContain('Featured Research');
  }
  expect(new Set([...served.values()].map(({ title }) => title)).size).toBe(served.size);

  const expectNamed = async (path: string) => {
    await expect(page).toHaveURL(atPath(path));
    await expect(page, `title of ${path}`).toHaveTitle(served.get(path)!.title);
    const canonical = page.locator('head link[rel="canonical"]');
    await expect(canonical, `canonical link of ${path}`).toHaveAttribute('href', served.get(path)!.canonical);
    await expect(canonical).toHaveCount(1);
    await expect(page.locator('head title')).toHaveCount(1);
  };
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNamed('/');
  const bar = navBar(page);
  await bar.getByRole('link', { name: 'Guidelines', exact: true }).first().click();
  await expectNamed('/guidelines');
  await bar.getByRole('link', { name: 'Published Papers', exact: true }).first().click();
  await expectNamed('/papers');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
  await expectNamed('/contact');
  await bar.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expectNamed('/');
});
