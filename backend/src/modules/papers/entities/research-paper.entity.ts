import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { PaperStatus } from './paper-status.js';

/** One author line of a paper, as the submission form collects it. */
export interface PaperAuthor {
  name: string;
  email: string;
  school: string;
}

/**
 * A submitted research paper. The owner is referenced by id only: the papers module does not
 * reach into the users module's entities.
 */
const ResearchPaperSchema = defineEntity({
  name: 'ResearchPaper',
  tableName: 'research_papers',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid(),
    title: p.text(),
    abstract: p.text(),
    category: p.string().length(100),
    keywords: p.text().nullable(),
    authors: p.json<PaperAuthor[]>(),
    status: p.enum(() => PaperStatus).default(PaperStatus.Submitted),
    publishedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class ResearchPaper extends ResearchPaperSchema.class {}
ResearchPaperSchema.setClass(ResearchPaper);
export { ResearchPaperSchema };
