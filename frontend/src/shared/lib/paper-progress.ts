// Progress of a paper through review, by status (spec section 4); unknown statuses are 0.
const progressByStatus: Record<string, number> = {
  submitted: 25,
  under_review: 50,
  accepted: 75,
  published: 100,
  rejected: 0,
};

export function paperProgress(status: string): number {
  return progressByStatus[status] ?? 0;
}
