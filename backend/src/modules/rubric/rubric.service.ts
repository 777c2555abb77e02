import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ReviewCriterion } from './entities/review-criterion.entity.js';
import type { StoredReviewCriterion } from './stored-review-criterion.js';
import { RubricException } from './rubric.exception.js';
import type { ReplaceRubricDto, ReviewCriterionDto, ReviewCriterionInputDto, RubricCriterionDto } from './rubric.dto.js';

/** What of a review its scores are read from: a submitted one keeps its snapshot, a draft follows the current rubric. */
export interface ScoredReview {
  submittedAt?: Date | null;
  criteria?: StoredReviewCriterion[] | null;
}

const keyOf = (name: string) => name.trim().toLowerCase();

/** "A, B and C" */
function listed(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The review rubric (docs/api.md, Peer review): the criteria the editors keep, and how a review's
 * scores meet them. A draft follows the current rubric; a submitted review keeps the snapshot it
 * was submitted against, whatever the rubric becomes. Who may call is decided by the routes'
 * standing permissions (rubric.read, rubric.manage) and, for reviews, by ReviewService.
 */
@Injectable()
export class RubricService {
  constructor(private readonly em: EntityManager) {}

  async current(em: EntityManager = this.em): Promise<RubricCriterionDto[]> {
    const rows = await em.find(ReviewCriterion, {}, { orderBy: { position: 'asc', id: 'asc' } });
    return rows.map(({ name, hint }) => ({ name, hint }));
  }

  /** Replaces the whole list; two editors saving at once take turns (`ReviewCriterionRepository.replaceAll`). */
  async replace(dto: ReplaceRubricDto): Promise<RubricCriterionDto[]> {
    await this.em.transactional(async (tx) => {
      await tx.getRepository(ReviewCriterion).replaceAll(dto.criteria);
      await tx.flush();
    });
    return this.current();
  }

  /** What a draft stores: what the reviewer gave, scored or not, with the current hint where the name is known. */
  async criteriaForDraft(given: readonly ReviewCriterionInputDto[], tx: EntityManager): Promise<StoredReviewCriterion[]> {
    const hints = new Map((await this.current(tx)).map((criterion) => [keyOf(criterion.name), criterion.hint]));
    return given.map((criterion) => ({
      name: criterion.name,
      hint: hints.get(keyOf(criterion.name)) ?? '',
      score: criterion.score ?? null,
      comment: criterion.comment ?? '',
    }));
  }

  /**
   * What a submitted review keeps for ever: every criterion of the rubric as it is now, with its
   * score. Read in the submit's transaction, so the snapshot is the rubric the scores were checked
   * against. Refuses (REVIEW_INCOMPLETE) a criterion left unscored, or one the rubric no longer has.
   */
  async snapshotForSubmit(given: readonly ReviewCriterionInputDto[], tx: EntityManager): Promise<StoredReviewCriterion[]> {
    const rubric = await this.current(tx);
    const byName = new Map(given.map((criterion) => [keyOf(criterion.name), criterion]));
    const unscored = rubric.filter((criterion) => typeof byName.get(keyOf(criterion.name))?.score !== 'number').map((criterion) => criterion.name);
    const known = new Set(rubric.map((criterion) => keyOf(criterion.name)));
    const unknown = given.filter((criterion) => !known.has(keyOf(criterion.name))).map((criterion) => criterion.name);
    const problems: string[] = [];
    if (unscored.length > 0) problems.push(`Give a score from 1 to 5 for ${listed(unscored)} before submitting.`);
    if (unknown.length > 0) problems.push(`The rubric has no criterion named ${listed(unknown)}: it may have changed, so reload the review.`);
    if (problems.length > 0) throw new RubricException('incomplete', problems.join(' '));
    return rubric.map(({ name, hint }) => {
      const scored = byName.get(keyOf(name))!;
      return { name, hint, score: scored.score, comment: scored.comment ?? '' };
    });
  }

  /**
   * The criteria a review shows: a submitted review its snapshot (none if it predates the rubric);
   * anything else the current rubric with the draft's scores and comments, so a reviewer mid-draft
   * sees a change of rubric.
   */
  async criteriaOf(review: ScoredReview): Promise<ReviewCriterionDto[]> {
    const stored: readonly StoredReviewCriterion[] = review.criteria ?? [];
    if (review.submittedAt) return stored.map(({ name, hint, score, comment }) => ({ name, hint, score, comment }));
    const drafted = new Map(stored.map((criterion) => [keyOf(criterion.name), criterion]));
    return (await this.current()).map(({ name, hint }) => {
      const draft = drafted.get(keyOf(name));
      return { name, hint, score: draft?.score ?? null, comment: draft?.comment ?? '' };
    });
  }
}
