import { type PaperDetail, type PaperStage, type StageCounts } from '@/shared/api';
import { db } from './db';

/**
 * A paper's stage as the server derives it (backend manuscripts/paper-stage.ts, first rule that
 * holds), from what the test's "database" holds: the status, the rounds a test set and the review rows.
 */
export function stageOfPaper(paper: Pick<PaperDetail, 'id' | 'status'>): PaperStage {
  const rounds = db.rounds[paper.id];
  const round = rounds?.currentRound ?? 1;
  const ofRound = db.reviews.filter((review) => review.paperId === paper.id && (review.round ?? 1) === round);
  const live = ofRound.filter((review) => review.status !== 'declined');
  const stage = (name: PaperStage['name'], extra: Partial<PaperStage> = {}): PaperStage => ({ name, round, reviewsIn: null, reviewsExpected: null, dueAt: null, ...extra });
  switch (paper.status) {
    case 'accepted':
    case 'published':
    case 'rejected':
      return stage(paper.status);
    case 'submitted':
    case 'under_review':
      if (rounds?.openRequest) return stage('revisions_requested', { dueAt: rounds.openRequest.dueAt });
      if (live.length > 0) return stage('in_review', { reviewsIn: live.filter((review) => review.status === 'submitted').length, reviewsExpected: live.length });
      if (round > 1) return stage('revised');
      if (paper.status === 'under_review' || ofRound.length > 0) return stage('awaiting_reviewer');
      return stage('submitted');
  }
}

/** The editors' counts by stage, of the papers before a decision. */
export function stageCounts(): StageCounts {
  const counts: StageCounts = { submitted: 0, awaiting_reviewer: 0, in_review: 0, revisions_requested: 0, revised: 0 };
  for (const paper of db.papers) {
    const { name } = stageOfPaper(paper);
    if (Object.hasOwn(counts, name)) counts[name as keyof StageCounts] += 1;
  }
  return counts;
}
