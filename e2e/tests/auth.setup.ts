import { expect, test as setup } from '@playwright/test';
import { baseURL, demoAccounts, mailURL, storageStateOf, type DemoRole } from '../support/env.js';

setup('the mail catcher answers', async () => {
  await expect
    .poll(async () => (await fetch(new URL('/api/healthz', mailURL)).catch(() => null))?.status, { timeout: 30_000 })
    .toBe(200);
});

// Signs each seeded account in once, through the API, and keeps its session cookies for the
// journeys that start signed in. Journeys that sign out use sessions of their own.
for (const role of Object.keys(demoAccounts) as DemoRole[]) {
  setup(`sign in as ${role}`, async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL });
    const response = await request.post('/api/auth/sign-in', { data: demoAccounts[role] });
    expect(response.status(), await response.text()).toBe(200);
    const session = (await response.json()) as { user: { email: string; role: string } };
    expect(session.user.email).toBe(demoAccounts[role].email);
    expect(session.user.role).toBe(role === 'author' ? 'user' : role);
    await request.storageState({ path: storageStateOf(role) });
    await request.dispose();
  });
}
