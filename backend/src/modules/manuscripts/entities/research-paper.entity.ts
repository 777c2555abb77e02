import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { DEFAULT_LICENSE, type LicenseId } from '../../../config/licenses.js';
import type { PaperAuthor } from '../../catalogue/published-paper.js';
import { PaperStatus } from './paper-status.js';
import { ResearchPaperRepository } from './research-paper.repository.js';

export type { PaperAuthor };

/**
 * A submitted research paper. The owner is referenced by id only: the papers module does not
 * reach into the users module's entities. The generated search columns (search_text, and
 * search_words where the server has the rum extension) are not mapped: only the list query reads
 * them, in SQL.
 */
const ResearchPaperSchema = defineEntity({
  name: 'ResearchPaper',
  tableName: 'research_papers',
  repository: () => ResearchPaperRepository,
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
    /** The review round: 1 at submission, one more each time the author answers a revision request. */
    round: p.integer().default(1),
    /** The licence it is (or will be) published under, an SPDX id of config/licenses.ts: the journal's at submission. */
    license: p.string().length(20).$type<LicenseId>().default(DEFAULT_LICENSE),
    /** Given at publication when the journal has a Crossref prefix; never changes after (modules/dois). */
    doi: p.string().length(300).nullable(),
    /** Where an imported paper came from, e.g. `arxiv-2401.01234` (see display-rules.ts). */
    sourceId: p.text().nullable().unique(),
    /** The current PDF in the StorageService, `{userId}/{timestamp}.pdf`. */
    pdfStorageKey: p.text().nullable(),
    /** The PDF's file name as uploaded. */
    pdfFileName: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class ResearchPaper extends ResearchPaperSchema.class {}
ResearchPaperSchema.setClass(ResearchPaper);
export { ResearchPaperSchema };
