import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';

/** A message in a paper's discussion between its owner and the editorial team; plain text. */
const PaperCommentSchema = defineEntity({
  name: 'PaperComment',
  tableName: 'paper_comments',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    paperId: p.uuid(),
    userId: p.uuid(),
    comment: p.text(),
    isAdminComment: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class PaperComment extends PaperCommentSchema.class {}
PaperCommentSchema.setClass(PaperComment);
export { PaperCommentSchema };
