import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { UsersService } from '../users/users.service.js';
import { ADMIN_DEFAULT_PAGE_SIZE, type AdminPaperPageDto, type AdminPapersQueryDto, type StatusCountsDto } from './dtos/admin-papers.dto.js';
import type { PaperStatus } from './entities/paper-status.js';
import type { PaperAuthor } from './entities/research-paper.entity.js';
import { decodePaperCursor, encodePaperCursor } from '../catalogue/list/paper-cursor.js';
import { escapeLike, searchTerms } from '../catalogue/list/paper-search.js';
import { InvalidCursorException } from '../catalogue/catalogue.exception.js';

interface AdminPaperRow {
  id: string;
  title: string;
  authors: PaperAuthor[];
  category: string;
  status: PaperStatus;
  created_at: Date;
  pending_versions: number;
  /** created_at with microseconds, for the cursor. */
  cursor_at: string;
}

/** The admin dashboard's data: every paper, whatever its status, and the counts by status. */
@Injectable()
export class AdminPapersService {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
  ) {}

  /**
   * Newest first, keyset-paginated on (created_at, id) with the public list's cursor encoding
   * (its timestamp is created_at here). Walks research_papers_created_at_id_idx, or
   * research_papers_status_idx with a status.
   */
  async list(query: AdminPapersQueryDto): Promise<AdminPaperPageDto> {
    const limit = query.limit ?? ADMIN_DEFAULT_PAGE_SIZE;
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (query.status !== undefined) {
      conditions.push('status = ?');
      params.push(query.status);
    }
    for (const search of await this.searchConditions(query.q)) {
      conditions.push(search.sql);
      params.push(...search.params);
    }
    if (query.cursor !== undefined) {
      const cursor = decodePaperCursor(query.cursor);
      if (!cursor) throw new InvalidCursorException();
      conditions.push('(created_at, id) < (?::timestamptz, ?::uuid)');
      params.push(cursor.publishedAt, cursor.id);
    }
    params.push(limit + 1);
    const rows = await this.em.getConnection().execute<AdminPaperRow[]>(
      `select id, title, authors, category, status, created_at,
              (select count(*) from paper_files f where f.paper_id = research_papers.id and f.state = 'pending')::int as pending_versions,
              to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
         from research_papers
        ${conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''}
        order by created_at desc, id desc
        limit ?`,
      params,
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => ({
        id: row.id,
        title: row.title,
        authors: (row.authors ?? []).map((author) => author.name),
        category: row.category,
        status: row.status,
        submittedAt: new Date(row.created_at).toISOString(),
        pendingVersions: row.pending_versions,
      })),
      nextCursor: rows.length > limit && last ? encodePaperCursor({ publishedAt: last.cursor_at, id: last.id }) : null,
    };
  }

  /**
   * One condition per word of `q`: in the paper's own text (title, author names and e-mails,
   * through research_papers_admin_search_trgm_idx) or among its owner's account e-mail and
   * profile name (asked of the users module, whose tables those are).
   */
  private async searchConditions(q: string | undefined): Promise<{ sql: string; params: unknown[] }[]> {
    const conditions: { sql: string; params: unknown[] }[] = [];
    for (const term of searchTerms(q)) {
      const pattern = `%${escapeLike(term)}%`;
      const owners = await this.users.idsLike(pattern);
      conditions.push(
        owners.length === 0
          ? { sql: 'research_paper_admin_search_text(title, authors) like ?', params: [pattern] }
          : {
              sql: "(research_paper_admin_search_text(title, authors) like ? or user_id = any(string_to_array(?, ',')::uuid[]))",
              params: [pattern, owners.join(',')],
            },
      );
    }
    return conditions;
  }

  async statusCounts(): Promise<StatusCountsDto> {
    const [counts] = await this.em.getConnection().execute<StatusCountsDto[]>(
      `select count(*)::int as "all",
              count(*) filter (where status = 'submitted')::int as submitted,
              count(*) filter (where status = 'under_review')::int as under_review,
              count(*) filter (where status = 'accepted')::int as accepted,
              count(*) filter (where status = 'published')::int as published,
              count(*) filter (where status = 'rejected')::int as rejected
         from research_papers`,
    );
    return counts ?? { all: 0, submitted: 0, under_review: 0, accepted: 0, published: 0, rejected: 0 };
  }
}
