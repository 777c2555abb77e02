import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { StatusCountsDto } from './dtos/admin-papers.dto.js';
import type { PaperStatus } from './entities/paper-status.js';
import type { PaperAuthor } from './entities/research-paper.entity.js';

export interface AdminPaperRow {
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

/** One word of the editors' search: a LIKE pattern, and the accounts whose e-mail or name matched it. */
export interface AdminSearchTerm {
  pattern: string;
  ownerIds: readonly string[];
}

export interface AdminPaperSelection {
  status?: PaperStatus;
  terms: readonly AdminSearchTerm[];
  /** Keyset position: papers created before this (created_at with microseconds, id). */
  before?: { createdAt: string; id: string };
  limit: number;
}

/**
 * The editors' list of every paper and its counts by status: reads that the ORM would load and
 * count row by row (a pending-versions count per paper, a filter per status), in SQL on chosen
 * indexes (research_papers_created_at_id_idx, research_papers_status_idx,
 * research_papers_admin_search_trgm_idx).
 */
@Injectable()
export class AdminPaperListRepository {
  constructor(private readonly em: EntityManager) {}

  page(selection: AdminPaperSelection): Promise<AdminPaperRow[]> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (selection.status !== undefined) {
      conditions.push('status = ?');
      params.push(selection.status);
    }
    for (const term of selection.terms) {
      // In the paper's own text (title, author names and e-mails), or among its owner's accounts.
      if (term.ownerIds.length === 0) {
        conditions.push('research_paper_admin_search_text(title, authors) like ?');
        params.push(term.pattern);
      } else {
        conditions.push("(research_paper_admin_search_text(title, authors) like ? or user_id = any(string_to_array(?, ',')::uuid[]))");
        params.push(term.pattern, term.ownerIds.join(','));
      }
    }
    if (selection.before) {
      conditions.push('(created_at, id) < (?::timestamptz, ?::uuid)');
      params.push(selection.before.createdAt, selection.before.id);
    }
    params.push(selection.limit);
    return this.em.getConnection().execute<AdminPaperRow[]>(
      `select id, title, authors, category, status, created_at,
              (select count(*) from paper_files f where f.paper_id = research_papers.id and f.state = 'pending')::int as pending_versions,
              to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
         from research_papers
        ${conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''}
        order by created_at desc, id desc
        limit ?`,
      params,
    );
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
