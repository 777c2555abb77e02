import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service.js';
import { Permission } from '../../common/access/permission.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { lockForTransition } from '../../database/lock-for-transition.js';
import type { AuthUser } from '../auth/auth-user.js';
import { MailTemplate } from '../notifications/mail/mail-template.js';
import { type MailOutbox, type QueuedMail, NotificationsService } from '../notifications/notifications.service.js';
import { UsersService } from '../users/users.service.js';
import type { DecisionStatus, PaperStatusEventDto, StatusChangedDto } from './dtos/paper-decision.dto.js';
import { assignDois } from './doi/paper-dois.js';
import { PaperStatusEvent } from './entities/paper-status-event.entity.js';
import { PaperStatus } from './entities/paper-status.js';
import { ResearchPaper } from './entities/research-paper.entity.js';
import { PaperNotFoundException } from '../catalogue/catalogue.exception.js';
import { ManuscriptsService } from './manuscripts.service.js';

/** The e-mail each decision sends the author; under_review sends none (spec section 4). */
const DECISION_MAILS: { [S in DecisionStatus]: MailTemplate.PaperAccepted | MailTemplate.PaperRejected | MailTemplate.PaperPublished | null } = {
  [PaperStatus.UnderReview]: null,
  [PaperStatus.Accepted]: MailTemplate.PaperAccepted,
  [PaperStatus.Published]: MailTemplate.PaperPublished,
  [PaperStatus.Rejected]: MailTemplate.PaperRejected,
};

/** Editorial decisions on a paper (status changes) and the timeline they leave. */
@Injectable()
export class PaperDecisionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly papers: ManuscriptsService,
    private readonly access: AccessService,
    private readonly notifications: NotificationsService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The change, its event and the author's e-mail commit together or not at all. The row lock
   * serialises concurrent decisions on one paper, so a repeated request finds the status
   * already set and records and sends nothing.
   */
  async changeStatus(paperId: string, status: DecisionStatus, admin: AuthUser): Promise<StatusChangedDto> {
    await this.access.requireAccess(admin, Permission.PaperDecide, [paperId]);
    const { paper, changed, mail } = await this.notifications.inTransaction(async (tx, outbox) => {
      const locked = await lockForTransition(tx, ResearchPaper, { id: paperId }, { missing: () => new PaperNotFoundException() });
      if (locked.status === (status as string)) return { paper: locked, changed: false, mail: null };
      const event = tx.create(PaperStatusEvent, { id: randomUUID(), paperId: locked.id, fromStatus: locked.status, toStatus: status, changedBy: admin.id });
      locked.status = status;
      // The table's check constraint: published exactly when published_at is set.
      locked.publishedAt = status === PaperStatus.Published ? new Date() : null;
      locked.updatedAt = new Date();
      const queued = await this.queueDecisionMail(tx, outbox, locked, status, event.id);
      await tx.flush();
      if (status === PaperStatus.Published && !locked.doi) {
        await assignDois(tx, this.config, locked.id);
        await tx.refresh(locked);
      }
      return { paper: locked, changed: true, mail: queued };
    }, { em: this.em.fork() });
    return { paper: await this.papers.toDetail(paper, admin), changed, notification: mail ? 'queued' : 'none' };
  }

  /** Oldest first; the owner or an admin (like the discussion). Those who may decide see who decided. */
  async history(paperId: string, user: AuthUser): Promise<PaperStatusEventDto[]> {
    const grants = await this.access.requireAccess(user, Permission.PaperReadHistory, [paperId]);
    const events = await this.em.fork().find(PaperStatusEvent, { paperId }, { orderBy: { changedAt: 'asc', id: 'asc' } });
    const showNames = grants.get(paperId)?.has(Permission.PaperDecide) ?? false;
    const names = showNames ? await this.users.displayNamesOf(events.flatMap((event) => (event.changedBy ? [event.changedBy] : []))) : new Map<string, string>();
    return events.map((event) => ({
      id: event.id,
      fromStatus: event.fromStatus ?? null,
      toStatus: event.toStatus,
      changedBy: event.fromStatus == null ? 'author' : 'editorial',
      changedByName: showNames && event.changedBy ? (names.get(event.changedBy) ?? null) : null,
      changedAt: event.changedAt.toISOString(),
    }));
  }

  private async queueDecisionMail(tx: EntityManager, outbox: MailOutbox, paper: ResearchPaper, status: DecisionStatus, eventId: string): Promise<QueuedMail | null> {
    const template = DECISION_MAILS[status];
    if (!template) return null;
    // On the transaction's own connection: waiting for a second one while holding this one
    // deadlocks a pool that concurrent decisions have filled.
    const ownerEmail = (await this.users.emailsOf([paper.userId], tx)).get(paper.userId);
    // Thrown inside the transaction: without the author's e-mail, the decision is not recorded either.
    if (!ownerEmail) throw new Error(`No account for the owner of paper ${paper.id}`);
    return outbox.queue({
      template,
      to: ownerEmail,
      data: { title: paper.title, paperUrl: `${this.config.http.publicUrl}/papers/${paper.id}` },
      dedupeKey: `paper-status:${eventId}`,
    });
  }
}
