// The review progress bar, known to both halves: the server sends it with each of an author's
// submissions, the web app shows it on a paper's page (spec section 4, "Paper status").

/** One number per paper status, in percent. */
export const PAPER_PROGRESS = { submitted: 25, under_review: 50, accepted: 75, published: 100, rejected: 0 } as const;

/** A status the spec does not list (the assignment list's in_review, say) is 0. */
export function paperProgress(status: string): number {
  return Object.hasOwn(PAPER_PROGRESS, status) ? PAPER_PROGRESS[status as keyof typeof PAPER_PROGRESS] : 0;
}
