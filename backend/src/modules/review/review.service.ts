import { randomUUID } from 'node:crypto';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { type AccessGrants, AccessService } from '../../common/access/access.service.js';
import { Permission } from '../../common/access/permission.js';
import { isUuid } from '../../common/http/uuid-param.pipe.js';
import { journalDates } from '../../common/web-shared/journal-dates.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { lockForTransition } from '../../database/lock-for-transition.js';
import type { AuthUser } from '../auth/auth-user.js';
import { InvitationsService } from '../invitations/invitations.service.js';
import { MailTemplate } from '../notifications/mail/mail-template.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { PaperEventKind } from '../manuscripts/paper-event-kind.js';
import { type PaperSummary, ManuscriptsService, REVIEWABLE_STATUSES } from '../manuscripts/manuscripts.service.js';
import { PaperTimelineService } from '../manuscripts/paper-timeline.service.js';
import { UsersService } from '../users/users.service.js';
import type {
  AssignablePaperDto,
  AssignableReviewerDto,
  AssignReviewDto,
  ChangeReviewDueDateDto,
  DeclineReviewDto,
  MyReviewsDto,
  ReviewAssignmentDto,
  ReviewDto,
  SaveReviewDraftDto,
  SubmitReviewDto,
} from './dtos/review.dto.js';
import { PaperReview } from './entities/paper-review.entity.js';
import { ReviewStatus } from './entities/review-status.js';
import { DueReminder } from './entities/due-reminder.entity.js';
import { ReviewException, roundFullMessage } from './review.exception.js';
import { RubricService } from '../rubric/rubric.service.js';

/** The table holds submitted_at set exactly when the status is submitted. */
function isSubmitted(review: PaperReview): boolean {
  return review.submittedAt !== null && review.submittedAt !== undefined;
}

function isDeclined(review: PaperReview): boolean {
  return review.status === (ReviewStatus.Declined as string);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Computed when read, not stored: it changes with the clock, not with the row. */
function dueOf(review: PaperReview, now = new Date()): { dueAt: string; overdue: boolean } {
  return { dueAt: review.dueAt.toISOString(), overdue: !isSubmitted(review) && review.dueAt.getTime() < now.getTime() };
}

/**
 * Peer review (docs/api.md, Peer review): an editor assigns a paper to one reviewer, who drafts
 * and submits the review; the editors read it. The assignment row is the review. Who may read or
 * write it is the access policy's `review.*` permissions on its paper; a review the caller may not
 * read does not exist for them (404).
 */
@Injectable()
export class ReviewService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: AccessService,
    private readonly notifications: NotificationsService,
    private readonly papers: ManuscriptsService,
    private readonly users: UsersService,
    private readonly invitations: InvitationsService,
    private readonly rubric: RubricService,
    private readonly timeline: PaperTimelineService,
  ) {}

  /**
   * Submitted papers and papers under review whose current round has fewer standing assignments
   * than REVIEWERS_PER_ROUND (with one: none yet, or the reviewer declined), newest first.
   */
  async assignablePapers(): Promise<AssignablePaperDto[]> {
    const candidates = await this.papers.reviewCandidates();
    const standing = await this.standingReviewersOfCurrentRound(candidates);
    const perRound = this.config.review.reviewersPerRound;
    return candidates.flatMap(({ id, title, category, status, round }) => {
      const reviewerIds = standing.get(id) ?? [];
      return reviewerIds.length < perRound ? [{ id, title, category, status, round, assignedReviewers: reviewerIds.length, reviewersPerRound: perRound, reviewerIds }] : [];
    });
  }

  async assignableReviewers(): Promise<AssignableReviewerDto[]> {
    const reviewers = await this.invitations.assignableReviewers();
    return reviewers.map(({ userId, email, firstName, lastName }) => ({ userId, email, firstName, lastName }));
  }

  /**
   * Records the assignment and the reviewer's e-mail in one transaction. The paper's lock orders
   * two editors assigning it at once, so the round's count is read as it stands: past
   * REVIEWERS_PER_ROUND the second gets 409. The table itself refuses one reviewer twice in a round.
   */
  async assign(admin: AuthUser, dto: AssignReviewDto): Promise<ReviewAssignmentDto> {
    const { paperId, reviewerId } = dto;
    if (!paperId || !reviewerId) throw new ReviewException('missingFields');
    await this.access.requireAccess(admin, Permission.ReviewAssign, [paperId]);
    const reviewer = (await this.invitations.assignableReviewers()).find((candidate) => candidate.userId === reviewerId);
    if (!reviewer) throw new ReviewException('reviewerNotAssignable');
    try {
      const review = await this.notifications.inTransaction(async (tx, mail) => {
        // The paper's lock orders an assignment with decisions and revisions: its status and round are the ones it is decided by.
        const paper = await this.papers.lockSummary(tx, paperId, {
          missing: () => new ReviewException('paperNotAssignable'),
          check: async (locked) => {
            if (!REVIEWABLE_STATUSES.includes(locked.status)) throw new ReviewException('paperNotAssignable');
            const standing = await tx.find(PaperReview, { paperId, round: locked.round, status: { $ne: ReviewStatus.Declined } }, { fields: ['reviewerId'] });
            const perRound = this.config.review.reviewersPerRound;
            if (standing.length >= perRound) throw new ReviewException('alreadyAssigned', roundFullMessage(perRound));
            if (standing.some((review) => review.reviewerId === reviewerId)) throw new ReviewException('reviewerAlreadyOnPaper');
          },
        });
        const id = randomUUID();
        // One clock for both, so the default period is exact.
        const assignedAt = new Date();
        const dueAt = dto.dueAt ? new Date(dto.dueAt) : new Date(assignedAt.getTime() + this.config.review.dueDays * DAY_MS);
        const created = tx.create(PaperReview, {
          id,
          paperId,
          round: paper.round,
          reviewerId,
          assignedBy: admin.id,
          status: ReviewStatus.Assigned,
          reviewContent: '',
          assignedAt,
          updatedAt: assignedAt,
          dueAt,
        });
        // The assignment first: if another editor's won, nothing else is written.
        await tx.flush();
        this.timeline.record(tx, { kind: PaperEventKind.ReviewerAssigned, paperId, round: paper.round, reviewerId, by: admin.id });
        mail.queue({
          template: MailTemplate.ReviewAssigned,
          to: reviewer.email,
          data: { title: paper.title, round: paper.round, reviewUrl: `${this.config.http.publicUrl}/review/${id}`, dueDate: journalDates(this.config.journal.dateStyle).day(dueAt) },
          dedupeKey: `review-assigned:${id}`,
        });
        await tx.flush();
        return created;
      });
      const [described] = await this.describe([review]);
      return described;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new ReviewException('reviewerAlreadyOnPaper');
      throw error;
    }
  }

  /** Every assignment, newest first (Reviewer Management's current assignments). */
  async list(): Promise<ReviewAssignmentDto[]> {
    const reviews = await this.em.find(PaperReview, {}, { orderBy: { assignedAt: 'desc', id: 'desc' } });
    return this.describe(reviews);
  }

  /**
   * Withdraws an assignment whose review is not submitted and tells the reviewer, in one
   * transaction; the paper becomes assignable again and the reviewer's access to it ends with the row.
   */
  async withdraw(admin: AuthUser, id: string): Promise<void> {
    const found = await this.findReview(id);
    await this.access.requireAccess(admin, Permission.ReviewAssign, [found.paperId]);
    await this.notifications.inTransaction(async (tx, mail) => {
      const review = await this.lock(tx, id, (locked) => {
        if (isSubmitted(locked)) throw new ReviewException('submitted');
        if (isDeclined(locked)) throw new ReviewException('declined');
      });
      const paper = (await this.papers.summariesOf([review.paperId], tx)).get(review.paperId);
      const email = (await this.users.emailsOf([review.reviewerId], tx)).get(review.reviewerId);
      tx.remove(review);
      if (paper && email) {
        mail.queue({ template: MailTemplate.ReviewWithdrawn, to: email, data: { title: paper.title }, dedupeKey: `review-withdrawn:${id}` });
      }
      await tx.flush();
    });
  }

  /**
   * Moves the due date of an assignment whose review is still to come; a submitted review's date
   * is history. `updatedAt` stays: it is when the reviewer last worked on the review.
   */
  async changeDueDate(admin: AuthUser, id: string, dto: ChangeReviewDueDateDto): Promise<ReviewAssignmentDto> {
    const found = await this.findReview(id);
    await this.access.requireAccess(admin, Permission.ReviewAssign, [found.paperId]);
    const review = await this.em.transactional(async (tx) => {
      const locked = await this.lock(tx, id, (review) => {
        if (isSubmitted(review)) throw new ReviewException('submitted', 'This review has been submitted, so its due date can no longer be changed.');
        if (isDeclined(review)) throw new ReviewException('declined');
      });
      locked.dueAt = new Date(dto.dueAt);
      await tx.flush();
      return locked;
    });
    const [described] = await this.describe([review]);
    return described;
  }

  /** The reviewer dashboard: the caller's own assignments, newest first, and their counts; a declined one is gone from it. */
  async mine(reviewer: AuthUser): Promise<MyReviewsDto> {
    const standing = { reviewerId: reviewer.id, status: { $ne: ReviewStatus.Declined } };
    const total = await this.em.count(PaperReview, standing);
    const completed = await this.em.count(PaperReview, { reviewerId: reviewer.id, status: ReviewStatus.Submitted });
    const pending = await this.em.count(PaperReview, { reviewerId: reviewer.id, status: { $nin: [ReviewStatus.Submitted, ReviewStatus.Declined] } });
    const reviews = await this.em.find(PaperReview, standing, { orderBy: { assignedAt: 'desc', id: 'desc' } });
    const papers = await this.papers.summariesOf(reviews.map((review) => review.paperId));
    return {
      counts: { total, pending, completed },
      assignments: reviews.flatMap((review) => {
        const paper = papers.get(review.paperId);
        if (!paper) return [];
        return [
          {
            id: review.id,
            paperId: paper.id,
            title: paper.title,
            category: paper.category,
            paperSubmittedAt: paper.createdAt.toISOString(),
            abstract: paper.abstract,
            status: review.status,
            assignedAt: review.assignedAt.toISOString(),
            updatedAt: review.updatedAt.toISOString(),
            submittedAt: review.submittedAt?.toISOString() ?? null,
            ...dueOf(review),
            round: review.round,
          },
        ];
      }),
    };
  }

  /** The assigned reviewer or an editor; anyone else is told it does not exist. */
  async get(user: AuthUser, id: string): Promise<ReviewDto> {
    const grants = await this.access.requireAccess(user, Permission.ReviewRead, [id]);
    return this.toReview(await this.findReview(id), user, grants);
  }

  /** The review of a paper's current round, for its page (editors); a declined assignment is not one. */
  async ofPaper(user: AuthUser, paperId: string): Promise<ReviewDto> {
    await this.access.requireAccess(user, Permission.PaperReadReviews, [paperId]);
    const review = await this.em.findOne(PaperReview, { paperId, status: { $ne: ReviewStatus.Declined } }, { orderBy: { round: 'desc', assignedAt: 'asc', id: 'asc' } });
    if (!review) throw new ReviewException('notFound');
    return this.toReview(review, user);
  }

  /** Stores the draft; assigned becomes in_progress. A submitted review no longer changes. */
  async saveDraft(user: AuthUser, id: string, dto: SaveReviewDraftDto): Promise<ReviewDto> {
    await this.access.requireAccess(user, Permission.ReviewWrite, [id]);
    const review = await this.em.transactional(async (tx) => {
      const locked = await this.lockAsReviewer(tx, user, Permission.ReviewWrite, id, (row) => {
        if (isSubmitted(row)) throw new ReviewException('submitted');
      });
      locked.reviewContent = dto.text;
      locked.recommendation = dto.recommendation ?? null;
      if (dto.criteria) locked.criteria = await this.rubric.criteriaForDraft(dto.criteria, tx);
      locked.status = ReviewStatus.InProgress;
      locked.updatedAt = new Date();
      await tx.flush();
      return locked;
    });
    return this.toReview(review, user);
  }

  /** Submits the review and tells every editor once, in one transaction. */
  async submit(user: AuthUser, id: string, dto: SubmitReviewDto): Promise<ReviewDto> {
    await this.access.requireAccess(user, Permission.ReviewWrite, [id]);
    const found = await this.findReview(id);
    const recommendation = dto.recommendation;
    if (!recommendation || dto.text.trim() === '') throw new ReviewException('incomplete');
    // Before the transaction: a second pool connection wanted while one is held can deadlock the pool.
    const reviewerName = (await this.users.displayNamesOf([found.reviewerId])).get(found.reviewerId) ?? user.email;
    const review = await this.notifications.inTransaction(async (tx, mail) => {
      const locked = await this.lockAsReviewer(tx, user, Permission.ReviewWrite, id, (row) => {
        if (isSubmitted(row)) throw new ReviewException('submitted');
      });
      locked.criteria = await this.rubric.snapshotForSubmit(dto.criteria ?? [], tx);
      const now = new Date();
      locked.reviewContent = dto.text;
      locked.recommendation = recommendation;
      locked.status = ReviewStatus.Submitted;
      locked.updatedAt = now;
      locked.submittedAt = now;
      const paper = (await this.papers.summariesOf([locked.paperId], tx)).get(locked.paperId);
      for (const editor of await this.access.editorialTeam(tx)) {
        mail.queue({
          template: MailTemplate.ReviewSubmitted,
          to: editor.email,
          data: {
            title: paper?.title ?? '',
            round: locked.round,
            reviewerName,
            recommendation: recommendation.replace('_', ' '),
            paperUrl: `${this.config.http.publicUrl}/papers/${locked.paperId}`,
          },
          dedupeKey: `review-submitted:${id}:${editor.id}`,
        });
      }
      await tx.flush();
      return locked;
    });
    return this.toReview(review, user);
  }

  /**
   * The reviewer gives the assignment back, with a reason for the editors, who are each e-mailed,
   * in one transaction. The row stays (declined, with the reason); the reviewer's access to the
   * paper ends with it, and the paper is assignable again in the same round.
   */
  async decline(user: AuthUser, id: string, dto: DeclineReviewDto): Promise<void> {
    await this.access.requireAccess(user, Permission.ReviewDecline, [id]);
    const reason = dto.declineReason.trim();
    if (reason === '') throw new ReviewException('declineReasonMissing');
    const found = await this.findReview(id);
    // Before the transaction, as in submit: one pool connection at a time.
    const reviewerName = (await this.users.displayNamesOf([found.reviewerId])).get(found.reviewerId) ?? user.email;
    await this.notifications.inTransaction(async (tx, mail) => {
      const locked = await this.lockAsReviewer(tx, user, Permission.ReviewDecline, id, (row) => {
        if (isSubmitted(row)) throw new ReviewException('submitted', 'This review has been submitted, so it can no longer be declined.');
      });
      const now = new Date();
      locked.status = ReviewStatus.Declined;
      locked.declinedAt = now;
      locked.declineReason = reason;
      locked.updatedAt = now;
      this.timeline.record(tx, { kind: PaperEventKind.ReviewDeclined, paperId: locked.paperId, round: locked.round, reviewerId: locked.reviewerId, by: user.id });
      const paper = (await this.papers.summariesOf([locked.paperId], tx)).get(locked.paperId);
      for (const editor of await this.access.editorialTeam(tx)) {
        mail.queue({
          template: MailTemplate.ReviewDeclined,
          to: editor.email,
          data: { title: paper?.title ?? '', round: locked.round, reviewerName, reason, paperUrl: `${this.config.http.publicUrl}/papers/${locked.paperId}` },
          dedupeKey: `review-declined:${id}:${editor.id}`,
        });
      }
      await tx.flush();
    });
  }

  private async findReview(id: string): Promise<PaperReview> {
    const review = isUuid(id) ? await this.em.findOne(PaperReview, { id }) : null;
    if (!review) throw new ReviewException('notFound');
    return review;
  }

  /**
   * The row, locked until the transaction ends, and the transition's preconditions checked on
   * what the lock holds, so a submit, a decline and a withdrawal cannot cross; gone since: 404.
   */
  private lock(tx: EntityManager, id: string, check?: (review: PaperReview) => void): Promise<PaperReview> {
    return lockForTransition(tx, PaperReview, { id }, { missing: () => new ReviewException('notFound'), check });
  }

  /**
   * The reviewer's own transitions: the access check again on the locked row, then the state's.
   * A decline or a withdrawal that committed since the first check ended the reviewer's access,
   * so they get the 404 they would get after it, not a write over a declined row.
   */
  private lockAsReviewer(tx: EntityManager, user: AuthUser, permission: Permission, id: string, check: (review: PaperReview) => void): Promise<PaperReview> {
    return lockForTransition(tx, PaperReview, { id }, {
      missing: () => new ReviewException('notFound'),
      check: async (review) => {
        await this.access.requireAccess(user, permission, [id], { tx });
        check(review);
      },
    });
  }

  /** Each of these papers' reviewers with a standing (not declined) assignment in its current round, in the order assigned. */
  private async standingReviewersOfCurrentRound(papers: readonly PaperSummary[]): Promise<Map<string, string[]>> {
    const standing = new Map<string, string[]>();
    if (papers.length === 0) return standing;
    const rows = await this.em.find(
      PaperReview,
      { paperId: { $in: papers.map((paper) => paper.id) }, status: { $ne: ReviewStatus.Declined } },
      { fields: ['paperId', 'round', 'reviewerId'], orderBy: { assignedAt: 'asc', id: 'asc' } },
    );
    const roundOf = new Map(papers.map((paper) => [paper.id, paper.round]));
    for (const row of rows) {
      if (roundOf.get(row.paperId) !== row.round) continue;
      standing.set(row.paperId, [...(standing.get(row.paperId) ?? []), row.reviewerId]);
    }
    return standing;
  }

  private async describe(reviews: readonly PaperReview[]): Promise<ReviewAssignmentDto[]> {
    const papers = await this.papers.summariesOf(reviews.map((review) => review.paperId));
    const reviewerIds = reviews.map((review) => review.reviewerId);
    const names = await this.users.displayNamesOf(reviewerIds);
    const emails = await this.users.emailsOf(reviewerIds);
    const lastReminders = await this.lastRemindersOf(reviews);
    return reviews.map((review) => {
      const paper = papers.get(review.paperId);
      return {
        id: review.id,
        paperId: review.paperId,
        paperTitle: paper?.title ?? '',
        category: paper?.category ?? '',
        reviewerId: review.reviewerId,
        reviewerName: names.get(review.reviewerId) ?? '',
        reviewerEmail: emails.get(review.reviewerId) ?? '',
        status: review.status,
        recommendation: review.recommendation ?? null,
        assignedAt: review.assignedAt.toISOString(),
        updatedAt: review.updatedAt.toISOString(),
        submittedAt: review.submittedAt?.toISOString() ?? null,
        ...dueOf(review),
        round: review.round,
        declinedAt: review.declinedAt?.toISOString() ?? null,
        declineReason: review.declineReason ?? null,
        lastReminderAt: lastReminders.get(review.id)?.toISOString() ?? null,
      };
    });
  }

  /** When each review's reviewer was last reminded, of any kind; a review has a few reminders at most. */
  private async lastRemindersOf(reviews: readonly PaperReview[]): Promise<Map<string, Date>> {
    if (reviews.length === 0) return new Map();
    const sent = await this.em.find(DueReminder, { reviewId: { $in: reviews.map((review) => review.id) } }, { fields: ['reviewId', 'sentAt'] });
    const last = new Map<string, Date>();
    for (const { reviewId, sentAt } of sent) {
      if (!reviewId) continue;
      const known = last.get(reviewId);
      if (!known || sentAt > known) last.set(reviewId, sentAt);
    }
    return last;
  }

  /** The review with what the caller may do with it (`known`: the grants a check already read). */
  private async toReview(review: PaperReview, user: AuthUser, known?: AccessGrants): Promise<ReviewDto> {
    const grants = (known ?? (await this.access.grantsOnEach(user, 'review', [review.id]))).get(review.id) ?? new Set();
    const paper: PaperSummary | undefined = (await this.papers.summariesOf([review.paperId])).get(review.paperId);
    const name = (await this.users.displayNamesOf([review.reviewerId])).get(review.reviewerId);
    const email = (await this.users.emailsOf([review.reviewerId])).get(review.reviewerId);
    if (!paper || name === undefined || email === undefined) throw new ReviewException('notFound');
    return {
      id: review.id,
      paper: { id: paper.id, title: paper.title, category: paper.category },
      reviewer: { id: review.reviewerId, name, email },
      status: review.status,
      recommendation: review.recommendation ?? null,
      text: review.reviewContent,
      assignedAt: review.assignedAt.toISOString(),
      updatedAt: review.updatedAt.toISOString(),
      submittedAt: review.submittedAt?.toISOString() ?? null,
      ...dueOf(review),
      round: review.round,
      criteria: await this.rubric.criteriaOf(review),
      access: { write: grants.has(Permission.ReviewWrite), decline: grants.has(Permission.ReviewDecline) },
    };
  }
}
