import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service.js';
import { Permission } from '../../common/access/permission.js';
import { timelineNamesPeople } from '../../common/access/review-redaction.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { lockForTransition } from '../../database/lock-for-transition.js';
import type { AuthUser } from '../auth/auth-user.js';
import { MailTemplate } from '../notifications/mail/mail-template.js';
import { type MailOutbox, type QueuedMail, NotificationsService } from '../notifications/notifications.service.js';
import { UsersService } from '../users/users.service.js';
import type { DecisionLetterDto, DecisionLetterPreviewRequestDto } from '../decision-letters/decision-letter.dto.js';
import { DecisionLettersService } from '../decision-letters/decision-letters.service.js';
import { PaperDoisService } from '../dois/paper-dois.service.js';
import type { ChangeStatusDto, DecisionStatus, PaperStatusEventDto, StatusChangedDto, StatusChanger } from './dtos/paper-decision.dto.js';
import { PaperEventKind } from './paper-event-kind.js';
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

/** Who made a change, as the author reads it: a decision without a recorded admin is the editorial team's. */
function changerOf(event: PaperStatusEvent, ownerId: string): StatusChanger {
  const kind = event.kind as PaperEventKind;
  if (kind === PaperEventKind.ReviewDeclined) return 'reviewer';
  if (kind === PaperEventKind.RevisionSubmitted) return 'author';
  if (kind !== PaperEventKind.StatusChanged) return 'editorial';
  // The submission, and the return to review that the author's revised paper makes.
  return event.fromStatus == null || event.changedBy === ownerId ? 'author' : 'editorial';
}

/**
 * Oldest first; of events of one instant (one transaction: the revised paper puts the paper back
 * under review as it opens the round), the status change first, so the order never depends on ids.
 */
function inTimelineOrder(a: PaperStatusEvent, b: PaperStatusEvent): number {
  const statusFirst = (event: PaperStatusEvent) => ((event.kind as PaperEventKind) === PaperEventKind.StatusChanged ? 0 : 1);
  return a.changedAt.getTime() - b.changedAt.getTime() || statusFirst(a) - statusFirst(b) || a.id.localeCompare(b.id);
}

/** Editorial decisions on a paper (status changes) and the timeline they leave. */
@Injectable()
export class PaperDecisionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly papers: ManuscriptsService,
    private readonly access: AccessService,
    private readonly notifications: NotificationsService,
    private readonly users: UsersService,
    private readonly letters: DecisionLettersService,
    private readonly dois: PaperDoisService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The change, its event and the author's e-mail commit together or not at all. The row lock
   * serialises concurrent decisions on one paper, so a repeated request finds the status
   * already set and records and sends nothing.
   */
  async changeStatus(paperId: string, decision: ChangeStatusDto, admin: AuthUser): Promise<StatusChangedDto> {
    const { status } = decision;
    await this.access.requireAccess(admin, Permission.PaperDecide, [paperId]);
    const { paper, changed, mail } = await this.notifications.inTransaction(async (tx, outbox) => {
      const locked = await lockForTransition(tx, ResearchPaper, { id: paperId }, { missing: () => new PaperNotFoundException() });
      if (locked.status === (status as string)) return { paper: locked, changed: false, mail: null };
      const event = tx.create(PaperStatusEvent, { id: randomUUID(), paperId: locked.id, fromStatus: locked.status, toStatus: status, changedBy: admin.id });
      locked.status = status;
      // The table's check constraint: published exactly when published_at is set.
      locked.publishedAt = status === PaperStatus.Published ? new Date() : null;
      locked.updatedAt = new Date();
      const queued = await this.queueDecisionMail(tx, outbox, locked, decision, event.id);
      await tx.flush();
      if (status === PaperStatus.Published && !locked.doi) {
        await this.dois.assignDois(locked.id, tx);
        await tx.refresh(locked);
      }
      return { paper: locked, changed: true, mail: queued };
    }, { em: this.em.fork() });
    return { paper: await this.papers.toDetail(paper, admin), changed, notification: mail ? 'queued' : 'none' };
  }

  /** The letter a decision or a revision request would send, composed as its e-mail composes it. */
  async previewLetter(paperId: string, request: DecisionLetterPreviewRequestDto, editor: AuthUser): Promise<DecisionLetterDto> {
    await this.access.requireAccess(editor, Permission.PaperDecide, [paperId]);
    const paper = (await this.papers.summariesOf([paperId])).get(paperId);
    if (!paper) throw new PaperNotFoundException();
    return { letter: (await this.letters.letterFor({ id: paperId, round: paper.round }, request)).letter };
  }

  /**
   * Oldest first; the owner or an admin (like the discussion). Status changes and the review's
   * steps, each with who and when; only the editors read names, of who acted and of the reviewer
   * (review-redaction.ts), so the author never learns who reviews their paper.
   */
  async history(paperId: string, user: AuthUser): Promise<PaperStatusEventDto[]> {
    const grants = await this.access.requireAccess(user, Permission.PaperReadHistory, [paperId]);
    const em = this.em.fork();
    const events = (await em.find(PaperStatusEvent, { paperId }, { orderBy: { changedAt: 'asc', id: 'asc' } })).sort(inTimelineOrder);
    const ownerId = (await em.findOneOrFail(ResearchPaper, { id: paperId }, { fields: ['userId'] })).userId;
    const showNames = timelineNamesPeople(grants.get(paperId) ?? new Set());
    const people = events.flatMap((event) => [event.changedBy, event.reviewerId].filter((id): id is string => id != null));
    const names = showNames ? await this.users.displayNamesOf([...new Set(people)]) : new Map<string, string>();
    const nameOf = (id: string | null | undefined) => (showNames && id ? (names.get(id) ?? null) : null);
    return events.map((event) => ({
      id: event.id,
      kind: event.kind,
      fromStatus: event.fromStatus ?? null,
      toStatus: event.toStatus ?? null,
      round: event.round ?? null,
      changedBy: changerOf(event, ownerId),
      changedByName: nameOf(event.changedBy),
      reviewerName: nameOf(event.reviewerId),
      changedAt: event.changedAt.toISOString(),
    }));
  }

  private async queueDecisionMail(tx: EntityManager, outbox: MailOutbox, paper: ResearchPaper, decision: ChangeStatusDto, eventId: string): Promise<QueuedMail | null> {
    const template = DECISION_MAILS[decision.status];
    if (!template) return null;
    // On the transaction's own connection: waiting for a second one while holding this one
    // deadlocks a pool that concurrent decisions have filled.
    const ownerEmail = (await this.users.emailsOf([paper.userId], tx)).get(paper.userId);
    // Thrown inside the transaction: without the author's e-mail, the decision is not recorded either.
    if (!ownerEmail) throw new Error(`No account for the owner of paper ${paper.id}`);
    const mail = { to: ownerEmail, dedupeKey: `paper-status:${eventId}` };
    const data = { title: paper.title, paperUrl: `${this.config.http.publicUrl}/papers/${paper.id}` };
    // Publishing follows an acceptance whose letter the author already has.
    if (template === MailTemplate.PaperPublished) return outbox.queue({ ...mail, template, data });
    // A review that may not be shared refuses the decision with it: nothing is recorded or sent.
    const letterDecision = template === MailTemplate.PaperAccepted ? 'accepted' : 'rejected';
    const { letter, sharedReviewIds } = await this.letters.letterFor(paper, { decision: letterDecision, editorNote: decision.editorNote, sharedReviewIds: decision.sharedReviewIds }, tx);
    await this.letters.reviewsQuoted(tx, paper.id, sharedReviewIds);
    return outbox.queue({ ...mail, template, data: { ...data, letter } });
  }
}
