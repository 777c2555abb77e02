import { expect, type Page } from '@playwright/test';
import { specText } from './text.js';

/**
 * Waits for the toast with this title (and description, when given) to be shown.
 * Toasts are items of the notifications region's list, visible about 5 s, so title and
 * description are matched by one locator in one retrying assertion: checking them one
 * after the other can find the toast, then lose it to its timer on a busy machine.
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  let toast = page
    .getByRole('region', { name: /notifications/i })
    .getByRole('listitem')
    .filter({ hasText: specText(title) });
  if (description) toast = toast.filter({ hasText: specText(description) });
  await expect(toast.first(), description ? `toast "${title}": "${description}"` : `toast "${title}"`).toBeVisible();
}
