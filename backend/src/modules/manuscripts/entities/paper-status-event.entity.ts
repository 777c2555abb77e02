import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { PaperStatus } from './paper-status.js';

/** One step of a paper's status timeline: the submission (from null), then each decision. */
const PaperStatusEventSchema = defineEntity({
  name: 'PaperStatusEvent',
  tableName: 'paper_status_events',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    paperId: p.uuid(),
    fromStatus: p.enum(() => PaperStatus).nullable(),
    toStatus: p.enum(() => PaperStatus),
    /** Null only for decisions backfilled by the migration: shown as the editorial team. */
    changedBy: p.uuid().nullable(),
    changedAt: p.datetime().onCreate(() => new Date()),
  },
});

export class PaperStatusEvent extends PaperStatusEventSchema.class {}
PaperStatusEventSchema.setClass(PaperStatusEvent);
export { PaperStatusEventSchema };
