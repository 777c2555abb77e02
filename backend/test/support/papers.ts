import { randomBytes } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { PaperStatus } from '../../src/modules/papers/entities/paper-status.js';
import { type PaperAuthor, ResearchPaper } from '../../src/modules/papers/entities/research-paper.entity.js';
import { renderPaperPdf } from '../../src/modules/papers/paper-pdf.js';
import { StorageService } from '../../src/modules/storage/storage.service.js';
import type { TestApp } from './test-app.js';

/** A word no other paper of the run contains, to keep a suite's searches to its own papers. */
export function uniqueWord(prefix = 'zq'): string {
  return `${prefix}${[...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
}

export interface PaperInput {
  userId: string;
  title?: string;
  abstract?: string;
  category?: string;
  authors?: PaperAuthor[];
  keywords?: string | null;
  status?: PaperStatus;
  publishedAt?: Date | null;
  sourceId?: string | null;
  /** Store a generated PDF for the paper. */
  withPdf?: boolean;
}

/** A paper written straight to the database (and its PDF to storage), bypassing submission. */
export async function createPaper(testApp: TestApp, input: PaperInput): Promise<ResearchPaper> {
  const em = testApp.app.get(EntityManager).fork();
  const status = input.status ?? PaperStatus.Published;
  const title = input.title ?? `A study ${uniqueWord()}`;
  const authors = input.authors ?? [{ name: 'Rosalind Franklin', email: 'rosalind@example.org', school: 'King’s School' }];
  const abstract = input.abstract ?? 'We measured things carefully and report what we found.';
  const paper = em.create(ResearchPaper, {
    userId: input.userId,
    title,
    abstract,
    category: input.category ?? 'Physics',
    keywords: input.keywords ?? null,
    authors,
    status,
    publishedAt: input.publishedAt !== undefined ? input.publishedAt : status === PaperStatus.Published ? new Date() : null,
    sourceId: input.sourceId ?? null,
  });
  if (input.withPdf) {
    const key = `${input.userId}/${Date.now()}-${uniqueWord('f')}.pdf`;
    const pdf = await renderPaperPdf({ title, authors, abstract, journalName: 'Test Journal', publishedAt: null });
    await testApp.app.get(StorageService).put(key, Buffer.from(pdf));
    paper.pdfStorageKey = key;
    paper.pdfFileName = 'upload.pdf';
  }
  await em.flush();
  return paper;
}
