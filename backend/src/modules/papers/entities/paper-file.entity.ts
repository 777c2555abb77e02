import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';

/** One uploaded PDF of a paper; version 1 is the submitted file, the highest is the paper's PDF. */
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
  },
});

export class PaperFile extends PaperFileSchema.class {}
PaperFileSchema.setClass(PaperFile);
export { PaperFileSchema };
