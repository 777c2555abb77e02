import { jest } from '@jest/globals';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import type { MailQueue } from './mail/mail-job.js';
import { MailTemplate } from './mail/mail-template.js';
import { batchesOf, NotificationsService } from './notifications.service.js';
import { OutboxMail } from './entities/outbox-mail.entity.js';
import { OutboxMailRepository } from './entities/outbox-mail.repository.js';

type AsyncFn = (...args: unknown[]) => Promise<unknown>;

Logger.overrideLogger(false);

function row(id: string, template = MailTemplate.ConfirmEmail): OutboxMail {
  return Object.assign(new OutboxMail(), { id, template });
}

/** `MAIL_BATCH_SIZE=1`: every e-mail a job of its own. */
const ONE_PER_JOB = { mail: { batchSize: 1 } } as Pick<AppConfig, 'mail'>;

/** A stand-in queue; `runCommand` is the Redis script that makes a batch the owner of its rows. */
function queueOf(addBulk: (...args: unknown[]) => Promise<unknown>, runCommand = jest.fn<AsyncFn>().mockResolvedValue(1)): MailQueue {
  const client = { defineCommand: jest.fn(), runCommand };
  return { addBulk, toKey: (type: string) => `test:mail:${type}`, getBackend: () => ({ client: Promise.resolve(client) }) } as unknown as MailQueue;
}

describe('NotificationsService', () => {
  const nativeUpdate = jest.fn<AsyncFn>().mockResolvedValue(1);
  /** The outbox's real repository, writing through the stand-in EntityManager. */
  const withOutbox = <T extends object>(standIn: T): T =>
    Object.assign(standIn, { getRepository: () => new OutboxMailRepository(standIn as unknown as SqlEntityManager, OutboxMail) });
  const em = { fork: () => withOutbox({ nativeUpdate }) } as unknown as SqlEntityManager;

  beforeEach(() => nativeUpdate.mockClear());

  /** A stand-in EntityManager whose transactions run the callback and record what they persisted. */
  function transactions(options: { failCommit?: boolean } = {}) {
    const persisted: unknown[] = [];
    const tx = withOutbox({
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
    });
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
    const service = new NotificationsService(queueOf(addBulk), em, ONE_PER_JOB);
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
    const service = new NotificationsService(queueOf(jest.fn<AsyncFn>().mockResolvedValue([])), em, ONE_PER_JOB);
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
    const service = new NotificationsService(queueOf(addBulk), em, ONE_PER_JOB);
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
    const service = new NotificationsService(queueOf(addBulk), em, ONE_PER_JOB);
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
    const service = new NotificationsService(queueOf(addBulk), em, ONE_PER_JOB);
    await expect(service.dispatch([row('a'), row('b', MailTemplate.ResetPassword)])).resolves.toBe(true);
    expect(addBulk).toHaveBeenCalledWith([
      { name: 'confirm-email', data: { outboxId: 'a' }, opts: { jobId: 'a' } },
      { name: 'reset-password', data: { outboxId: 'b' }, opts: { jobId: 'b' } },
    ]);
    expect(nativeUpdate).toHaveBeenCalledWith(OutboxMail, { id: { $in: ['a', 'b'] }, status: 'pending' }, expect.objectContaining({ status: 'queued' }));
  });

  it('never throws: when Redis fails the rows stay pending for the relay', async () => {
    const service = new NotificationsService(queueOf(jest.fn<AsyncFn>().mockRejectedValue(new Error('ECONNREFUSED'))), em, ONE_PER_JOB);
    await expect(service.dispatch([row('a')])).resolves.toBe(false);
    expect(nativeUpdate).not.toHaveBeenCalled();
  });

  it('does nothing for no rows', async () => {
    const addBulk = jest.fn<AsyncFn>();
    await expect(new NotificationsService(queueOf(addBulk), em, ONE_PER_JOB).dispatch([])).resolves.toBe(true);
    expect(addBulk).not.toHaveBeenCalled();
  });

  describe('batches (MAIL_BATCH_SIZE)', () => {
    const batchOfThree = { mail: { batchSize: 3 } } as Pick<AppConfig, 'mail'>;
    const published = (id: string) => row(id, MailTemplate.PaperPublished);

    it('puts the rows of one template in jobs of at most MAIL_BATCH_SIZE, made their owner before they are added', async () => {
      const order: string[] = [];
      const addBulk = jest.fn<AsyncFn>().mockImplementation(() => {
        order.push('add');
        return Promise.resolve([]);
      });
      const runCommand = jest.fn<AsyncFn>().mockImplementation(() => {
        order.push('claim');
        return Promise.resolve(1);
      });
      const service = new NotificationsService(queueOf(addBulk, runCommand), em, batchOfThree);
      const rows = ['p1', 'p2', 'p3', 'p4', 'p5'].map(published);
      await expect(service.dispatch([...rows, row('c1')])).resolves.toBe(true);

      const jobs = addBulk.mock.calls[0]?.[0] as { name: string; data: { outboxId?: string; outboxIds?: string[] }; opts: { jobId: string } }[];
      expect(jobs.map((job) => [job.name, job.data])).toEqual([
        ['paper-published', { outboxIds: ['p1', 'p2', 'p3'] }],
        ['paper-published', { outboxIds: ['p4', 'p5'] }],
        // Alone in its template: the job of a single e-mail, as before batches.
        ['confirm-email', { outboxId: 'c1' }],
      ]);
      expect(jobs[2].opts.jobId).toBe('c1');
      expect(jobs[0].opts.jobId).toMatch(/^batch-/);
      expect(jobs[1].opts.jobId).not.toBe(jobs[0].opts.jobId);
      // Each batch claimed its rows (key, owner, rows), and before anything was added.
      expect(runCommand.mock.calls.map(([, args]) => args)).toEqual([
        ['test:mail:batch-owners', jobs[0].opts.jobId, 'p1', 'p2', 'p3'],
        ['test:mail:batch-owners', jobs[1].opts.jobId, 'p4', 'p5'],
      ]);
      expect(order).toEqual(['claim', 'claim', 'add']);
      expect(nativeUpdate).toHaveBeenCalledWith(OutboxMail, { id: { $in: ['p1', 'p2', 'p3', 'p4', 'p5', 'c1'] }, status: 'pending' }, expect.objectContaining({ status: 'queued' }));
    });

    it('adds nothing when the batch cannot own its rows: they stay pending for the relay', async () => {
      const addBulk = jest.fn<AsyncFn>().mockResolvedValue([]);
      const service = new NotificationsService(queueOf(addBulk, jest.fn<AsyncFn>().mockRejectedValue(new Error('ECONNREFUSED'))), em, batchOfThree);
      await expect(service.dispatch(['p1', 'p2'].map(published))).resolves.toBe(false);
      expect(addBulk).not.toHaveBeenCalled();
      expect(nativeUpdate).not.toHaveBeenCalled();
    });

    it('gives the relay one job per row when it asks', async () => {
      const addBulk = jest.fn<AsyncFn>().mockResolvedValue([]);
      const service = new NotificationsService(queueOf(addBulk), em, batchOfThree);
      await service.dispatch(['p1', 'p2'].map(published), { batchSize: 1 });
      const jobs = addBulk.mock.calls[0]?.[0] as { data: unknown; opts: { jobId: string } }[];
      expect(jobs).toEqual([
        { name: 'paper-published', data: { outboxId: 'p1' }, opts: { jobId: 'p1' } },
        { name: 'paper-published', data: { outboxId: 'p2' }, opts: { jobId: 'p2' } },
      ]);
    });

    it('groups by template, keeping the order of the rows', () => {
      const rows = [published('a'), row('b'), published('c'), row('d'), published('e')];
      expect(batchesOf(rows, 2).map((batch) => batch.map((mail) => mail.id))).toEqual([['a', 'c'], ['e'], ['b', 'd']]);
      expect(batchesOf(rows, 100).map((batch) => batch.length)).toEqual([3, 2]);
    });
  });
});
