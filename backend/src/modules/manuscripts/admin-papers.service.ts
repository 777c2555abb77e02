import { Injectable } from '@nestjs/common';
import { UsersService } from '../users/users.service.js';
import { ADMIN_DEFAULT_PAGE_SIZE, type AdminPaperPageDto, type AdminPapersQueryDto, type StatusCountsDto } from './dtos/admin-papers.dto.js';
import { AdminPaperListRepository, type AdminSearchTerm } from './admin-paper-list.repository.js';
import { decodePaperCursor, encodePaperCursor } from '../catalogue/list/paper-cursor.js';
import { escapeLike, searchTerms } from '../catalogue/list/paper-search.js';
import { InvalidCursorException } from '../catalogue/catalogue.exception.js';
import { stageFactsOf } from './paper-stage-facts.repository.js';
import { stageOf } from './paper-stage.js';

/** The admin dashboard's data: every paper, whatever its status, and the counts by status. */
@Injectable()
export class AdminPapersService {
  constructor(
    private readonly papers: AdminPaperListRepository,
    private readonly users: UsersService,
  ) {}

  /**
   * Newest first, keyset-paginated on (created_at, id) with the public list's cursor encoding
   * (its timestamp is created_at here). Walks research_papers_created_at_id_idx, or
   * research_papers_status_idx with a status.
   */
  async list(query: AdminPapersQueryDto): Promise<AdminPaperPageDto> {
    const limit = query.limit ?? ADMIN_DEFAULT_PAGE_SIZE;
    let before: { createdAt: string; id: string } | undefined;
    if (query.cursor !== undefined) {
      const cursor = decodePaperCursor(query.cursor);
      if (!cursor) throw new InvalidCursorException();
      before = { createdAt: cursor.publishedAt, id: cursor.id };
    }
    const rows = await this.papers.page({ status: query.status, stage: query.stage, terms: await this.searchTerms(query.q), before, limit: limit + 1 });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => ({
        id: row.id,
        title: row.title,
        authors: (row.authors ?? []).map((author) => author.name),
        category: row.category,
        status: row.status,
        stage: stageOf(stageFactsOf(row)),
        submittedAt: new Date(row.created_at).toISOString(),
        pendingVersions: row.pending_versions,
      })),
      nextCursor: rows.length > limit && last ? encodePaperCursor({ publishedAt: last.cursor_at, id: last.id }) : null,
    };
  }

  /**
   * Each word of `q`, to find in the paper's own text (title, author names and e-mails) or among
   * its owner's account e-mail and profile name (asked of the users module, whose tables those are).
   */
  private async searchTerms(q: string | undefined): Promise<AdminSearchTerm[]> {
    const terms: AdminSearchTerm[] = [];
    for (const term of searchTerms(q)) {
      const pattern = `%${escapeLike(term)}%`;
      terms.push({ pattern, ownerIds: await this.users.idsLike(pattern) });
    }
    return terms;
  }

  async statusCounts(): Promise<StatusCountsDto> {
    return { ...(await this.papers.statusCounts()), stages: await this.papers.stageCounts() };
  }
}
