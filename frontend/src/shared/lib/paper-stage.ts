import { type PaperStage, type PaperStageName } from '@/shared/api';
import { formatDate } from './format-date';

// A paper's stage (issue 27) in plain words, beside the spec's status, which keeps its label,
// colour and progress (paper-status.ts). The server derives the stage; this only words it. Keyed
// by the API's own enum, so a stage added to (or dropped from) the API fails the type-check here.

/** A stage's name on its own: the admin filter's options and the editors' tiles. */
export const paperStageLabels: Record<PaperStageName, string> = {
  submitted: 'New submission',
  awaiting_reviewer: 'Awaiting reviewer',
  in_review: 'In review',
  revisions_requested: 'Revisions requested',
  revised: 'Revised — awaiting editor',
  accepted: 'Accepted',
  published: 'Published',
  rejected: 'Rejected',
};

export const paperStageNames = Object.keys(paperStageLabels) as PaperStageName[];

export function isPaperStageName(value: string): value is PaperStageName {
  return Object.hasOwn(paperStageLabels, value);
}

/** The stages that say no more than the status beside them. */
const REPEATS_STATUS: ReadonlySet<PaperStageName> = new Set(['published', 'rejected']);

export function stageRepeatsStatus(stage: Pick<PaperStage, 'name'>): boolean {
  return REPEATS_STATUS.has(stage.name);
}

/** The stage as one line: 'In review — round 2, 1 of 2 reviews in', 'Revisions requested — due December 7, 2026'. */
export function paperStageWords(stage: PaperStage): string {
  switch (stage.name) {
    case 'submitted':
      return 'New submission — no reviewer asked yet';
    case 'awaiting_reviewer':
      return 'Awaiting a reviewer';
    case 'in_review': {
      const expected = stage.reviewsExpected ?? 0;
      return `In review — round ${stage.round}, ${stage.reviewsIn ?? 0} of ${expected} ${expected === 1 ? 'review' : 'reviews'} in`;
    }
    case 'revisions_requested':
      return stage.dueAt ? `Revisions requested — due ${formatDate(stage.dueAt)}` : 'Revisions requested';
    case 'revised':
      return `Revised — awaiting editor (round ${stage.round})`;
    case 'accepted':
      return 'Accepted — awaiting publication';
    case 'published':
      return 'Published';
    case 'rejected':
      return 'Rejected';
  }
}
