import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { PaperEventKind } from '../paper-event-kind.js';
import { PaperStatus } from './paper-status.js';

/**
 * One step of a paper's timeline: the submission (a status change from null), each decision, and
 * the review's steps (revision requests and revised papers, assignments and declines).
 */
const PaperStatusEventSchema = defineEntity({
  name: 'PaperStatusEvent',
  tableName: 'paper_status_events',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    paperId: p.uuid(),
    kind: p.enum(() => PaperEventKind).onCreate(() => PaperEventKind.StatusChanged),
    fromStatus: p.enum(() => PaperStatus).nullable(),
    /** Set exactly for a status change (a check constraint). */
    toStatus: p.enum(() => PaperStatus).nullable(),
    /** The review round the event belongs to; null for status changes. */
    round: p.integer().nullable(),
    /** The reviewer an assignment or a decline is about; named to the editors only (review-redaction.ts). */
    reviewerId: p.uuid().nullable(),
    /** Null only for decisions backfilled by the migration: shown as the editorial team. */
    changedBy: p.uuid().nullable(),
    changedAt: p.datetime().onCreate(() => new Date()),
  },
});

export class PaperStatusEvent extends PaperStatusEventSchema.class {}
PaperStatusEventSchema.setClass(PaperStatusEvent);
export { PaperStatusEventSchema };
