import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AccessService } from '../../../common/access/access.service.js';
import { Permission } from '../../../common/access/permission.js';
import { validateInput } from '../../../common/http/validation-errors.js';
import { journalDates } from '../../../common/web-shared/journal-dates.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { lockForTransition } from '../../../database/lock-for-transition.js';
import type { AuthUser } from '../../auth/auth-user.js';
import { MailTemplate } from '../../notifications/mail/mail-template.js';
import { NotificationsService } from '../../notifications/notifications.service.js';
import { PaperVersionsService } from '../../manuscripts/paper-versions.service.js';
import { PaperEventKind } from '../../manuscripts/paper-event-kind.js';
import { ManuscriptsService, REVIEWABLE_STATUSES } from '../../manuscripts/manuscripts.service.js';
import { PaperTimelineService } from '../../manuscripts/paper-timeline.service.js';
import { DecisionLettersService } from '../../decision-letters/decision-letters.service.js';
import type { IncomingUpload } from '../../storage/upload/incoming-upload.js';
import { UploadRefusedException } from '../../storage/upload/upload.exception.js';
import { UsersService } from '../../users/users.service.js';
import { PaperReview } from '../entities/paper-review.entity.js';
import { ReviewStatus } from '../entities/review-status.js';
import { RevisionKind, RevisionRequest } from '../entities/revision-request.entity.js';
import { ReviewException } from '../review.exception.js';
import { type RequestRevisionsDto, type RevisionRequestDto, SubmitRevisionFieldsDto } from './revision.dto.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long the author has by default: a minor revision is a matter of days, a major one of weeks. */
export const REVISION_DUE_DAYS: { readonly [K in RevisionKind]: number } = { [RevisionKind.Minor]: 14, [RevisionKind.Major]: 30 };

export function toRevisionRequestDto(request: RevisionRequest, now = new Date()): RevisionRequestDto {
  return {
    id: request.id,
    round: request.round,
    kind: request.kind,
    editorNote: request.editorNote,
    requestedAt: request.requestedAt.toISOString(),
    dueAt: request.dueAt.toISOString(),
    overdue: !request.respondedAt && request.dueAt.getTime() < now.getTime(),
    responseLetter: request.responseLetter ?? null,
    respondedAt: request.respondedAt?.toISOString() ?? null,
  };
}

/**
 * Review in rounds (issue 18): instead of deciding, an editor who has read the round's review asks
 * the author for minor or major revisions, choosing what of the review the author sees; the
 * author's answer, a revised PDF and a response letter, opens the next round.
 */
@Injectable()
export class RevisionRequestsService implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: AccessService,
    private readonly notifications: NotificationsService,
    private readonly papers: ManuscriptsService,
    private readonly versions: PaperVersionsService,
    private readonly users: UsersService,
    private readonly timeline: PaperTimelineService,
    private readonly letters: DecisionLettersService,
  ) {}

  /** An acceptance's or a rejection's letter that quotes reviews shares them with the author, text and scores, as the letter did. */
  onModuleInit(): void {
    this.letters.onReviewsQuoted(async (tx, paperId, reviewIds) => {
      for (const review of await tx.find(PaperReview, { id: { $in: [...reviewIds] }, paperId, status: ReviewStatus.Submitted })) {
        review.shareText = true;
        review.shareCriteria = true;
      }
    });
  }

  /**
   * Records the request, what of the review is shared, and the author's e-mail, in one
   * transaction. The open-request index decides between two editors asking at once.
   */
  async request(admin: AuthUser, paperId: string, dto: RequestRevisionsDto): Promise<RevisionRequestDto> {
    await this.access.requireAccess(admin, Permission.PaperRequestRevisions, [paperId]);
    try {
      const created = await this.notifications.inTransaction(async (tx, mail) => {
        // The paper's lock first, as decisions and the author's revision take it: the status, the
        // round and the open request read here are the ones the request is decided by.
        const paper = await this.papers.lockSummary(tx, paperId, {
          missing: () => new ReviewException('revisionNeedsReview'),
          check: (locked) => {
            if (!REVIEWABLE_STATUSES.includes(locked.status)) throw new ReviewException('revisionNeedsReview');
          },
        });
        // A submitted review of this round is what makes a request possible.
        await lockForTransition(tx, PaperReview, { paperId, round: paper.round, status: ReviewStatus.Submitted }, { missing: () => new ReviewException('revisionNeedsReview') });
        if ((await tx.count(RevisionRequest, { paperId, respondedAt: null })) > 0) throw new ReviewException('revisionAlreadyRequested');
        // Without a choice of reviews, the round's submitted reviews are shared (one per round: the
        // round's review, as before letters). A review not of this round, or not submitted, is refused here.
        const { letter, sharedReviewIds } = await this.letters.letterFor(
          { id: paperId, round: paper.round },
          { decision: dto.kind === RevisionKind.Minor ? 'minor_revisions' : 'major_revisions', editorNote: dto.editorNote, sharedReviewIds: dto.sharedReviewIds, shareText: dto.shareText, shareCriteria: dto.shareCriteria },
          tx,
        );
        await this.shareWithAuthor(tx, paperId, paper.round, sharedReviewIds, dto);
        const requestedAt = new Date();
        const request = tx.create(RevisionRequest, {
          paperId,
          round: paper.round,
          kind: dto.kind,
          editorNote: dto.editorNote?.trim() ?? '',
          requestedBy: admin.id,
          requestedAt,
          dueAt: dto.dueAt ? new Date(dto.dueAt) : new Date(requestedAt.getTime() + REVISION_DUE_DAYS[dto.kind] * DAY_MS),
        });
        await tx.flush();
        this.timeline.record(tx, { kind: PaperEventKind.RevisionsRequested, paperId, round: paper.round, by: admin.id });
        const ownerEmail = (await this.users.emailsOf([paper.ownerId], tx)).get(paper.ownerId);
        if (ownerEmail) {
          mail.queue({
            template: MailTemplate.RevisionsRequested,
            to: ownerEmail,
            data: {
              title: paper.title,
              revisions: dto.kind === RevisionKind.Minor ? 'minor revisions' : 'major revisions',
              dueDate: journalDates(this.config.journal.dateStyle).day(request.dueAt),
              paperUrl: `${this.config.http.publicUrl}/papers/${paperId}`,
              letter,
            },
            dedupeKey: `revisions-requested:${request.id}`,
          });
        }
        await tx.flush();
        return request;
      });
      return toRevisionRequestDto(created);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new ReviewException('revisionAlreadyRequested');
      throw error;
    }
  }

  /** What the author reads of the round's submitted reviews: the chosen ones as the request says, the others nothing. */
  private async shareWithAuthor(tx: EntityManager, paperId: string, round: number, sharedReviewIds: readonly string[], dto: RequestRevisionsDto): Promise<void> {
    for (const review of await tx.find(PaperReview, { paperId, round, status: ReviewStatus.Submitted })) {
      const shared = sharedReviewIds.includes(review.id);
      review.shareText = shared && dto.shareText;
      review.shareCriteria = shared && dto.shareCriteria;
    }
  }

  /**
   * The author's answer: the revised PDF becomes the paper's new version and opens the next
   * round, the request is answered, and the editors are e-mailed, together or not at all (the
   * stored file is removed if anything is refused).
   */
  async submit(author: AuthUser, paperId: string, form: IncomingUpload): Promise<RevisionRequestDto> {
    await this.access.requireAccess(author, Permission.PaperSubmitRevision, [paperId]);
    // Refused before the file is read: nobody uploads 10 MB to be told there is nothing to answer.
    if ((await this.em.count(RevisionRequest, { paperId, respondedAt: null })) === 0) throw new ReviewException('revisionNotRequested');
    const upload = await form.receive(author.id);
    try {
      const unknown = Object.keys(upload.fields).filter((name) => name !== 'responseLetter');
      if (unknown.length > 0) throw new UploadRefusedException(unknown.map((name) => `property ${name} should not exist`).join('; '));
      const { responseLetter } = await validateInput(SubmitRevisionFieldsDto, upload.fields);
      const letter = responseLetter.trim();
      if (letter === '') throw new ReviewException('responseLetterMissing');
      const file = upload.requireFile();
      const answered = await this.notifications.inTransaction(async (tx, mail) => {
        // The paper's lock before the request's, in the order every transition of the paper takes them.
        await this.papers.lockSummary(tx, paperId, { missing: () => new ReviewException('revisionNotRequested') });
        const request = await lockForTransition(tx, RevisionRequest, { paperId, respondedAt: null }, { missing: () => new ReviewException('revisionNotRequested') });
        const opened = await this.versions.openRevisedRound(tx, paperId, file, author.id);
        request.responseLetter = letter;
        request.responseVersion = opened.version;
        request.respondedAt = new Date();
        this.timeline.record(tx, { kind: PaperEventKind.RevisionSubmitted, paperId, round: opened.round, by: author.id });
        for (const editor of await this.access.editorialTeam(tx)) {
          mail.queue({
            template: MailTemplate.RevisionSubmitted,
            to: editor.email,
            data: { title: opened.title, round: opened.round, paperUrl: `${this.config.http.publicUrl}/papers/${paperId}` },
            dedupeKey: `revision-submitted:${request.id}:${editor.id}`,
          });
        }
        await tx.flush();
        return request;
      });
      return toRevisionRequestDto(answered);
    } catch (error) {
      await upload.discard();
      throw error;
    }
  }
}
