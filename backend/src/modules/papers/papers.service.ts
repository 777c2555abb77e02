import type { Readable } from 'node:stream';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { READ_POOL } from '../../database/read-pool.module.js';
import type { AuthUser } from '../auth/auth-user.js';
import { StorageService } from '../storage/storage.service.js';
import type { ListPapersQueryDto } from './dtos/list-papers.query.js';
import type { MyDashboardDto, MySubmissionDto } from './dtos/my-submission.dto.js';
import type { PaperCardDto, PaperDetailDto, PaperPageDto } from './dtos/paper.dto.js';
import { PaperStatus, progressOf } from './entities/paper-status.js';
import { ResearchPaper } from './entities/research-paper.entity.js';
import { paperAccessOf } from './paper-access.js';
import { buildPaperListQuery, type PaperCardRow, type PaperCardSource, toNumberedPlaceholders, toPaperCard, toPaperPage } from './paper-list-query.js';
import { PaperNotFoundException } from './papers.exception.js';

const RECENT_SUBMISSIONS = 5;

interface MySubmissionRow {
  id: string;
  title: string;
  category: string;
  status: PaperStatus;
  created_at: Date;
  updated_at: Date;
  published_at: Date | null;
  comment_count: number;
}

function toMySubmission(row: MySubmissionRow): MySubmissionDto {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    status: row.status,
    progress: progressOf(row.status),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    publishedAt: row.published_at ? new Date(row.published_at).toISOString() : null,
    commentCount: Number(row.comment_count),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    @Inject(READ_POOL) private readonly readPool: pg.Pool,
  ) {}

  /**
   * Published papers, newest first, keyset-paginated (see paper-list-query.ts). The busiest
   * route reads plain rows, so it runs its one parameterised query on the read pool
   * (database/read-pool.module.ts) without the ORM's query layer.
   */
  async list(query: ListPapersQueryDto): Promise<PaperPageDto> {
    const listQuery = buildPaperListQuery(query);
    const { rows } = await this.readPool.query<PaperCardRow>(toNumberedPlaceholders(listQuery.sql), listQuery.params);
    return toPaperPage(rows, listQuery.limit, this.config.papers.arxivDetailPageId);
  }

  async detail(id: string, user: AuthUser | undefined): Promise<PaperDetailDto> {
    return this.toDetail(await this.findVisible(id, user), user);
  }

  /** The detail as this caller may see it: the authors' e-mails only for the owner and admins. */
  toDetail(paper: ResearchPaper, user: AuthUser | undefined): PaperDetailDto {
    const access = paperAccessOf(paper, user);
    return {
      ...this.toCard(paper),
      status: paper.status,
      keywords: paper.keywords ?? null,
      access,
      createdAt: paper.createdAt.toISOString(),
      updatedAt: paper.updatedAt.toISOString(),
      authorEmails: access.discuss ? paper.authors.map((author) => author.email) : null,
    };
  }

  /** The caller's own papers, newest first, with their comment counts. */
  async mine(userId: string, limit?: number): Promise<MySubmissionDto[]> {
    const rows = await this.em.getConnection().execute<MySubmissionRow[]>(
      `select p.id, p.title, p.category, p.status, p.created_at, p.updated_at, p.published_at,
              (select count(*) from paper_comments c where c.paper_id = p.id)::int as comment_count
         from research_papers p
        where p.user_id = ?
        order by p.created_at desc, p.id desc
        ${limit ? 'limit ?' : ''}`,
      limit ? [userId, limit] : [userId],
    );
    return rows.map(toMySubmission);
  }

  async dashboard(userId: string): Promise<MyDashboardDto> {
    const [counts] = await this.em.getConnection().execute<{ total: number; published: number; comments: number }[]>(
      `select count(*)::int as total,
              count(*) filter (where p.status = 'published')::int as published,
              (select count(*) from paper_comments c join research_papers o on o.id = c.paper_id where o.user_id = ?)::int as comments
         from research_papers p
        where p.user_id = ?`,
      [userId, userId],
    );
    return {
      totalSubmissions: counts?.total ?? 0,
      published: counts?.published ?? 0,
      comments: counts?.comments ?? 0,
      recent: await this.mine(userId, RECENT_SUBMISSIONS),
    };
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
    return toPaperCard(paper, this.config.papers.arxivDetailPageId);
  }
}
