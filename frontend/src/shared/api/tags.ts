// The cache tags of the one API slice. Each tag type belongs to one feature: only that feature's
// endpoints provide it (app/api-tags.test.ts checks), and it writes its own tags as it likes.
// Another feature whose change shows in that cache invalidates it through the helpers below,
// never by naming the type itself, so a tag's shape is written once.

/** The feature (its folder under features/) whose endpoints provide each tag type. */
export const tagOwners = {
  Session: 'auth',
  Paper: 'papers',
  AdminPaper: 'admin',
  AdminStats: 'admin',
  Submission: 'submission',
  PaperVersion: 'submission',
  Comment: 'comments',
  Payment: 'payments',
  Review: 'review',
  ReviewRound: 'revisions',
  Invitation: 'invitations',
  Message: 'messages',
} as const;

export type TagType = keyof typeof tagOwners;

export const tagTypes = Object.keys(tagOwners) as TagType[];

/** One tag of a type: RTK Query refetches what provided it when it is invalidated. */
interface IdTag {
  type: TagType;
  id: string;
}

// What other features invalidate, by owner.

/** auth: the session, whose roles and linked ORCID iD change with an accepted invitation or an unlink. */
export const SESSION_TAG = 'Session' satisfies TagType;

/** papers: one paper (its page and its card in the published list). */
export function paperTag(paperId: string) {
  return { type: 'Paper', id: paperId } as const satisfies IdTag;
}

/** papers: the published list. */
export const PUBLISHED_PAPERS_TAG = { type: 'Paper', id: 'LIST' } as const satisfies IdTag;

/** papers: a paper's status timeline. */
export function statusHistoryTag(paperId: string) {
  return { type: 'Paper', id: `${paperId}:history` } as const satisfies IdTag;
}

/** admin: the editors' table of every paper. */
export const ADMIN_PAPERS_TAG = { type: 'AdminPaper', id: 'LIST' } as const satisfies IdTag;

/** submission: the author's submissions and dashboard (statuses, comment counts). */
export const SUBMISSIONS_TAG = 'Submission' satisfies TagType;

/** submission: a paper's versions. */
export function paperVersionsTag(paperId: string) {
  return { type: 'PaperVersion', id: paperId } as const satisfies IdTag;
}

/** payments: whether the submission fee is paid (a submission uses it up). */
export const SUBMISSION_FEE_TAG = { type: 'Payment', id: 'FEE' } as const satisfies IdTag;

/** review: the assignment lists (assignable papers and reviewers, assignments, a reviewer's dashboard). */
export const REVIEW_LISTS_TAG = { type: 'Review', id: 'LIST' } as const satisfies IdTag;

/** revisions: every paper's review rounds (they show the rubric's criteria). */
export const REVIEW_ROUNDS_TAG = 'ReviewRound' satisfies TagType;
