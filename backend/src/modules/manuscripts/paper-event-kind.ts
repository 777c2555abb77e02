/** What happened to a paper, as its timeline (paper_status_events.kind) records it. */
export enum PaperEventKind {
  /** The submission (from no status) and every status the editors set. */
  StatusChanged = 'status_changed',
  RevisionsRequested = 'revisions_requested',
  /** The author's revised PDF, which opens the next round. */
  RevisionSubmitted = 'revision_submitted',
  ReviewerAssigned = 'reviewer_assigned',
  ReviewDeclined = 'review_declined',
}

export const PAPER_EVENT_KINDS: readonly PaperEventKind[] = Object.values(PaperEventKind);
