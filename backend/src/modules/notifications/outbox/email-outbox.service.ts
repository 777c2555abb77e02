import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { EmailOutboxSummaryDto } from '../dtos/email-outbox-summary.dto.js';
import { OutboxMail } from '../entities/outbox-mail.entity.js';

/** Read-only view of the outbox for editors. */
@Injectable()
export class EmailOutboxService {
  constructor(private readonly em: EntityManager) {}

  async summary(): Promise<EmailOutboxSummaryDto> {
    const summary = await this.em.getRepository(OutboxMail).summary();
    return { ...summary, nextRetryAt: summary.nextRetryAt?.toISOString() ?? null };
  }
}
