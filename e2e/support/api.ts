import { expect, type APIRequest, type APIRequestContext } from '@playwright/test';
import type { SignUpDetails } from './auth-page.js';
import { baseURL } from './env.js';
import { linkIn, type MailCatcher } from './mail.js';
import { realPdf } from './pdf.js';
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

/**
 * A paper submitted the way an author's browser does it, through the API: sign in, pay the fee
 * in the built-in test mode, then the multipart submission with a real PDF. Returns its id.
 */
export async function submitPaperViaApi(
  request: APIRequestContext,
  author: { email: string; password: string; firstName: string },
  paper: { title: string; category?: string; pdf: Buffer },
): Promise<string> {
  expect((await request.post('/api/auth/sign-in', { data: { email: author.email, password: author.password } })).status()).toBe(200);
  const checkout = await request.post('/api/payments/checkout');
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  expect((await request.post(`/api/payments/test-checkout/${sessionId}/complete`)).status()).toBe(200);
  const verified = await request.post('/api/payments/verify', { data: { sessionId } });
  expect(await verified.json()).toEqual({ verified: true });
  const submitted = await request.post('/api/papers', {
    multipart: {
      title: paper.title,
      authors: JSON.stringify([{ name: `${author.firstName} Tester`, email: author.email, school: 'Playwright High School' }]),
      category: paper.category ?? 'Chemistry',
      abstract: 'A short abstract written by the end-to-end suite.',
      pdf: { name: 'paper.pdf', mimeType: 'application/pdf', buffer: paper.pdf },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  return ((await submitted.json()) as { id: string }).id;
}

/**
 * Where every review journey starts: a new confirmed author (`label` names the account) who has
 * submitted the paper `title`, with a real PDF, through the API of the journal at `origin`.
 */
export async function paperOfNewAuthor(
  requests: APIRequest,
  mail: MailCatcher,
  label: string,
  title: string,
  origin: string = baseURL,
): Promise<{ author: SignUpDetails; paperId: string }> {
  const request = await requests.newContext({ baseURL: origin });
  try {
    const author = await createConfirmedUser(request, mail, label);
    const paperId = await submitPaperViaApi(request, author, { title, pdf: await realPdf(title) });
    return { author, paperId };
  } finally {
    await request.dispose();
  }
}
