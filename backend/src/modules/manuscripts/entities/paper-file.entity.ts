import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';

/**
 * How a version stands. The public one is not a state: it is the paper's `pdfStorageKey`.
 * - accepted: it became the paper's PDF (uploaded before publication, or approved by an editor);
 * - pending: uploaded after publication, waiting for an editor's approval;
 * - passed_over: still pending when a newer version became the paper's PDF.
 */
export enum PaperFileState {
  Accepted = 'accepted',
  Pending = 'pending',
  PassedOver = 'passed_over',
}

/** One uploaded PDF of a paper; version 1 is the submitted file. */
const PaperFileSchema = defineEntity({
  name: 'PaperFile',
  tableName: 'paper_files',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    paperId: p.uuid(),
    version: p.integer(),
    storageKey: p.text().unique(),
    fileName: p.text(),
    sizeBytes: p.bigint('number'),
    uploadedBy: p.uuid(),
    uploadedAt: p.datetime().onCreate(() => new Date()),
    state: p.enum(() => PaperFileState).default(PaperFileState.Accepted),
    /** The editor who approved or passed over a pending version; null otherwise. */
    decidedBy: p.uuid().nullable(),
    decidedAt: p.datetime().nullable(),
  },
});

export class PaperFile extends PaperFileSchema.class {}
PaperFileSchema.setClass(PaperFile);
export { PaperFileSchema };
