import { baseURL, storageStateOf } from '../support/env.js';
import { expect, test } from '../support/fixtures.js';

test('a visitor is refused the queue board', async ({ request }) => {
  const response = await request.get('/admin/queues', { maxRedirects: 0 });
  expect(response.status()).toBe(401);
});

test('a reviewer is refused the queue board', async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL, storageState: storageStateOf('reviewer') });
  const response = await request.get('/admin/queues', { maxRedirects: 0 });
  expect(response.status()).toBe(403);
  await request.dispose();
});

test('an admin opens the queue board', async ({ pageAs }) => {
  const page = await pageAs('admin');
  const response = await page.goto('/admin/queues');
  expect(response?.status()).toBe(200);
  await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
  // The board's own JSON API answers the admin too.
  const queues = await page.request.get('/admin/queues/api/queues');
  expect(queues.status()).toBe(200);
  expect(await queues.json()).toHaveProperty('queues');
});
