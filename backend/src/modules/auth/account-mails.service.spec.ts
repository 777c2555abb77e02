import type { AppConfig } from '../../config/app-config.js';
import { AccountMails } from './account-mails.service.js';
import { AuthService } from './auth.service.js';

const KNOWN = 'known@example.org';
const UNKNOWN = 'nobody@example.org';

/** AccountMails and AuthService over recording stand-ins: every call to a collaborator is logged. */
function harness() {
  const log: string[] = [];
  const users = {
    findByEmail: (email: string) => {
      log.push('users.findByEmail');
      return Promise.resolve(email === KNOWN ? { id: 'user-1', email: KNOWN, emailConfirmedAt: null } : null);
    },
    getProfile: () => {
      log.push('users.getProfile');
      return Promise.resolve({ firstName: 'Ada' });
    },
  };
  const linkTokens = {
    issue: () => {
      log.push('linkTokens.issue');
      return { token: 'secret', id: 'token-1' };
    },
  };
  const outbox = {
    queue: () => {
      log.push('notifications.queueMail');
      return { id: 'mail-1' };
    },
  };
  const notifications = {
    inTransaction: async <T>(work: (tx: unknown, mail: typeof outbox) => T) => {
      log.push('em.transactional');
      const result = await work(em, outbox);
      log.push('notifications.dispatch');
      return result;
    },
  };
  const rateLimits = {
    take: () => {
      log.push('rateLimits.take');
      return Promise.resolve(true);
    },
  };
  const em = {
    name: 'default',
    fork: () => em,
    transactional: <T>(work: (tx: unknown) => T) => {
      log.push('em.transactional');
      return Promise.resolve(work(em));
    },
  };
  const config = { http: { publicUrl: 'http://journal.test' }, auth: { emailConfirmationTtlHours: 24, passwordResetTtlMinutes: 60 } } as AppConfig;
  const mails = new AccountMails(em as never, users as never, linkTokens as never, notifications as never, rateLimits as never, config);
  const unused = {} as never;
  const auth = new AuthService(unused, unused, unused, unused, unused, unused, mails, unused);
  return { log, mails, auth };
}

describe.each(['forgotPassword', 'resendConfirmation'] as const)('%s does the same work for every address', (method) => {
  it('answers before any lookup, identically for a registered and an unknown address; the e-mail is prepared after', async () => {
    const { log, mails, auth } = harness();
    const run = async (email: string) => {
      log.length = 0;
      const answer = await auth[method]({ email });
      const beforeAnswer = [...log];
      await mails.drain();
      return { answer, beforeAnswer, afterAnswer: log.slice(beforeAnswer.length) };
    };

    const known = await run(KNOWN);
    const unknown = await run(UNKNOWN);

    expect(unknown.answer).toEqual(known.answer);
    expect(known.beforeAnswer).toEqual([]);
    expect(unknown.beforeAnswer).toEqual(known.beforeAnswer);
    // The difference is all after the answer: only the registered address gets an e-mail.
    expect(known.afterAnswer).toEqual(expect.arrayContaining(['rateLimits.take', 'users.findByEmail', 'notifications.queueMail']));
    expect(unknown.afterAnswer).toEqual(['rateLimits.take', 'users.findByEmail']);
  });
});

describe('AccountMails quota', () => {
  it('sends nothing once the inbox’s quota is spent, without looking the address up', async () => {
    const { log, mails } = harness();
    const rateLimits = (mails as unknown as { rateLimits: { take: () => Promise<boolean> } }).rateLimits;
    rateLimits.take = () => {
      log.push('rateLimits.take');
      return Promise.resolve(false);
    };
    mails.request('password-reset', KNOWN);
    await mails.drain();
    expect(log).toEqual(['rateLimits.take']);
  });
});
