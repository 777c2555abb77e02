import type { Readable } from 'node:stream';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { AuthUser } from '../auth/auth-user.js';
import { StorageService } from '../storage/storage.service.js';
import { categoryFilterSql, displayCategory, displayPublishedAt, opensPdfDirectly } from './display-rules.js';
import type { ListPapersQueryDto } from './dtos/list-papers.query.js';
import { DEFAULT_PAGE_SIZE } from './dtos/list-papers.query.js';
import type { PaperCardDto, PaperDetailDto, PaperPageDto } from './dtos/paper.dto.js';
import { ALL_CATEGORIES } from './entities/paper-category.js';
import { PaperStatus } from './entities/paper-status.js';
import { type PaperAuthor, ResearchPaper } from './entities/research-paper.entity.js';
import { decodePaperCursor, encodePaperCursor } from './paper-cursor.js';
import { searchConditionSql } from './paper-search.js';
import { InvalidCursorException, PaperNotFoundException } from './papers.exception.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The columns a card needs, as the list query returns them. */
interface PaperCardRow {
  id: string;
  title: string;
  abstract: string;
  category: string;
  authors: PaperAuthor[];
  published_at: Date;
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

export interface PaperPdf {
  stream: Readable;
  size: number;
  fileName: string;
}

/** The title as a file name: ASCII letters, digits, spaces, dots, dashes and underscores only. */
export function pdfFileNameOf(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ._-]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 100)
    .trim();
  return `${base || 'paper'}.pdf`;
}

@Injectable()
export class PapersService {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Published papers, newest first, keyset-paginated. No ranking: PostgreSQL walks
   * research_papers_published_idx and stops after `limit + 1` matches (or answers a rare term
   * from the GIN indexes); see the migration 20261121000500.
   */
  async list(query: ListPapersQueryDto): Promise<PaperPageDto> {
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
    const rows = await this.em.getConnection().execute<PaperCardRow[]>(
      `select id, title, abstract, category, authors, published_at, source_id, pdf_storage_key,
              to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
         from research_papers
        where ${conditions.join(' and ')}
        order by published_at desc, id desc
        limit ?`,
      params,
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => this.toCard(this.fromRow(row))),
      nextCursor: rows.length > limit && last ? encodePaperCursor({ publishedAt: last.cursor_at, id: last.id }) : null,
    };
  }

  async detail(id: string, user: AuthUser | undefined): Promise<PaperDetailDto> {
    const paper = await this.findVisible(id, user);
    return { ...this.toCard(paper), status: paper.status, keywords: paper.keywords ?? null };
  }

  async openPdf(id: string, user: AuthUser | undefined): Promise<PaperPdf> {
    const paper = await this.findVisible(id, user);
    const stored = paper.pdfStorageKey ? await this.storage.open(paper.pdfStorageKey) : null;
    if (!stored) throw new PaperNotFoundException();
    return { ...stored, fileName: pdfFileNameOf(paper.title) };
  }

  /** A published paper (for the pages for indexers), or null. */
  async findPublished(id: string): Promise<ResearchPaper | null> {
    if (!UUID.test(id)) return null;
    return this.em.fork().findOne(ResearchPaper, { id, status: PaperStatus.Published });
  }

  /** Published to anyone; otherwise only to its owner and admins (spec section 4), else 404. */
  async findVisible(id: string, user: AuthUser | undefined): Promise<ResearchPaper> {
    if (!UUID.test(id)) throw new PaperNotFoundException();
    const paper = await this.em.fork().findOne(ResearchPaper, { id });
    if (!paper) throw new PaperNotFoundException();
    const visible = paper.status === (PaperStatus.Published as string) || (user !== undefined && (user.id === paper.userId || user.role === 'admin'));
    if (!visible) throw new PaperNotFoundException();
    return paper;
  }

  toCard(paper: PaperCardSource): PaperCardDto {
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
      opensPdfDirectly: pdfUrl !== null && opensPdfDirectly({ title: paper.title, sourceId: paper.sourceId ?? null }, this.config.papers.arxivDetailPageId),
    };
  }

  private fromRow(row: PaperCardRow): PaperCardSource {
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
}
