import { expect, type APIRequestContext } from '@playwright/test';
import type { SignUpDetails } from './auth-page.js';
import { linkIn, type MailCatcher } from './mail.js';
import { uniqueEmail } from './text.js';

export function newUserDetails(label: string): SignUpDetails {
  return {
    firstName: 'Ada',
    lastName: 'Tester',
    schoolName: 'Playwright High School',
    gradeLevel: 11,
    email: uniqueEmail(label),
    password: `Pw-${Math.random().toString(36).slice(2, 10)}!`,
  };
}

/** Signs up through the API (the UI journey of sign-up is tested on its own). */
export async function signUpViaApi(request: APIRequestContext, details: SignUpDetails): Promise<void> {
  const response = await request.post('/api/auth/sign-up', { data: details });
  expect(response.status(), await response.text()).toBe(201);
}

/** Opens the confirmation link of the newest confirmation e-mail to `email`, without a browser. */
export async function confirmViaEmail(request: APIRequestContext, mail: MailCatcher, email: string, since: Date): Promise<void> {
  const message = await mail.waitForEmail(email, { since, contains: '/api/auth/confirm' });
  const response = await request.get(linkIn(message, '/api/auth/confirm'), { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toContain('success=email_confirmed');
}

/** A new account with its e-mail confirmed, ready to sign in. */
export async function createConfirmedUser(request: APIRequestContext, mail: MailCatcher, label: string): Promise<SignUpDetails> {
  const details = newUserDetails(label);
  const since = new Date();
  await signUpViaApi(request, details);
  await confirmViaEmail(request, mail, details.email, since);
  return details;
}
