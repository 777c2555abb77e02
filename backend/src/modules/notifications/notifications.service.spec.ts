import { jest } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/core';
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

  it('records the e-mail in the caller’s unit of work without flushing', () => {
    const created: unknown[] = [];
    const callerEm = {
      create: (_entity: unknown, data: object) => Object.assign(new OutboxMail(), data),
      persist: (entity: unknown) => created.push(entity),
    } as unknown as EntityManager;
    const service = new NotificationsService({} as MailQueue, em);
    const mail = service.queueMail(callerEm, {
      template: MailTemplate.ResetPassword,
      to: 'grace@example.org',
      data: { firstName: null, resetUrl: 'https://journal.example/r' },
      dedupeKey: 'reset-password:1',
    });
    expect(created).toEqual([mail]);
    expect(mail).toMatchObject({ template: 'reset-password', recipient: 'grace@example.org', dedupeKey: 'reset-password:1' });
    expect(() =>
      service.queueMail(callerEm, {
        template: MailTemplate.ConfirmEmail,
        to: 'a@example.org',
        // @ts-expect-error the data must match the template
        data: { firstName: null, resetUrl: 'https://journal.example/r' },
        dedupeKey: 'x',
      }),
    ).not.toThrow();
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
