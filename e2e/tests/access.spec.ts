import { demoAccounts, landingOf, type DemoRole } from '../support/env.js';
import { expect, test, type Locator, type Page } from '../support/fixtures.js';
import { navItem } from '../support/nav.js';
import { expectToast } from '../support/toast.js';
import { atPath } from '../support/urls.js';

// What tells each landing page apart: the dashboards' headings, and for an ordinary user
// the signed-in navigation on /.
const landingMark: Record<DemoRole, (page: Page) => Locator> = {
  admin: (page) => page.getByRole('heading', { name: 'Admin Dashboard' }),
  reviewer: (page) => page.getByRole('heading', { name: 'Reviewer Dashboard' }),
  author: (page) => navItem(page, 'My Submissions'),
};

for (const role of ['admin', 'reviewer', 'author'] as const) {
  test(`the ${role} signs in and lands on ${landingOf[role]}`, async ({ page, authPage }) => {
    await authPage.goto();
    await authPage.signIn(demoAccounts[role].email, demoAccounts[role].password);
    await expectToast(page, 'Welcome back!');
    await expect(page).toHaveURL(atPath(landingOf[role]));
    await expect(landingMark[role](page).first()).toBeVisible();
  });
}

test('a signed-in ordinary user opening /admin is sent back to / with Access Denied', async ({ pageAs }) => {
  const page = await pageAs('author');
  await page.goto('/admin');
  await expectToast(page, 'Access Denied', "You don't have permission to access the admin panel.");
  await expect(page).toHaveURL(atPath('/'));
});

test('a signed-in user opening /auth is sent where the role belongs', async ({ pageAs }) => {
  for (const role of ['admin', 'reviewer'] as const) {
    const page = await pageAs(role);
    await page.goto('/auth');
    await expect(page).toHaveURL(atPath(landingOf[role]));
  }
});

test('a signed-in admin opening / is sent to /admin', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/');
  await expect(page).toHaveURL(atPath('/admin'));
});

for (const path of ['/submit', '/my-submissions', '/reviewer-dashboard', '/admin']) {
  test(`a visitor opening ${path} is sent to /auth`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(atPath('/auth'));
  });
}
