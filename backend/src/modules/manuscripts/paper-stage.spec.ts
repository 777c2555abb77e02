import { PAPER_STATUSES, PaperStatus } from './entities/paper-status.js';
import { PAPER_STAGES, PaperStage, type PaperStageFacts, STAGE_RULES, stageOf, statusesOfStage } from './paper-stage.js';

const DUE = new Date('2026-12-07T12:00:00.000Z');

function facts(overrides: Partial<PaperStageFacts>): PaperStageFacts {
  return { status: PaperStatus.Submitted, round: 1, liveReviews: 0, submittedReviews: 0, declinedReviews: 0, revisionDueAt: null, ...overrides };
}

describe('stageOf (issue 27: a stage beside the status)', () => {
  it.each<[string, Partial<PaperStageFacts>, PaperStage]>([
    ['a fresh submission', {}, PaperStage.Submitted],
    ['a submission whose reviewer declined', { declinedReviews: 1 }, PaperStage.AwaitingReviewer],
    ['a paper moved under review with no reviewer', { status: PaperStatus.UnderReview }, PaperStage.AwaitingReviewer],
    ['under review, its reviewer declined', { status: PaperStatus.UnderReview, declinedReviews: 2 }, PaperStage.AwaitingReviewer],
    ['a submission with a reviewer', { liveReviews: 1 }, PaperStage.InReview],
    ['under review with a reviewer and a declined one', { status: PaperStatus.UnderReview, liveReviews: 1, declinedReviews: 1 }, PaperStage.InReview],
    ['every review of the round in', { status: PaperStatus.UnderReview, liveReviews: 2, submittedReviews: 2 }, PaperStage.InReview],
    ['a revision requested', { status: PaperStatus.UnderReview, liveReviews: 1, submittedReviews: 1, revisionDueAt: DUE }, PaperStage.RevisionsRequested],
    ['a revision requested of a submitted paper', { revisionDueAt: DUE, liveReviews: 1, submittedReviews: 1 }, PaperStage.RevisionsRequested],
    ['revised, round 2 without a reviewer', { status: PaperStatus.UnderReview, round: 2 }, PaperStage.Revised],
    ['revised, round 2 whose reviewer declined', { status: PaperStatus.UnderReview, round: 2, declinedReviews: 1 }, PaperStage.Revised],
    ['round 2 with a reviewer', { status: PaperStatus.UnderReview, round: 2, liveReviews: 1 }, PaperStage.InReview],
    ['round 2 with a revision requested', { status: PaperStatus.UnderReview, round: 2, liveReviews: 1, submittedReviews: 1, revisionDueAt: DUE }, PaperStage.RevisionsRequested],
    ['accepted', { status: PaperStatus.Accepted, round: 2, liveReviews: 1, submittedReviews: 1 }, PaperStage.Accepted],
    ['accepted with a request left open', { status: PaperStatus.Accepted, revisionDueAt: DUE }, PaperStage.Accepted],
    ['published', { status: PaperStatus.Published, liveReviews: 1, submittedReviews: 1 }, PaperStage.Published],
    ['rejected while in review', { status: PaperStatus.Rejected, liveReviews: 1 }, PaperStage.Rejected],
  ])('%s', (_case, given, stage) => {
    expect(stageOf(facts(given)).name).toBe(stage);
  });

  it('counts the reviews in, and the live assignments, only while in review', () => {
    expect(stageOf(facts({ status: PaperStatus.UnderReview, round: 3, liveReviews: 3, submittedReviews: 1, declinedReviews: 1 }))).toEqual({
      name: PaperStage.InReview,
      round: 3,
      reviewsIn: 1,
      reviewsExpected: 3,
      dueAt: null,
    });
    expect(stageOf(facts({ status: PaperStatus.Accepted, liveReviews: 1, submittedReviews: 1 }))).toMatchObject({ reviewsIn: null, reviewsExpected: null });
  });

  it('gives the due date only while revisions are requested', () => {
    expect(stageOf(facts({ status: PaperStatus.UnderReview, revisionDueAt: DUE }))).toEqual({
      name: PaperStage.RevisionsRequested,
      round: 1,
      reviewsIn: null,
      reviewsExpected: null,
      dueAt: '2026-12-07T12:00:00.000Z',
    });
    expect(stageOf(facts({ status: PaperStatus.Rejected, revisionDueAt: DUE })).dueAt).toBeNull();
  });

  it('has a rule for every status that holds whatever the review facts, so no paper falls through', () => {
    for (const status of PAPER_STATUSES) {
      expect(STAGE_RULES.some((rule) => rule.statuses.includes(status) && rule.asks === undefined)).toBe(true);
    }
  });

  it('reaches every stage, and names the statuses each can have', () => {
    expect(new Set(STAGE_RULES.map((rule) => rule.stage))).toEqual(new Set(PAPER_STAGES));
    expect(statusesOfStage(PaperStage.AwaitingReviewer).sort()).toEqual([PaperStatus.Submitted, PaperStatus.UnderReview]);
    expect(statusesOfStage(PaperStage.Published)).toEqual([PaperStatus.Published]);
  });
});
