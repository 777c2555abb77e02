import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { isUuid } from '../../common/http/uuid-param.pipe.js';
import type { LicenseId } from '../../config/licenses.js';
import type { ListPapersQueryDto } from './dtos/list-papers.query.js';
import type { PaperPageDto } from './dtos/paper.dto.js';
import { readPaperPage } from './list/paper-list.repository.js';
import { LAST_MODIFIED_SQL, type PublishedPaper } from './published-paper.js';
import { READ_POOL } from './read-pool.js';


/** The row as SQL reads it: the paper's own names where they are one word, the columns' where they are two. */
interface PublishedPaperRow extends Pick<PublishedPaper, 'id' | 'title' | 'abstract' | 'category' | 'keywords' | 'authors' | 'license' | 'doi'> {
  source_id: string | null;
  pdf_storage_key: string | null;
  published_at: Date | null;
  updated_at: Date;
}

/**
 * The catalogue's reads of research_papers, the manuscripts' table: published rows only, never a
 * write. The list runs on the read pool (measured, docs/performance.md); the rest on the ORM's
 * connection.
 */
@Injectable()
export class PublishedPapersRepository {
  constructor(
    private readonly em: EntityManager,
    @Inject(READ_POOL) private readonly readPool: pg.Pool,
  ) {}

  /** Published papers, newest first, keyset-paginated (list/paper-list.repository.ts). */
  page(query: ListPapersQueryDto, arxivDetailPageId: string | null): Promise<PaperPageDto> {
    return readPaperPage(this.readPool, query, arxivDetailPageId);
  }

  /** A published paper, or null (a malformed id, an unknown paper or one not published). */
  async findPublished(id: string): Promise<PublishedPaper | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.em.getConnection().execute<PublishedPaperRow[]>(
      `select id, title, abstract, category, keywords, authors, license, doi, source_id, pdf_storage_key, published_at, updated_at
         from research_papers
        where id = ?::uuid and status = 'published'`,
      [id],
    );
    if (!row) return null;
    return {
      id: row.id,
      title: row.title,
      abstract: row.abstract,
      category: row.category,
      keywords: row.keywords,
      authors: row.authors,
      license: row.license,
      doi: row.doi,
      sourceId: row.source_id,
      pdfStorageKey: row.pdf_storage_key,
      publishedAt: row.published_at ? new Date(row.published_at) : null,
      updatedAt: new Date(row.updated_at),
    };
  }

  /** One batch of the sitemap, newest first, after the keyset position `after`. */
  sitemapBatch(after: { at: string; id: string } | null, limit: number): Promise<{ id: string; modified_at: Date; cursor_at: string }[]> {
    return this.em.getConnection().execute(
      `select id, ${LAST_MODIFIED_SQL} as modified_at, to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
         from research_papers
        where status = 'published' ${after ? 'and (published_at, id) < (?::timestamptz, ?::uuid)' : ''}
        order by published_at desc, id desc
        limit ?`,
      after ? [after.at, after.id, limit] : [limit],
    );
  }

  /** When each paper last changed, and its licence (the feed's entries). */
  lastModifiedAndLicense(ids: readonly string[]): Promise<{ id: string; modified_at: Date; license: LicenseId }[]> {
    return this.em.getConnection().execute(
      `select id, ${LAST_MODIFIED_SQL} as modified_at, license from research_papers where id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
      [JSON.stringify(ids)],
    );
  }
}
