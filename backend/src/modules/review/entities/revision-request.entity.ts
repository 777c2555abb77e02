import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';

export enum RevisionKind {
  Minor = 'minor',
  Major = 'major',
}

export const REVISION_KINDS = Object.values(RevisionKind);

/**
 * An editor's request that the author revise the paper, after reading the round's review
 * (migration 20261129001000). The author's answer, a letter and a new PDF version, opens the next
 * round; until then the request is open, and at most one per paper is.
 */
const RevisionRequestSchema = defineEntity({
  name: 'RevisionRequest',
  tableName: 'revision_requests',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    paperId: p.uuid(),
    /** The round that was reviewed; the answer opens round + 1. */
    round: p.integer(),
    kind: p.enum(() => RevisionKind),
    /** The editor's own words to the author, beside the shared review. */
    editorNote: p.text().default(''),
    requestedBy: p.uuid().nullable(),
    requestedAt: p.datetime().onCreate(() => new Date()),
    dueAt: p.datetime(),
    responseLetter: p.text().nullable(),
    /** The paper_files version the author uploaded with the letter. */
    responseVersion: p.integer().nullable(),
    respondedAt: p.datetime().nullable(),
  },
});

export class RevisionRequest extends RevisionRequestSchema.class {}
RevisionRequestSchema.setClass(RevisionRequest);
export { RevisionRequestSchema };
