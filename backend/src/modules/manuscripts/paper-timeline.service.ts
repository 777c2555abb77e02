import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PaperEventKind } from './paper-event-kind.js';
import { PaperStatusEvent } from './entities/paper-status-event.entity.js';

/** A step of the review that the paper's timeline records beside its status changes. */
export type ReviewTimelineEvent =
  | { kind: PaperEventKind.RevisionsRequested | PaperEventKind.RevisionSubmitted; paperId: string; round: number; by: string }
  | { kind: PaperEventKind.ReviewerAssigned | PaperEventKind.ReviewDeclined; paperId: string; round: number; reviewerId: string; by: string };

/**
 * The paper's timeline as other modules add to it: the review module records its steps here, in
 * its own transaction (`tx`), so an event commits with the change it tells of or not at all.
 * Status changes are the manuscripts module's own (decisions, submission, the revised round).
 */
@Injectable()
export class PaperTimelineService {
  record(tx: EntityManager, event: ReviewTimelineEvent): void {
    tx.create(PaperStatusEvent, {
      id: randomUUID(),
      paperId: event.paperId,
      kind: event.kind,
      fromStatus: null,
      toStatus: null,
      round: event.round,
      reviewerId: 'reviewerId' in event ? event.reviewerId : null,
      changedBy: event.by,
    });
  }
}
