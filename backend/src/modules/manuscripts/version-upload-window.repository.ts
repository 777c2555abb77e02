import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PaperStatus } from './entities/paper-status.js';
import type { ResearchPaper } from './entities/research-paper.entity.js';
import type { VersionUploadWindow } from './version-upload-window.js';

/** A round is reviewed, and revisions asked for, only before a decision: after one, versions work as before. */
const ROUND_STATUSES: readonly string[] = [PaperStatus.Submitted, PaperStatus.UnderReview];

/**
 * The review module's facts the upload rule needs, read here because the review module imports
 * this one and not the other way round. Read-only on `revision_requests` and `paper_reviews`
 * (their owner is the review module), in one statement where the ORM would need two entities it
 * may not import.
 */
@Injectable()
export class VersionUploadWindowRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * On the caller's transaction when given one: under the paper's row lock, which assignments and
   * revision requests take too, so the answer cannot change before the upload commits.
   */
  async windowOf(paper: Pick<ResearchPaper, 'id' | 'status' | 'round'>, tx?: EntityManager): Promise<VersionUploadWindow> {
    if (!ROUND_STATUSES.includes(paper.status)) return 'open';
    const [row] = await (tx ?? this.em).execute<{ revision_open: boolean; in_review: boolean }[]>(
      `select exists (select 1 from revision_requests q where q.paper_id = ?::uuid and q.responded_at is null) as revision_open,
              exists (select 1 from paper_reviews r
                       where r.paper_id = ?::uuid and r.round = ? and r.status in ('assigned', 'in_progress')) as in_review`,
      [paper.id, paper.id, paper.round],
    );
    if (row?.revision_open) return 'revisionRequested';
    if (row?.in_review) return 'inReview';
    return 'open';
  }
}
