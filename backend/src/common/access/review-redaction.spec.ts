import { Permission } from './permission.js';
import { anonymousReviewerLabels, disclosureOf, isSharedWithAuthor, lastVisibleRound, readerKindOf, type ReviewFacts, type RoundsReader, showsReviewsOf, timelineNamesPeople } from './review-redaction.js';

const REVIEWER_ID = '00000000-0000-4000-8000-00000000000c';
const OTHER_REVIEWER_ID = '00000000-0000-4000-8000-00000000000d';

/** Readers of a paper in its third round; the reviewer reviews round 3 and reviewed round 1. */
const READERS: Record<string, RoundsReader> = {
  editor: { kind: 'editor' },
  author: { kind: 'author' },
  reviewer: { kind: 'reviewer', id: REVIEWER_ID, lastRound: 3 },
};

const review = (reviewerId: string, submitted: boolean, shareText: boolean, shareCriteria: boolean): ReviewFacts => ({ reviewerId, submitted, shareText, shareCriteria });

/** Reviews of an earlier round, as the reviewer persona stands to them. */
const REVIEWS: Record<string, ReviewFacts> = {
  'own, submitted, unshared': review(REVIEWER_ID, true, false, false),
  "another's, submitted, unshared": review(OTHER_REVIEWER_ID, true, false, false),
  "another's, submitted, text shared": review(OTHER_REVIEWER_ID, true, true, false),
  "another's, submitted, scores shared": review(OTHER_REVIEWER_ID, true, false, true),
  "another's, submitted, both shared": review(OTHER_REVIEWER_ID, true, true, true),
  "another's, not submitted, marked shared": review(OTHER_REVIEWER_ID, false, true, true),
  "another's, not submitted": review(OTHER_REVIEWER_ID, false, false, false),
};

/**
 * What each reader sees of each review, written out: `hidden`, or the parts shown (name: the
 * reviewer's name rather than "Reviewer n"; rec: the recommendation; decline: the reason for
 * declining). Loosening or tightening any rule changes a cell.
 */
const EXPECTED: Record<string, Record<keyof typeof READERS, string>> = {
  'own, submitted, unshared': /*                */ { editor: 'name rec text criteria decline sharing', author: 'hidden', reviewer: 'name mine rec text criteria' },
  "another's, submitted, unshared": /*          */ { editor: 'name rec text criteria decline sharing', author: 'hidden', reviewer: 'text criteria' },
  "another's, submitted, text shared": /*       */ { editor: 'name rec text criteria decline sharing', author: 'text', reviewer: 'text criteria' },
  "another's, submitted, scores shared": /*     */ { editor: 'name rec text criteria decline sharing', author: 'criteria', reviewer: 'text criteria' },
  "another's, submitted, both shared": /*       */ { editor: 'name rec text criteria decline sharing', author: 'text criteria', reviewer: 'text criteria' },
  "another's, not submitted, marked shared": /* */ { editor: 'name rec text criteria decline sharing', author: 'hidden', reviewer: 'hidden' },
  "another's, not submitted": /*                */ { editor: 'name rec text criteria decline sharing', author: 'hidden', reviewer: 'hidden' },
};

function shown(reader: RoundsReader, facts: ReviewFacts): string {
  const seen = disclosureOf(reader, facts);
  if (!seen) return 'hidden';
  const parts: [boolean, string][] = [
    [seen.reviewerName, 'name'],
    [seen.mine, 'mine'],
    [seen.recommendation, 'rec'],
    [seen.text, 'text'],
    [seen.criteria, 'criteria'],
    [seen.declineReason, 'decline'],
    [seen.sharing, 'sharing'],
  ];
  return (
    parts
      .filter(([visible]) => visible)
      .map(([, name]) => name)
      .join(' ') || 'nothing'
  );
}

const cases = Object.keys(REVIEWS).flatMap((label) => Object.keys(READERS).map((reader) => [label, reader, EXPECTED[label][reader]] as const));

describe('what each reader of the review rounds sees of a review', () => {
  it('has a row for every review and a cell for every reader', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(REVIEWS).sort());
    for (const row of Object.values(EXPECTED)) expect(Object.keys(row).sort()).toEqual(Object.keys(READERS).sort());
  });

  it.each(cases)('%s, read by the %s: %s', (label, reader, expected) => {
    expect(shown(READERS[reader], REVIEWS[label])).toBe(expected);
  });

  it('calls a review shared with the author only once it is submitted and some part is shared', () => {
    expect(Object.entries(REVIEWS).filter(([, facts]) => isSharedWithAuthor(facts)).map(([label]) => label)).toEqual([
      "another's, submitted, text shared",
      "another's, submitted, scores shared",
      "another's, submitted, both shared",
    ]);
  });
});

describe('which rounds a reader sees', () => {
  it('shows the editors and the author every round, a reviewer the rounds up to their own', () => {
    expect(lastVisibleRound(READERS.editor, 4)).toBe(4);
    expect(lastVisibleRound(READERS.author, 4)).toBe(4);
    expect(lastVisibleRound(READERS.reviewer, 4)).toBe(3);
  });

  it("shows a reviewer no review of their own round (that is their review page's), and the earlier rounds' reviews", () => {
    expect([1, 2, 3].map((round) => showsReviewsOf(READERS.reviewer, round))).toEqual([true, true, false]);
    expect([1, 2, 3].map((round) => showsReviewsOf(READERS.editor, round))).toEqual([true, true, true]);
    expect([1, 2, 3].map((round) => showsReviewsOf(READERS.author, round))).toEqual([true, true, true]);
  });

  it("reads the editors from the grant to read every review, the author from the grant to answer revision requests, and anyone else as a reviewer", () => {
    expect(readerKindOf(new Set([Permission.PaperReadRounds, Permission.PaperReadReviews, Permission.PaperSubmitRevision]))).toBe('editor');
    expect(readerKindOf(new Set([Permission.PaperReadRounds, Permission.PaperSubmitRevision]))).toBe('author');
    expect(readerKindOf(new Set([Permission.PaperReadRounds]))).toBe('reviewer');
  });

  it("names people on a paper's timeline to the editors only: the author reads no reviewer's name", () => {
    expect(timelineNamesPeople(new Set([Permission.PaperReadHistory, Permission.PaperReadReviews, Permission.PaperDecide]))).toBe(true);
    expect(timelineNamesPeople(new Set([Permission.PaperReadHistory, Permission.PaperSubmitRevision]))).toBe(false);
    expect(timelineNamesPeople(new Set([Permission.PaperReadHistory]))).toBe(false);
  });
});

describe('the reviewers as the author reads them', () => {
  it('numbers reviewers by their first submitted review, the same in every round, and never a reviewer who submitted none', () => {
    const labels = anonymousReviewerLabels([
      { reviewerId: 'declined', submitted: false },
      { reviewerId: 'b', submitted: true },
      { reviewerId: 'a', submitted: true },
      { reviewerId: 'b', submitted: true },
    ]);
    expect([...labels]).toEqual([
      ['b', 'Reviewer 1'],
      ['a', 'Reviewer 2'],
    ]);
  });
});
