import { expect, test } from '../support/fixtures.js';

// The session as the rate limits see it: visitors never call refresh, and a busy journal does
// not sign anyone out.

test('a visitor’s page loads make no session or refresh calls', async ({ page }) => {
  const authCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/auth/')) authCalls.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await page.goto('/papers');
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  expect(authCalls).toEqual([]);
});

test('a signed-in author whose refresh is answered 429 stays signed in and is told the journal is busy', async ({ pageAs }) => {
  const page = await pageAs('author');
  await page.goto('/guidelines');
  await expect(page.getByRole('link', { name: 'My Submissions' }).first()).toBeVisible();

  // The access cookie has expired and the journal is busy: every refresh is refused with 429
  // here, before it reaches the server, so the stored session is never rotated.
  await page.context().clearCookies({ name: 'access_token' });
  let refreshes = 0;
  await page.route('**/api/auth/refresh', async (route) => {
    refreshes += 1;
    await route.fulfill({
      status: 429,
      headers: { 'retry-after': '1' },
      json: { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' },
    });
  });

  await page.getByRole('link', { name: 'My Submissions' }).first().click();
  await expect(page.getByText('The journal is busy', { exact: true })).toBeVisible();
  expect(refreshes).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'My Submissions' }).first()).toBeVisible();
});
