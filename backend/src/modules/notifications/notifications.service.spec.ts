import { jest } from '@jest/globals';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import type { MailQueue } from './mail/mail-job.js';
import { MailTemplate } from './mail/mail-template.js';
import { NotificationsService } from './notifications.service.js';
import { OutboxMail } from './outbox/outbox-mail.entity.js';

type AsyncFn = (...args: unknown[]) => Promise<unknown>;

Logger.overrideLogger(false);

function row(id: string, template = MailTemplate.ConfirmEmail): OutboxMail {
  return Object.assign(new OutboxMail(), { id, template });
}

describe('NotificationsService', () => {
  const nativeUpdate = jest.fn<AsyncFn>().mockResolvedValue(1);
  const em = { fork: () => ({ nativeUpdate }) } as unknown as SqlEntityManager;

  beforeEach(() => nativeUpdate.mockClear());

  /** A stand-in EntityManager whose transactions run the callback and record what they persisted. */
  function transactions(options: { failCommit?: boolean } = {}) {
    const persisted: unknown[] = [];
    const tx = {
      // The dedupe key stands in for the generated id, so a job shows which e-mail it carries.
      create: (_entity: unknown, data: { dedupeKey: string }) => Object.assign(new OutboxMail(), { id: data.dedupeKey }, data),
      persist: (entity: unknown) => persisted.push(entity),
      transactional: async <T>(work: (inner: unknown) => Promise<T>) => {
        const before = persisted.length;
        try {
          return await work(tx);
        } catch (error) {
          persisted.length = before; // the savepoint rolls back
          throw error;
        }
      },
    };
    const callerEm = {
      transactional: async <T>(work: (inner: unknown) => Promise<T>) => {
        const result = await work(tx);
        if (options.failCommit) throw new Error('could not serialize access');
        return result;
      },
    } as unknown as SqlEntityManager;
    return { persisted, callerEm };
  }

  it('records the e-mails in the caller’s transaction and dispatches them after the commit', async () => {
    const addBulk = jest.fn<AsyncFn>().mockResolvedValue([]);
    const service = new NotificationsService({ addBulk } as unknown as MailQueue, em);
    const { persisted, callerEm } = transactions();
    const result = await service.inTransaction(
      (_tx, mail) => {
        mail.queue({
          template: MailTemplate.ResetPassword,
          to: 'grace@example.org',
          data: { firstName: null, resetUrl: 'https://journal.example/r' },
          dedupeKey: 'reset-password:1',
        });
        // Nothing goes to the queue before the commit.
        expect(addBulk).not.toHaveBeenCalled();
        return 'changed';
      },
      { em: callerEm },
    );
    expect(result).toBe('changed');
    expect(persisted).toEqual([expect.objectContaining({ template: 'reset-password', recipient: 'grace@example.org', dedupeKey: 'reset-password:1' })]);
    expect(addBulk).toHaveBeenCalledWith([{ name: 'reset-password', data: { outboxId: 'reset-password:1' }, opts: { jobId: 'reset-password:1' } }]);
  });

  it('only accepts the data of the template it is given', async () => {
    const service = new NotificationsService({ addBulk: jest.fn<AsyncFn>().mockResolvedValue([]) } as unknown as MailQueue, em);
    await service.inTransaction(
      (_tx, mail) =>
        mail.queue({
          template: MailTemplate.ConfirmEmail,
          to: 'a@example.org',
          // @ts-expect-error the data must match the template
          data: { firstName: null, resetUrl: 'https://journal.example/r' },
          dedupeKey: 'x',
        }),
      { em: transactions().callerEm },
    );
  });

  it('sends nothing when the transaction fails', async () => {
    const addBulk = jest.fn<AsyncFn>().mockResolvedValue([]);
    const service = new NotificationsService({ addBulk } as unknown as MailQueue, em);
    const { callerEm } = transactions({ failCommit: true });
    const work = service.inTransaction(
      (_tx, mail) => mail.queue({ template: MailTemplate.PaperSubmitted, to: 'a@example.org', data: { title: 'T', paperUrl: 'u' }, dedupeKey: 'k' }),
      { em: callerEm },
    );
    await expect(work).rejects.toThrow('could not serialize access');
    expect(addBulk).not.toHaveBeenCalled();
  });

  it('forgets the e-mails of a savepoint that failed and keeps the others', async () => {
    const addBulk = jest.fn<AsyncFn>().mockResolvedValue([]);
    const service = new NotificationsService({ addBulk } as unknown as MailQueue, em);
    const { callerEm } = transactions();
    const submitted = { template: MailTemplate.PaperSubmitted, to: 'a@example.org', data: { title: 'T', paperUrl: 'u' } } as const;
    await service.inTransaction(
      async (_tx, mail) => {
        mail.queue({ ...submitted, dedupeKey: 'kept' });
        await mail.savepoint((_inner, inner) => inner.queue({ ...submitted, dedupeKey: 'savepoint-kept' }));
        const failed = mail.savepoint((_inner, inner) => {
          inner.queue({ ...submitted, dedupeKey: 'undone' });
          throw new Error('no owner');
        });
        await expect(failed).rejects.toThrow('no owner');
      },
      { em: callerEm },
    );
    const jobs = addBulk.mock.calls[0]?.[0] as { data: { outboxId: string } }[];
    expect(jobs.map((job) => job.data.outboxId)).toEqual(['kept', 'savepoint-kept']);
  });

  it('adds one job per row with the row id as job id, then marks only pending rows queued', async () => {
    const addBulk = jest.fn<AsyncFn>().mockResolvedValue([]);
    const service = new NotificationsService({ addBulk } as unknown as MailQueue, em);
    await expect(service.dispatch([row('a'), row('b', MailTemplate.ResetPassword)])).resolves.toBe(true);
    expect(addBulk).toHaveBeenCalledWith([
      { name: 'confirm-email', data: { outboxId: 'a' }, opts: { jobId: 'a' } },
      { name: 'reset-password', data: { outboxId: 'b' }, opts: { jobId: 'b' } },
    ]);
    expect(nativeUpdate).toHaveBeenCalledWith(OutboxMail, { id: { $in: ['a', 'b'] }, status: 'pending' }, expect.objectContaining({ status: 'queued' }));
  });

  it('never throws: when Redis fails the rows stay pending for the relay', async () => {
    const service = new NotificationsService({ addBulk: jest.fn<AsyncFn>().mockRejectedValue(new Error('ECONNREFUSED')) } as unknown as MailQueue, em);
    await expect(service.dispatch([row('a')])).resolves.toBe(false);
    expect(nativeUpdate).not.toHaveBeenCalled();
  });

  it('does nothing for no rows', async () => {
    const addBulk = jest.fn();
    await expect(new NotificationsService({ addBulk } as unknown as MailQueue, em).dispatch([])).resolves.toBe(true);
    expect(addBulk).not.toHaveBeenCalled();
  });
});
