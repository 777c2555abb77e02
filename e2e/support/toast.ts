import { expect, type Page } from '@playwright/test';
import { specText } from './text.js';

/**
 * Waits for the toast with this title (and description, when given) to be shown.
 * Toasts are live regions (role status or alert), one at a time, visible about 5 s.
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page
    .getByRole('status')
    .or(page.getByRole('alert'))
    .filter({ hasText: specText(title) })
    .first();
  await expect(toast, `toast "${title}"`).toBeVisible();
  if (description) await expect(toast).toContainText(specText(description));
}
