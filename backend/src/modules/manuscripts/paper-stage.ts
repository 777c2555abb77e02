import { PaperStatus } from './entities/paper-status.js';

/**
 * Where a paper is in its editorial journey, beside its status (issue 27): derived from the
 * paper, its current round's assignments and its open revision request, never stored. The spec's
 * five statuses stay what they are; the stage only says more.
 */
export enum PaperStage {
  /** Just submitted: no reviewer has been asked in round 1, and the editors have not moved it under review. */
  Submitted = 'submitted',
  /** Round 1 with no reviewer standing: a reviewer declined, or the editors moved it under review without one. */
  AwaitingReviewer = 'awaiting_reviewer',
  /** A reviewer (or several) stands in the current round: k of n reviews in. */
  InReview = 'in_review',
  /** The author must answer a revision request, by its due date. */
  RevisionsRequested = 'revisions_requested',
  /** The author answered a revision request; the new round has no reviewer yet, so the editors must act. */
  Revised = 'revised',
  Accepted = 'accepted',
  Published = 'published',
  Rejected = 'rejected',
}

export const PAPER_STAGES = Object.values(PaperStage);

/** What a stage is derived from: the paper's own row and, read-only, the review module's rows of it. */
export interface PaperStageFacts {
  status: PaperStatus;
  /** The paper's current review round. */
  round: number;
  /** Assignments of the current round that are not declined. */
  liveReviews: number;
  /** Of those, the submitted ones. */
  submittedReviews: number;
  /** Declined assignments of the current round. */
  declinedReviews: number;
  /** The open revision request's due date; null when none is open. */
  revisionDueAt: Date | null;
}

/** A paper's stage as the API sends it. */
export interface PaperStageView {
  name: PaperStage;
  round: number;
  /** in_review: submitted reviews of the round (k of n); null otherwise. */
  reviewsIn: number | null;
  /** in_review: assignments of the round that are not declined (n); null otherwise. */
  reviewsExpected: number | null;
  /** revisions_requested: when the revision is due; null otherwise. */
  dueAt: string | null;
}

/** The yes-or-no questions a rule may ask of the facts. */
export type StageQuestion = 'revisionOpen' | 'reviewerAssigned' | 'laterRound' | 'declinedInRound';

/** Each question answered from the facts; the SQL of the admin filter answers the same ones (paper-stage-facts.repository.ts). */
export const STAGE_ANSWERS: { readonly [Q in StageQuestion]: (facts: PaperStageFacts) => boolean } = {
  revisionOpen: (facts) => facts.revisionDueAt !== null,
  reviewerAssigned: (facts) => facts.liveReviews > 0,
  laterRound: (facts) => facts.round > 1,
  declinedInRound: (facts) => facts.declinedReviews > 0,
};

export interface StageRule {
  stage: PaperStage;
  statuses: readonly PaperStatus[];
  /** Each question named must have this answer. */
  asks?: Partial<Record<StageQuestion, boolean>>;
}

/** A round is reviewed, and revisions asked for, only before a decision. */
const IN_FLIGHT: readonly PaperStatus[] = [PaperStatus.Submitted, PaperStatus.UnderReview];

/**
 * The one table of stages: the first rule that holds is the paper's stage. Written as data so the
 * DTOs (stageOf) and the admin list's filter (SQL built from the same rules) cannot disagree.
 */
export const STAGE_RULES: readonly StageRule[] = [
  { stage: PaperStage.Published, statuses: [PaperStatus.Published] },
  { stage: PaperStage.Accepted, statuses: [PaperStatus.Accepted] },
  { stage: PaperStage.Rejected, statuses: [PaperStatus.Rejected] },
  { stage: PaperStage.RevisionsRequested, statuses: IN_FLIGHT, asks: { revisionOpen: true } },
  { stage: PaperStage.InReview, statuses: IN_FLIGHT, asks: { reviewerAssigned: true } },
  { stage: PaperStage.Revised, statuses: IN_FLIGHT, asks: { laterRound: true } },
  { stage: PaperStage.AwaitingReviewer, statuses: [PaperStatus.UnderReview] },
  { stage: PaperStage.AwaitingReviewer, statuses: [PaperStatus.Submitted], asks: { declinedInRound: true } },
  { stage: PaperStage.Submitted, statuses: [PaperStatus.Submitted] },
];

function holds(rule: StageRule, facts: PaperStageFacts): boolean {
  if (!rule.statuses.includes(facts.status)) return false;
  return Object.entries(rule.asks ?? {}).every(([question, answer]) => STAGE_ANSWERS[question as StageQuestion](facts) === answer);
}

/** The statuses a paper in this stage can have (a filter's first cut, on the status index). */
export function statusesOfStage(stage: PaperStage): PaperStatus[] {
  return [...new Set(STAGE_RULES.filter((rule) => rule.stage === stage).flatMap((rule) => rule.statuses))];
}

export function stageOf(facts: PaperStageFacts): PaperStageView {
  // Every status has a last rule without questions, so one always holds; the fallback is the status's own word.
  const name = STAGE_RULES.find((rule) => holds(rule, facts))?.stage ?? (facts.status as string as PaperStage);
  return {
    name,
    round: facts.round,
    reviewsIn: name === PaperStage.InReview ? facts.submittedReviews : null,
    reviewsExpected: name === PaperStage.InReview ? facts.liveReviews : null,
    dueAt: name === PaperStage.RevisionsRequested && facts.revisionDueAt ? facts.revisionDueAt.toISOString() : null,
  };
}
