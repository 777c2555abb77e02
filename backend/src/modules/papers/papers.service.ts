import type { Readable } from 'node:stream';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { AuthUser } from '../auth/auth-user.js';
import { StorageService } from '../storage/storage.service.js';
import type { ListPapersQueryDto } from './dtos/list-papers.query.js';
import type { PaperCardDto, PaperDetailDto, PaperPageDto } from './dtos/paper.dto.js';
import { PaperStatus } from './entities/paper-status.js';
import { ResearchPaper } from './entities/research-paper.entity.js';
import { buildPaperListQuery, type PaperCardRow, type PaperCardSource, toNumberedPlaceholders, toPaperCard, toPaperPage } from './paper-list-query.js';
import { PaperNotFoundException } from './papers.exception.js';

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
  private pool?: Pool;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Published papers, newest first, keyset-paginated (see paper-list-query.ts). The busiest
   * route reads plain rows, so it runs its one parameterised query on MikroORM's own `pg` pool
   * (same connections, same type parsers) without the ORM's query layer.
   */
  async list(query: ListPapersQueryDto): Promise<PaperPageDto> {
    const listQuery = buildPaperListQuery(query);
    const pool = (this.pool ??= await this.em.getConnection().getNativeClient());
    const { rows } = await pool.query<PaperCardRow>(toNumberedPlaceholders(listQuery.sql), listQuery.params);
    return toPaperPage(rows, listQuery.limit, this.config.papers.arxivDetailPageId);
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
    return toPaperCard(paper, this.config.papers.arxivDetailPageId);
  }
}
