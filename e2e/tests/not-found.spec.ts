import { expect, test } from '../support/fixtures.js';
import { atPath } from '../support/urls.js';

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  // Answered 404 (so crawlers do not index it) with the web app's page, which shows its own.
  const response = await page.goto('/no/such/page-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  const home = page.getByRole('link', { name: 'Return to Home' });
  await expect(home).toBeVisible();
  await home.click();
  await expect(page).toHaveURL(atPath('/'));
});

test('an unknown API path answers 404 in the error shape, not the web app', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
});
