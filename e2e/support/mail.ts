import { expect } from '@playwright/test';
import { mailURL } from './env.js';

interface Address { address: string; name?: string }
export interface CaughtEmail {
  id: string;
  time: string;
  subject: string;
  to: Address[];
  html?: string;
  text?: string;
}

interface WaitOptions {
  since?: Date;
  subject?: RegExp;
  contains?: string;
  timeout?: number;
}

/** A client of the mail catcher's REST API (maildev 3, `/api/email`). */
export class MailCatcher {
  private readonly base: string;

  constructor(base = mailURL) {
    this.base = base;
  }

  /** Every e-mail addressed to `to`, oldest first. */
  async list(to?: string): Promise<CaughtEmail[]> {
    // maildev filters case-sensitively; addresses are compared here, case-insensitively.
    const url = new URL('/api/email?sort=asc', this.base);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`mail catcher answered ${response.status} to ${url.href}`);
    const emails = (await response.json()) as CaughtEmail[];
    if (!to) return emails;
    const wanted = to.toLowerCase();
    return emails.filter((email) => email.to.some((address) => address.address.toLowerCase() === wanted));
  }

  /**
   * Waits (polling, at most `timeout` ms) for the newest e-mail to `to` that arrived after
   * `since`, whose subject matches `subject` and whose body contains `contains`, and returns it.
   */
  async waitForEmail(
    to: string,
    { since = new Date(0), subject, contains, timeout = 30_000 }: WaitOptions = {},
  ): Promise<CaughtEmail> {
    let found: CaughtEmail | undefined;
    await expect
      .poll(
        async () => {
          const emails = await this.list(to);
          found = emails
            .filter((email) => new Date(email.time).getTime() >= since.getTime() - 1000)
            .filter((email) => !subject || subject.test(email.subject))
            .filter((email) => !contains || `${email.html ?? ''}${email.text ?? ''}`.includes(contains))
            .at(-1);
          return found !== undefined;
        },
        { message: `an e-mail to ${to} (${describe({ subject, contains })})`, timeout, intervals: [250, 500, 1000] },
      )
      .toBe(true);
    return found!;
  }
}

/** The first link in the e-mail whose path starts with `pathPrefix` (for example `/api/auth/confirm`). */
export function linkIn(email: CaughtEmail, pathPrefix: string): string {
  const bodies = [email.html ?? '', email.text ?? ''];
  for (const body of bodies) {
    for (const match of body.matchAll(/https?:\/\/[^\s"'<>)\]]+/g)) {
      const href = match[0].replace(/&amp;/g, '&');
      if (new URL(href).pathname.startsWith(pathPrefix)) return href;
    }
  }
  throw new Error(`no ${pathPrefix} link in the e-mail "${email.subject}" to ${email.to.map((a) => a.address).join(', ')}`);
}

function describe({ subject, contains }: WaitOptions): string {
  return [subject && `subject ${String(subject)}`, contains && `containing ${contains}`].filter(Boolean).join(', ') || 'any';
}
