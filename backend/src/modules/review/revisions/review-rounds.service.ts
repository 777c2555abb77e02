import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AccessService } from '../../../common/access/access.service.js';
import { Permission } from '../../../common/access/permission.js';
import { anonymousReviewerLabels, disclosureOf, isSharedWithAuthor, lastVisibleRound, readerKindOf, type RoundsReader, showsReviewsOf } from '../../../common/access/review-redaction.js';
import type { AuthUser } from '../../auth/auth-user.js';
import { PaperVersionsService } from '../../manuscripts/paper-versions.service.js';
import { ManuscriptsService } from '../../manuscripts/manuscripts.service.js';
import type { FileDownload } from '../../storage/file-download.js';
import { UsersService } from '../../users/users.service.js';
import { PaperReview } from '../entities/paper-review.entity.js';
import { ReviewStatus } from '../entities/review-status.js';
import { RevisionRequest } from '../entities/revision-request.entity.js';
import { ReviewException } from '../review.exception.js';
import { toRevisionRequestDto } from './revision-requests.service.js';
import type { ReviewRoundDto, ReviewRoundsDto, RoundCriterionDto, RoundReviewDto } from './revision.dto.js';

const ROUND_NUMBER = /^[1-9][0-9]{0,3}$/;

/**
 * The paper's review rounds, each as the caller may see it (the rules are the access policy's,
 * common/access/review-redaction.ts): the editors everything; the author the submitted reviews'
 * parts the editors shared, the reviewers as "Reviewer 1", "Reviewer 2"…; a reviewer the rounds
 * up to their own, with the earlier reviews, the editors' requests and the author's letters, and
 * each round's PDF.
 */
@Injectable()
export class ReviewRoundsService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: AccessService,
    private readonly papers: ManuscriptsService,
    private readonly versions: PaperVersionsService,
    private readonly users: UsersService,
  ) {}

  async rounds(user: AuthUser, paperId: string): Promise<ReviewRoundsDto> {
    const viewer = await this.viewerOf(user, paperId);
    const paper = (await this.papers.summariesOf([paperId])).get(paperId);
    if (!paper) throw new ReviewException('roundNotFound');
    const reviews = await this.em.find(PaperReview, { paperId }, { orderBy: { round: 'asc', assignedAt: 'asc', id: 'asc' } });
    const requests = await this.em.find(RevisionRequest, { paperId }, { orderBy: { round: 'asc' } });
    const names = viewer.kind === 'editor' || viewer.kind === 'reviewer' ? await this.users.displayNamesOf(reviews.map((review) => review.reviewerId)) : new Map<string, string>();
    const anonymous = anonymousNames(reviews);
    const lastVisible = lastVisibleRound(viewer, paper.round);
    const rounds: ReviewRoundDto[] = [];
    for (let round = 1; round <= lastVisible; round += 1) {
      const request = requests.find((candidate) => candidate.round === round) ?? null;
      const shown = showsReviewsOf(viewer, round) ? reviews.filter((review) => review.round === round) : [];
      rounds.push({
        round,
        version: versionOfRound(round, requests),
        pdfUrl: `/api/papers/${paperId}/rounds/${round}/pdf`,
        reviews: shown.flatMap((review) => reviewAsSeenBy(viewer, review, names, anonymous)),
        revisionRequest: request ? toRevisionRequestDto(request) : null,
      });
    }
    const open = requests.find((request) => !request.respondedAt) ?? null;
    const submittedThisRound = reviews.some((review) => review.round === paper.round && review.status === (ReviewStatus.Submitted as string));
    return {
      currentRound: paper.round,
      openRequest: open ? toRevisionRequestDto(open) : null,
      canRequestRevisions: viewer.kind === 'editor' && submittedThisRound && !open,
      rounds,
    };
  }

  /** The PDF a round reviewed: for a reviewer, only rounds up to their own. */
  async roundPdf(user: AuthUser, paperId: string, roundParam: string): Promise<FileDownload> {
    const viewer = await this.viewerOf(user, paperId);
    const round = ROUND_NUMBER.test(roundParam) ? Number(roundParam) : null;
    const paper = (await this.papers.summariesOf([paperId])).get(paperId);
    const lastVisible = lastVisibleRound(viewer, paper?.round ?? 0);
    if (round === null || round > lastVisible) throw new ReviewException('roundNotFound');
    const requests = await this.em.find(RevisionRequest, { paperId }, { orderBy: { round: 'asc' } });
    return this.versions.download(paperId, versionOfRound(round, requests));
  }

  private async viewerOf(user: AuthUser, paperId: string): Promise<RoundsReader> {
    const grants = (await this.access.requireAccess(user, Permission.PaperReadRounds, [paperId])).get(paperId) ?? new Set();
    const kind = readerKindOf(grants);
    if (kind !== 'reviewer') return { kind };
    const own = await this.em.findOne(PaperReview, { paperId, reviewerId: user.id, status: { $ne: ReviewStatus.Declined } }, { orderBy: { round: 'desc' } });
    if (!own) throw new ReviewException('roundNotFound');
    return { kind: 'reviewer', id: user.id, lastRound: own.round };
  }
}

/** Round 1 reviewed the paper as submitted; each later round the PDF that answered the request before it. */
function versionOfRound(round: number, requests: readonly RevisionRequest[]): number {
  if (round === 1) return 1;
  return requests.find((request) => request.round === round - 1)?.responseVersion ?? 1;
}

/** "Reviewer 1", "Reviewer 2"… as every place that shows the author a review names them. */
function anonymousNames(reviews: readonly PaperReview[]): Map<string, string> {
  return anonymousReviewerLabels(reviews.map((review) => ({ reviewerId: review.reviewerId, submitted: review.status === (ReviewStatus.Submitted as string) })));
}

function criteriaOf(review: PaperReview): RoundCriterionDto[] {
  return (review.criteria ?? []).map(({ name, score, comment }) => ({ name, score: score ?? null, comment: comment ?? '' }));
}

function reviewAsSeenBy(viewer: RoundsReader, review: PaperReview, names: ReadonlyMap<string, string>, anonymous: ReadonlyMap<string, string>): RoundReviewDto[] {
  const facts = { reviewerId: review.reviewerId, submitted: review.status === (ReviewStatus.Submitted as string), shareText: review.shareText, shareCriteria: review.shareCriteria };
  const seen = disclosureOf(viewer, facts);
  if (!seen) return [];
  return [
    {
      id: seen.sharing ? review.id : null,
      authorLabel: seen.sharing ? (anonymous.get(review.reviewerId) ?? null) : null,
      status: review.status,
      submittedAt: review.submittedAt?.toISOString() ?? null,
      sharedWithAuthor: isSharedWithAuthor(facts),
      reviewer: seen.reviewerName ? (names.get(review.reviewerId) ?? '') : (anonymous.get(review.reviewerId) ?? 'Reviewer'),
      mine: seen.mine,
      recommendation: seen.recommendation ? (review.recommendation ?? null) : null,
      text: seen.text ? review.reviewContent : null,
      criteria: seen.criteria ? criteriaOf(review) : [],
      declineReason: seen.declineReason ? (review.declineReason ?? null) : null,
    },
  ];
}
