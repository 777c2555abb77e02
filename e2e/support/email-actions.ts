import type { Browser } from '@playwright/test';
import pg from 'pg';
import { AuthPage } from './auth-page.js';
import { databaseURL } from './db.js';
import { baseURL } from './env.js';
import { expect, type Page } from './fixtures.js';
import { linkIn, type CaughtEmail } from './mail.js';
import { expectToast } from './toast.js';
import { atPath } from './urls.js';

// What the journeys that follow e-mailed links share: the recipient signed in in a browser of
// their own, the paper page's Reviewers card, and the automatic reminders run on demand.

/** A page in a fresh browser context, signed in as `account` (an account the journey made). */
export async function signedInPage(browser: Browser, account: { email: string; password: string }, landing: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await new AuthPage(page).signIn(account.email, account.password);
  await expect(page).toHaveURL(atPath(landing));
  return page;
}

/** The e-mail's link to `pathPrefix`, checked to lead to exactly `path` (any query). */
export function linkTo(email: CaughtEmail, pathPrefix: string, path: string): string {
  const link = linkIn(email, pathPrefix);
  expect(new URL(link).pathname, `the link of "${email.subject}"`).toBe(path);
  return link;
}

/** The paper page's Reviewers card: a labelled div (not a landmark), found from its heading. */
export const reviewersCard = (page: Page) => page.getByRole('heading', { name: 'Reviewers', exact: true }).locator('xpath=ancestor::*[@aria-labelledby][1]');

/** Assigns the open paper page's paper to the reviewer from its Reviewers card. */
export async function assignOnPaperPage(admin: Page, reviewer: { name: string; email: string }): Promise<void> {
  const form = reviewersCard(admin).getByRole('form', { name: 'Assign a reviewer' });
  await form.getByLabel('Reviewer', { exact: true }).selectOption({ label: `${reviewer.name} (${reviewer.email})` });
  await form.getByRole('button', { name: 'Assign Reviewer' }).click();
  await expectToast(admin, 'Paper Assigned', 'Paper has been successfully assigned to the reviewer.');
}

/**
 * Moves the paper's open revision request so that its "upcoming" reminder is due now: requested
 * ten days ago, due tomorrow. The reminder's rules are the worker's; only the clock is skipped.
 */
export async function bringRevisionReminderDue(paperId: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseURL });
  await client.connect();
  try {
    const moved = await client.query(
      `update revision_requests set requested_at = now() - interval '10 days', due_at = now() + interval '1 day'
        where paper_id = $1 and responded_at is null`,
      [paperId],
    );
    expect(moved.rowCount, `an open revision request of paper ${paperId}`).toBe(1);
  } finally {
    await client.end();
  }
}

/**
 * Runs the worker's due-reminder sweep now, as an editor can from the queue board (Bull Board's
 * "run now" of a job scheduler), instead of waiting up to its 15-minute period.
 */
export async function runDueRemindersNow(admin: Page): Promise<void> {
  const response = await admin.request.put('/admin/queues/api/queues/chores/job-schedulers/send-due-reminders/run');
  expect(response.status(), await response.text()).toBe(200);
}
