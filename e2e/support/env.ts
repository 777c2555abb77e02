import path from 'node:path';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set; run the suite through playwright.config.ts`);
  return value;
}

/** Where the journal answers (web app at /, API at /api). */
export const baseURL = required('E2E_BASE_URL_RESOLVED');
/** The mail catcher's web UI and REST API (maildev 3: /api/email). */
export const mailURL = required('E2E_MAIL_URL');
/** An API of the same stack (database, mail) that lets a round have two reviewers (REVIEWERS_PER_ROUND=2). */
export const severalReviewersURL = required('E2E_SEVERAL_REVIEWERS_URL');

/** Storage state (cookies) of each seeded account, written once by auth.setup.ts. */
export const storageStateOf = (role: DemoRole): string =>
  path.join(import.meta.dirname, '..', '.auth', `${role}.json`);

export type DemoRole = 'admin' | 'reviewer' | 'author';

export const demoAccounts: Record<DemoRole, { email: string; password: string }> = {
  admin: { email: 'admin@example.org', password: 'DemoAdmin#2026' },
  reviewer: { email: 'reviewer@example.org', password: 'DemoReviewer#2026' },
  author: { email: 'author@example.org', password: 'DemoAuthor#2026' },
};

/** Where each role lands after signing in (spec section 2, /auth). */
export const landingOf: Record<DemoRole, string> = {
  admin: '/admin',
  reviewer: '/reviewer-dashboard',
  author: '/',
};
