import { categoryFilterSql, displayCategory, displayPublishedAt, opensPdfDirectly } from './display-rules.js';
import { DEFAULT_PAGE_SIZE, type ListPapersQueryDto } from './dtos/list-papers.query.js';
import type { PaperCardDto, PaperPageDto } from './dtos/paper.dto.js';
import { ALL_CATEGORIES } from './entities/paper-category.js';
import type { PaperAuthor } from './entities/research-paper.entity.js';
import { decodePaperCursor, encodePaperCursor } from './paper-cursor.js';
import { searchConditionSql } from './paper-search.js';
import { InvalidCursorException } from './papers.exception.js';

/**
 * The published-papers list as plain functions (SQL in, JSON out), so the API and the
 * benchmark's bare baseline server (bench/) run the very same query and build the same JSON.
 */

/** The columns a card needs, as the list query returns them. */
export interface PaperCardRow {
  id: string;
  title: string;
  abstract: string;
  category: string;
  authors: PaperAuthor[];
  published_at: Date | string;
  source_id: string | null;
  pdf_storage_key: string | null;
  /** published_at with microseconds, for the cursor. */
  cursor_at: string;
}

/** The fields every card is built from, whichever way the paper was read. */
export interface PaperCardSource {
  id: string;
  title: string;
  abstract: string;
  category: string;
  authors: PaperAuthor[];
  publishedAt: Date | null | undefined;
  sourceId: string | null | undefined;
  pdfStorageKey: string | null | undefined;
}

export interface PaperListQuery {
  /** With `?` placeholders, in the order of `params`. */
  sql: string;
  params: unknown[];
  limit: number;
}

/**
 * Published papers, newest first, keyset-paginated. No ranking: PostgreSQL walks
 * research_papers_published_idx and stops after `limit + 1` matches (or answers a rare term
 * from the GIN indexes); see the migration 20261121000500. Throws InvalidCursorException.
 */
export function buildPaperListQuery(query: ListPapersQueryDto): PaperListQuery {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const conditions = ["status = 'published'"];
  const params: unknown[] = [];
  if (query.cursor !== undefined) {
    const cursor = decodePaperCursor(query.cursor);
    if (!cursor) throw new InvalidCursorException();
    conditions.push('(published_at, id) < (?::timestamptz, ?::uuid)');
    params.push(cursor.publishedAt, cursor.id);
  }
  if (query.category && query.category !== ALL_CATEGORIES) {
    const filter = categoryFilterSql(query.category);
    conditions.push(filter.sql);
    params.push(...filter.params);
  }
  const search = searchConditionSql(query.q);
  if (search) {
    conditions.push(search.sql);
    params.push(...search.params);
  }
  params.push(limit + 1);
  const sql = `select id, title, abstract, category, authors, published_at, source_id, pdf_storage_key,
              to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
         from research_papers
        where ${conditions.join(' and ')}
        order by published_at desc, id desc
        limit ?`;
  return { sql, params, limit };
}

/** The SQL with `pg`'s numbered placeholders ($1, $2, ...) for its `?` ones. */
export function toNumberedPlaceholders(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
}

/** One page of cards from the `limit + 1` rows the query returned. */
export function toPaperPage(rows: PaperCardRow[], limit: number, arxivDetailPageId: string | null): PaperPageDto {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toPaperCard(fromRow(row), arxivDetailPageId)),
    nextCursor: rows.length > limit && last ? encodePaperCursor({ publishedAt: last.cursor_at, id: last.id }) : null,
  };
}

export function toPaperCard(paper: PaperCardSource, arxivDetailPageId: string | null): PaperCardDto {
  const authors = (paper.authors ?? []).map((author) => ({ name: author.name, school: author.school?.trim() || null }));
  const pdfUrl = paper.pdfStorageKey ? `/api/papers/${paper.id}/pdf` : null;
  return {
    id: paper.id,
    title: paper.title,
    authors,
    abstract: paper.abstract,
    category: displayCategory(paper),
    publishedAt: displayPublishedAt({ title: paper.title, publishedAt: paper.publishedAt ?? null })?.toISOString() ?? null,
    school: authors[0]?.school ?? null,
    pdfUrl,
    // Without a file there is nothing to open: the card then links to the detail page.
    opensPdfDirectly: pdfUrl !== null && opensPdfDirectly({ title: paper.title, sourceId: paper.sourceId ?? null }, arxivDetailPageId),
  };
}

function fromRow(row: PaperCardRow): PaperCardSource {
  return {
    id: row.id,
    title: row.title,
    abstract: row.abstract,
    category: row.category,
    authors: row.authors,
    publishedAt: new Date(row.published_at),
    sourceId: row.source_id,
    pdfStorageKey: row.pdf_storage_key,
  };
}
