import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { EmailOutboxSummaryDto } from '../dtos/email-outbox-summary.dto.js';

interface SummaryRow {
  waiting: number;
  retrying: number;
  next_retry_at: Date | null;
  failed: number;
  sent_last_day: number;
}

/** Read-only view of the outbox for editors. */
@Injectable()
export class EmailOutboxService {
  constructor(private readonly em: EntityManager) {}

  async summary(): Promise<EmailOutboxSummaryDto> {
    // A row is retrying once an attempt of it has failed (it has an error and is not final).
    const [row] = await this.em.getConnection().execute<SummaryRow[]>(
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
      nextRetryAt: row?.next_retry_at ? new Date(row.next_retry_at).toISOString() : null,
      failed: row?.failed ?? 0,
      sentLastDay: row?.sent_last_day ?? 0,
    };
  }
}
