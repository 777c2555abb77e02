import { expect, type Page } from '@playwright/test';
import { specText } from './text.js';

/**
 * Waits for the toast with this title (and description, when given) to be shown.
 * Toasts are items of the notifications region's list, one at a time, visible about 5 s.
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page
    .getByRole('region', { name: /notifications/i })
    .getByRole('listitem')
    .filter({ hasText: specText(title) })
    .first();
  await expect(toast, `toast "${title}"`).toBeVisible();
  if (description) await expect(toast).toContainText(specText(description));
}
