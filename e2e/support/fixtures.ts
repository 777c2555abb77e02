import { test as base, type BrowserContext, type Page } from '@playwright/test';
import { AuthPage } from './auth-page.js';
import { AxeWatch, describeFindings } from './axe-watch.js';
import { baseURL, storageStateOf, type DemoRole } from './env.js';
import { MailCatcher } from './mail.js';

interface Fixtures {
  /** Automatic: every page of the test is checked with axe in every state it reaches (see axe-watch.ts). */
  axe: AxeWatch;
  mail: MailCatcher;
  authPage: AuthPage;
  /** A page in a browser context already signed in as a seeded account (stored session). */
  pageAs: (role: DemoRole) => Promise<Page>;
}

export const test = base.extend<Fixtures>({
  axe: [
    async ({ context, browser }, use) => {
      const watch = new AxeWatch();
      await watch.watchContext(context);
      const restore = watch.watchNewContexts(browser);
      try {
        await use(watch);
        await watch.flush();
      } finally {
        restore();
        watch.stop();
      }
      const findings = watch.collected();
      if (findings.length > 0) throw new Error(describeFindings(findings));
    },
    { auto: true },
  ],
  mail: async ({}, use) => {
    await use(new MailCatcher());
  },
  authPage: async ({ page }, use) => {
    await use(new AuthPage(page));
  },
  pageAs: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (role) => {
      const context = await browser.newContext({ baseURL, storageState: storageStateOf(role) });
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect, type Locator, type Page } from '@playwright/test';
