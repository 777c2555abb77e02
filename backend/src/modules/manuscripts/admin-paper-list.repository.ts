import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { StatusCountsDto } from './dtos/admin-papers.dto.js';
import type { StageCountsDto } from './dtos/paper-stage.dto.js';
import { PaperStatus } from './entities/paper-status.js';
import type { PaperAuthor } from './entities/research-paper.entity.js';
import { STAGE_FACT_COLUMNS, type StageFactColumns, stageFactsJoin, stageSql } from './paper-stage-facts.repository.js';
import { PaperStage, statusesOfStage } from './paper-stage.js';

export interface AdminPaperRow extends StageFactColumns {
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
  stage?: PaperStage;
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
    if (selection.stage !== undefined) {
      // The statuses first, which the status index answers; then the stage itself, from the one table of rules.
      conditions.push(`status = any(string_to_array(?, ','))`, `(${stageSql('research_papers')}) = ?`);
      params.push(statusesOfStage(selection.stage).join(','), selection.stage);
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
      `select id, title, authors, category, status, round, created_at,
              (select count(*) from paper_files f where f.paper_id = research_papers.id and f.state = 'pending')::int as pending_versions,
              to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
              ${STAGE_FACT_COLUMNS}
         from research_papers
         ${stageFactsJoin('research_papers')}
        ${conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''}
        order by created_at desc, id desc
        limit ?`,
      params,
    );
  }

  async statusCounts(): Promise<Omit<StatusCountsDto, 'stages'>> {
    const [counts] = await this.em.getConnection().execute<Omit<StatusCountsDto, 'stages'>[]>(
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

  /** How many papers before a decision are in each stage (the stage's rules in SQL, paper-stage.ts). */
  async stageCounts(): Promise<StageCountsDto> {
    const rows = await this.em.getConnection().execute<{ stage: PaperStage; count: number }[]>(
      `select ${stageSql('p')} as stage, count(*)::int as count
         from research_papers p
         ${stageFactsJoin('p')}
        where p.status = any(string_to_array(?, ','))
        group by 1`,
      [[PaperStatus.Submitted, PaperStatus.UnderReview].join(',')],
    );
    const counts: StageCountsDto = { submitted: 0, awaiting_reviewer: 0, in_review: 0, revisions_requested: 0, revised: 0 };
    for (const row of rows) if (Object.hasOwn(counts, row.stage)) counts[row.stage as keyof StageCountsDto] = Number(row.count);
    return counts;
  }
}
