import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { MailTemplate } from '../../src/modules/notifications/mail/mail-template.js';
import { NotificationsService, type QueuedMail } from '../../src/modules/notifications/notifications.service.js';
import type { TestApp } from './test-app.js';

/** What a sign-up does: record the confirmation e-mail with the change, commit, dispatch. */
export async function queueSignUpMail(api: TestApp, to: string, firstName: string): Promise<QueuedMail> {
  const [queued] = await queueSignUpMails(api, [{ to, firstName }]);
  return queued;
}

/**
 * What a change that notifies several people does: their confirmation e-mails recorded in one
 * transaction, dispatched together after the commit, so they go in batch jobs (MAIL_BATCH_SIZE).
 */
export function queueSignUpMails(api: TestApp, people: readonly { to: string; firstName: string }[]): Promise<QueuedMail[]> {
  const orm = api.app.get(MikroORM);
  return api.app.get(NotificationsService).inTransaction(
    (_tx, mail) =>
      people.map(({ to, firstName }) =>
        mail.queue({
          template: MailTemplate.ConfirmEmail,
          to,
          data: { firstName, confirmUrl: `https://journal.example/api/auth/confirm?token=${randomUUID()}` },
          dedupeKey: `confirm-email:${randomUUID()}`,
        }),
      ),
    { em: orm.em.fork() },
  );
}

/** Stops a child process (SIGKILL unless told otherwise) and waits until it has exited. */
export async function stopProcess(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await exited;
}
