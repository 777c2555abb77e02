import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { PaperRelation } from './access-policy.js';

/**
 * The facts the access policy decides by, one SQL query per check. It reads the papers' table
 * directly, as immich's access repository does, because the policy belongs to no module; it never
 * writes. Runs on the primary, so a check sees the caller's own latest writes.
 */
@Injectable()
export class AccessRepository {
  constructor(private readonly em: EntityManager) {}

  /** The caller's relation to each paper that exists; a visitor (`null`) owns nothing. */
  async paperRelations(userId: string | null, paperIds: readonly string[]): Promise<Map<string, PaperRelation>> {
    if (paperIds.length === 0) return new Map();
    const rows = await this.em.getConnection().execute<{ id: string; published: boolean; owner: boolean; assigned_reviewer: boolean }[]>(
      `select p.id, p.status = 'published' as published, coalesce(p.user_id = ?::uuid, false) as owner,
              exists (select 1 from paper_reviews r where r.paper_id = p.id and r.reviewer_id = ?::uuid) as assigned_reviewer
         from research_papers p
        where p.id in (${paperIds.map(() => '?').join(', ')})`,
      [userId, userId, ...paperIds],
    );
    return new Map(rows.map((row) => [row.id, { published: row.published, owner: row.owner, assignedReviewer: row.assigned_reviewer }]));
  }
}
