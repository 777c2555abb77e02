import { expect, type Locator, type Page } from '@playwright/test';

/** Every item the navigation bar can show, by the spec's words. */
export const navItems = [
  'Home', 'Guidelines', 'Staff', 'Published Papers', 'Sign In',
  'Submit Paper', 'My Submissions', 'Reviewer Dashboard', 'Admin', 'Sign Out',
] as const;
export type NavItem = (typeof navItems)[number];

/** The site header holding the navigation bar (or the first navigation landmark). */
export function navBar(page: Page): Locator {
  return page.locator('header:has(nav), nav').first();
}

/** A visible link or button of the navigation bar with exactly this name. */
export function navItem(page: Page, name: string): Locator {
  const bar = navBar(page);
  return bar.getByRole('link', { name, exact: true }).or(bar.getByRole('button', { name, exact: true }));
}

/** The bar shows exactly `expected` among the spec's items, and none of the others. */
export async function expectNavItems(page: Page, expected: readonly NavItem[]): Promise<void> {
  for (const name of navItems) {
    if (expected.includes(name)) await expect(navItem(page, name).first(), `nav item "${name}"`).toBeVisible();
  }
  for (const name of navItems) {
    if (!expected.includes(name)) await expect(navItem(page, name), `nav item "${name}" must be absent`).toHaveCount(0);
  }
}

export async function signOut(page: Page): Promise<void> {
  await navItem(page, 'Sign Out').first().click();
}
