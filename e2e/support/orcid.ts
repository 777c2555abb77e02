import { type Page } from './fixtures.js';

/**
 * A fresh, valid ORCID iD: 15 random digits and the ISO 7064 11,2 check character ORCID uses,
 * so each run links an iD no earlier run has (an iD is linked to one account only).
 */
export function uniqueOrcidId(): string {
  const digits = Array.from({ length: 15 }, () => Math.floor(Math.random() * 10));
  let total = 0;
  for (const digit of digits) total = (total + digit) * 2;
  const result = (12 - (total % 11)) % 11;
  const check = result === 10 ? 'X' : String(result);
  const all = `${digits.join('')}${check}`;
  return `${all.slice(0, 4)}-${all.slice(4, 8)}-${all.slice(8, 12)}-${all.slice(12)}`;
}

/** On the local ORCID stand-in's page: sign in as this iD and authorize the journal. */
export async function authorizeAtOrcidStandIn(page: Page, orcidId: string, name: string): Promise<void> {
  await page.getByRole('heading', { name: 'Sign in to ORCID (test)' }).waitFor();
  await page.getByRole('radio', { name: 'Another test iD' }).check();
  await page.getByLabel('Other iD').fill(orcidId);
  await page.getByLabel('Other name').fill(name);
  await page.getByRole('button', { name: 'Authorize access' }).click();
}
