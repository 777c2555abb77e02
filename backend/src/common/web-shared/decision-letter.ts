// Known to both halves: the server composes the letter for the preview and the e-mails, and the
// web app's test server composes it the same way.

/**
 * The letter the author receives with an editorial decision or a revision request: the editors'
 * note and the reviews they chose to share, quoted as the author may read them (the reviewers
 * unnamed, "Reviewer 1", "Reviewer 2"…). One composer for the preview and for every e-mail that
 * carries it, so what the editor previews is what the author reads.
 */

export const LETTER_DECISIONS = ['accepted', 'rejected', 'minor_revisions', 'major_revisions'] as const;
export type LetterDecision = (typeof LETTER_DECISIONS)[number];

/** A criterion of the rubric as the shared review scored it. */
export interface LetterCriterion {
  name: string;
  score: number | null;
  comment: string;
}

/**
 * One shared review as the author may read it. There is no field for the reviewer's name: the
 * composer cannot name a reviewer, whatever its caller holds.
 */
export interface LetterReview {
  /** "Reviewer 1", "Reviewer 2"… the same label the author reads on the paper's page. */
  label: string;
  round: number;
  /** The review's text, or null when its text is not shared. */
  text: string | null;
  /** The rubric's scores and comments; empty when they are not shared. */
  criteria: readonly LetterCriterion[];
}

export interface DecisionLetterInput {
  decision: LetterDecision;
  editorNote?: string | null;
  sharedReviews: readonly LetterReview[];
}

const NOTE_HEADING = 'A note from the editors:';

/** What the letter asks of the author after its quotes: a revision answers each point; a decision asks nothing. */
const CLOSINGS: { readonly [D in LetterDecision]: string | null } = {
  accepted: null,
  rejected: null,
  minor_revisions: 'Please answer each point in the response letter you send with your revised paper.',
  major_revisions: 'Please answer each point in the response letter you send with your revised paper.',
};

function reviewHeading(review: LetterReview): string {
  // Round 1 goes unnamed, as in the e-mails' titles: a paper reviewed once has no other round.
  return review.round > 1 ? `${review.label}'s review (round ${review.round}):` : `${review.label}'s review:`;
}

function criterionLine(criterion: LetterCriterion): string {
  const score = criterion.score == null ? 'not scored' : `${criterion.score}/5`;
  const comment = criterion.comment.trim();
  return `- ${criterion.name}: ${score}${comment ? `. ${comment}` : ''}`;
}

function reviewSection(review: LetterReview): string | null {
  const text = review.text?.trim() ?? '';
  const parts = [text, ...(review.criteria.length > 0 ? [`Scores:\n${review.criteria.map(criterionLine).join('\n')}`] : [])].filter((part) => part !== '');
  if (parts.length === 0) return null;
  return [reviewHeading(review), ...parts].join('\n\n');
}

/**
 * The letter's text: the editors' note first, then each shared review in the order given. Empty
 * when the editors wrote nothing and shared nothing, so an e-mail without a letter reads as it
 * did before letters.
 */
export function composeDecisionLetter(input: DecisionLetterInput): string {
  const note = input.editorNote?.trim() ?? '';
  const sections = [
    ...(note ? [`${NOTE_HEADING}\n\n${note}`] : []),
    ...input.sharedReviews.map(reviewSection).filter((section): section is string => section !== null),
  ];
  if (sections.length === 0) return '';
  const closing = CLOSINGS[input.decision];
  return [...sections, ...(closing ? [closing] : [])].join('\n\n');
}
