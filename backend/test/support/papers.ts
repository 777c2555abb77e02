import { randomBytes, randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import request from 'supertest';
import { PaperStatus } from '../../src/modules/manuscripts/entities/paper-status.js';
import { type PaperAuthor, ResearchPaper } from '../../src/modules/manuscripts/entities/research-paper.entity.js';
import { renderPaperPdf } from '../../src/cli/seeders/paper-pdf.js';
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

/** An unused paid submission fee for the user, as a completed checkout leaves it. */
export async function givePaidFee(testApp: TestApp, userId: string): Promise<string> {
  const id = randomUUID();
  await testApp.app
    .get(EntityManager)
    .getConnection()
    .execute(
      `insert into payments (id, user_id, provider, provider_session_id, amount, currency, status, paid_at, checkout_url, created_at, updated_at)
       values (?, ?, 'test', ?, 10000, 'usd', 'paid', now(), 'http://x', now(), now())`,
      [id, userId, `cs_test_${randomUUID()}`],
    );
  return id;
}

/** Bytes that start like a PDF, of exactly `size` bytes. */
export function pdfBytes(size = 2048, fill = 'x'): Buffer {
  const head = Buffer.from('%PDF-1.7\n');
  const buffer = Buffer.alloc(Math.max(size, head.length), fill);
  head.copy(buffer);
  return buffer.subarray(0, size);
}

export const submissionFields = (overrides: Record<string, string | undefined> = {}): Record<string, string> => {
  const fields: Record<string, string | undefined> = {
    title: `Soil Bacteria and Plant Growth ${uniqueWord()}`,
    authors: JSON.stringify([{ name: 'Ada Student', email: 'ada@example.org', school: 'Central High' }]),
    category: 'Biology',
    keywords: 'soil, bacteria',
    abstract: 'We grew plants in soils with and without bacteria and measured them.',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
};

/** A paper submitted the real way (the fee paid, the form, a PDF), so its first PDF is version 1: its id and title. */
export async function submitPaperAs(testApp: TestApp, author: { id: string; token: string }, overrides: Record<string, string | undefined> = {}): Promise<{ id: string; title: string }> {
  await givePaidFee(testApp, author.id);
  const fields = submissionFields(overrides);
  let req = request(testApp.server).post('/api/papers').set('Authorization', `Bearer ${author.token}`);
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  const response = await req.attach('pdf', pdfBytes(3000, 'a'), { filename: 'paper.pdf', contentType: 'application/pdf' }).expect(201);
  return { id: (response.body as { id: string }).id, title: fields.title };
}
