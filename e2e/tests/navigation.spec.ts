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
