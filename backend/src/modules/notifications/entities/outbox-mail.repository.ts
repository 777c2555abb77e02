import { EntityRepository } from '@mikro-orm/postgresql';
import type { MailTemplate, MailTemplateData } from '../mail/mail-template.js';
import type { OutboxMail, OutboxStatus } from './outbox-mail.entity.js';

/** An e-mail to record: the row's content, and when it is due if later than now. */
export interface NewOutboxMail {
  template: MailTemplate;
  recipient: string;
  data: Record<string, unknown>;
  dedupeKey: string;
  dueAt?: Date;
}

/** What starting an attempt on a row needs (`startAttempts`). */
export interface OutboxAttemptStart {
  id: string;
  /** The attempts BullMQ has started on the row, counting this one: what the database missed is caught up from it. */
  started: number;
  /** The error of an attempt the database missed, recorded unless a later one is. */
  failedReason: string | null;
  /** Only a single e-mail's job runs a row that failed for good: an admin retried it from the board. */
  retryFailed: boolean;
}

/** A row whose attempt has started: what sending it needs. */
export interface ClaimedOutboxMail {
  id: string;
  template: string;
  recipient: string;
  data: Record<string, unknown>;
  attempts: number;
}

/** A row the relay claimed: unsent a while after it was due. */
export interface OverdueOutboxMail {
  id: string;
  template: MailTemplate;
}

/** Counts of the outbox as editors see it (`summary`). */
export interface OutboxSummary {
  waiting: number;
  retrying: number;
  nextRetryAt: Date | null;
  failed: number;
  sentLastDay: number;
}

type DigestItem = MailTemplateData[MailTemplate.MessageDigest]['messages'][number];

/**
 * The one writer of `outbox_mails`. Its statements in SQL each move many rows at once, or a row
 * under concurrency, where the ORM cannot: a `for update skip locked` claim, starting the attempts
 * of a batch of jobs (or marking them sent) in one statement from a JSON list, and folding a
 * message into a digest only while no attempt to send it has started. The summary is one scan of
 * the unsent rows and the last day's sent ones, counted five ways.
 */
export class OutboxMailRepository extends EntityRepository<OutboxMail> {
  /** Records the e-mail in this EntityManager's unit of work: it is inserted when that flushes. */
  record(mail: NewOutboxMail): OutboxMail {
    const row = this.create({
      template: mail.template,
      recipient: mail.recipient,
      data: mail.data,
      dedupeKey: mail.dedupeKey,
      ...(mail.dueAt ? { nextAttemptAt: mail.dueAt } : {}),
    });
    this.em.persist(row);
    return row;
  }

  /** The status of each row that exists. */
  async statusesOf(ids: readonly string[]): Promise<Map<string, OutboxStatus>> {
    const rows = await this.find({ id: { $in: [...new Set(ids)] } }, { fields: ['id', 'status'] });
    return new Map(rows.map((row) => [row.id, row.status]));
  }

  /** Marks the rows queued that are still pending (the worker may already have sent one). */
  async markQueued(ids: readonly string[]): Promise<void> {
    await this.em.nativeUpdate(this.entityName, { id: { $in: [...ids] }, status: 'pending' }, { status: 'queued', queuedAt: new Date() });
  }

  /**
   * Up to `limit` rows still unsent `staleAfterMs` after they were due, their due time moved to
   * now so that no relay looks at them again for another `staleAfterMs`; two relays never claim
   * the same row (`skip locked`).
   */
  claimOverdue(staleAfterMs: number, limit: number): Promise<OverdueOutboxMail[]> {
    return this.em.getConnection().execute<OverdueOutboxMail[]>(
      `update outbox_mails set next_attempt_at = now()
        where id in (select id from outbox_mails
                      where status in ('pending', 'queued') and next_attempt_at <= now() - ? * interval '1 millisecond'
                      order by next_attempt_at
                      limit ?
                      for update skip locked)
          and status in ('pending', 'queued')
        returning id, template`,
      [staleAfterMs, limit],
    );
  }

  /**
   * Counts an attempt on each row and marks it queued, in one statement; a row already sent, or
   * failed for good unless `retryFailed`, gives nothing back. Attempts the database missed are
   * caught up from `started`. Answers in the order of `starts`.
   */
  async startAttempts(starts: readonly OutboxAttemptStart[]): Promise<(ClaimedOutboxMail | undefined)[]> {
    const rows = await this.em.getConnection().execute<ClaimedOutboxMail[]>(
      `update outbox_mails o
          set attempts = greatest(o.attempts + 1, s.started),
              last_attempt_at = now(),
              next_attempt_at = now(),
              status = 'queued',
              queued_at = coalesce(o.queued_at, now()),
              last_error = coalesce(s.failed_reason, o.last_error)
         from jsonb_to_recordset(?::jsonb) as s(id uuid, started int, failed_reason text, retry_failed boolean)
        where o.id = s.id and (o.status in ('pending', 'queued') or (o.status = 'failed' and s.retry_failed))
        returning o.id, o.template, o.recipient, o.data, o.attempts`,
      [JSON.stringify(starts.map(({ id, started, failedReason, retryFailed }) => ({ id, started, failed_reason: failedReason, retry_failed: retryFailed })))],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return starts.map((start) => byId.get(start.id));
  }

  /** Marks the rows sent, in one statement. The data holds live links (confirmation, reset); once delivered they need not stay. */
  async markSent(sent: readonly { id: string; sentAt: Date }[]): Promise<void> {
    await this.em.getConnection().execute(
      `update outbox_mails o
          set status = 'sent', sent_at = s.sent_at, next_attempt_at = null, last_error = null, data = '{}'
         from jsonb_to_recordset(?::jsonb) as s(id uuid, sent_at timestamptz)
        where o.id = s.id`,
      [JSON.stringify(sent.map(({ id, sentAt }) => ({ id, sent_at: sentAt.toISOString() })))],
    );
  }

  /** Marks the row sent at `sentAt` unless it is already sent or failed (the relay, from a job's result). */
  async markSentIfUnsent(id: string, sentAt: Date): Promise<void> {
    await this.nativeUpdate({ id, status: { $in: ['pending', 'queued'] } }, { status: 'sent', sentAt, nextAttemptAt: null, lastError: null, data: {} });
  }

  /** Records a failed attempt on an unsent row: due again at `nextAttemptAt`, or failed for good when that is null. */
  async recordFailure(id: string, lastError: string, nextAttemptAt: Date | null): Promise<void> {
    await this.nativeUpdate({ id, status: { $in: ['pending', 'queued'] } }, { lastError, nextAttemptAt, ...(nextAttemptAt === null ? { status: 'failed' as const } : {}) });
  }

  /**
   * Adds a message to a digest e-mail (its data's `messages`, and `count`), only while no attempt
   * to send it has started: the row lock this takes makes the worker's claim wait, so the message
   * is in exactly one e-mail. Answers whether it was added. Runs in this EntityManager's transaction.
   */
  async appendToDigest(digestId: string, item: DigestItem): Promise<boolean> {
    const folded = await this.em.execute<{ id: string }[]>(
      `update outbox_mails
          set data = jsonb_set(jsonb_set(data, '{messages}', (data -> 'messages') || ?::jsonb), '{count}', to_jsonb(jsonb_array_length(data -> 'messages') + 1))
        where id = ? and attempts = 0 and status in ('pending', 'queued')
        returning id`,
      [JSON.stringify([item]), digestId],
    );
    return folded.length > 0;
  }

  /** A row is retrying once an attempt of it has failed (it has an error and is not final). */
  async summary(): Promise<OutboxSummary> {
    const [row] = await this.em.getConnection().execute<{ waiting: number; retrying: number; next_retry_at: Date | null; failed: number; sent_last_day: number }[]>(
      `select count(*) filter (where status in ('pending', 'queued') and last_error is null)::int as waiting,
              count(*) filter (where status in ('pending', 'queued') and last_error is not null)::int as retrying,
              min(next_attempt_at) filter (where status in ('pending', 'queued') and last_error is not null) as next_retry_at,
              count(*) filter (where status = 'failed')::int as failed,
              count(*) filter (where status = 'sent' and sent_at > now() - interval '1 day')::int as sent_last_day
         from outbox_mails
        where status <> 'sent' or sent_at > now() - interval '1 day'`,
    );
    return {
      waiting: row?.waiting ?? 0,
      retrying: row?.retrying ?? 0,
      nextRetryAt: row?.next_retry_at ? new Date(row.next_retry_at) : null,
      failed: row?.failed ?? 0,
      sentLastDay: row?.sent_last_day ?? 0,
    };
  }
}
