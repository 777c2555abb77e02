import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { MessageRelation, PaperRelation, ReviewRelation, Role } from './access-policy.js';

/**
 * The facts the access policy decides by, one SQL query per check. It reads the papers' and the
 * messages' tables directly, as immich's access repository does, because the policy belongs to no module; it never
 * writes. Runs on the primary, so a check sees the caller's own latest writes.
 */
@Injectable()
export class AccessRepository {
  constructor(private readonly em: EntityManager) {}

  /** On the caller's transaction when given one (a check on a locked row sees what the lock holds), else on a pool connection. */
  private execute<T>(sql: string, params: unknown[], tx?: EntityManager): Promise<T> {
    return tx ? tx.execute<T & object>(sql, params) : this.em.getConnection().execute<T & object>(sql, params);
  }

  /** Every holder of the role, by e-mail: the editorial team's audience (`AccessService.editorialTeam`). */
  holdersOf(role: Role, tx?: EntityManager): Promise<{ id: string; email: string }[]> {
    return this.execute<{ id: string; email: string }[]>(
      `select u.id, u.email from users u where exists (select 1 from user_roles r where r.user_id = u.id and r.role = ?) order by u.email`,
      [role],
      tx,
    );
  }

  /** The caller's relation to each paper that exists; a visitor (`null`) owns nothing. */
  async paperRelations(userId: string | null, paperIds: readonly string[], tx?: EntityManager): Promise<Map<string, PaperRelation>> {
    if (paperIds.length === 0) return new Map();
    const rows = await this.execute<{ id: string; published: boolean; owner: boolean; assigned_reviewer: boolean }[]>(
      `select p.id, p.status = 'published' as published, coalesce(p.user_id = ?::uuid, false) as owner,
              exists (select 1 from paper_reviews r where r.paper_id = p.id and r.reviewer_id = ?::uuid and r.status <> 'declined') as assigned_reviewer
         from research_papers p
        where p.id in (${paperIds.map(() => '?').join(', ')})`,
      [userId, userId, ...paperIds],
      tx,
    );
    return new Map(rows.map((row) => [row.id, { published: row.published, owner: row.owner, assignedReviewer: row.assigned_reviewer }]));
  }

  /** The caller's relation to each review (assignment) that exists. */
  async reviewRelations(userId: string | null, reviewIds: readonly string[], tx?: EntityManager): Promise<Map<string, ReviewRelation>> {
    if (reviewIds.length === 0) return new Map();
    const rows = await this.execute<{ id: string; assignee: boolean }[]>(
      `select r.id, coalesce(r.reviewer_id = ?::uuid, false) and r.status <> 'declined' as assignee
         from paper_reviews r
        where r.id in (${reviewIds.map(() => '?').join(', ')})`,
      [userId, ...reviewIds],
      tx,
    );
    return new Map(rows.map((row) => [row.id, { assignee: row.assignee }]));
  }

  /** The caller's relation to each message that exists; a visitor (`null`) is neither its sender nor its recipient. */
  async messageRelations(userId: string | null, messageIds: readonly string[], tx?: EntityManager): Promise<Map<string, MessageRelation>> {
    if (messageIds.length === 0) return new Map();
    const rows = await this.execute<MessageRelationRow[]>(
      `select m.id, coalesce(m.sender_id = ?::uuid, false) as sender, coalesce(m.recipient_id = ?::uuid, false) as recipient,
              m.recipient_id is null and m.sender_id is distinct from ?::uuid as to_editorial_team
         from reviewer_messages m
        where m.id in (${messageIds.map(() => '?').join(', ')})`,
      [userId, userId, userId, ...messageIds],
      tx,
    );
    return new Map(rows.map((row) => [row.id, toMessageRelation(row)]));
  }

  /** The caller's relation to the message of each attachment that exists. */
  async attachmentRelations(userId: string | null, attachmentIds: readonly string[], tx?: EntityManager): Promise<Map<string, MessageRelation>> {
    if (attachmentIds.length === 0) return new Map();
    const rows = await this.execute<MessageRelationRow[]>(
      `select a.id, coalesce(m.sender_id = ?::uuid, false) as sender, coalesce(m.recipient_id = ?::uuid, false) as recipient,
              m.recipient_id is null and m.sender_id is distinct from ?::uuid as to_editorial_team
         from message_attachments a join reviewer_messages m on m.id = a.message_id
        where a.id in (${attachmentIds.map(() => '?').join(', ')})`,
      [userId, userId, userId, ...attachmentIds],
      tx,
    );
    return new Map(rows.map((row) => [row.id, toMessageRelation(row)]));
  }
}

interface MessageRelationRow {
  id: string;
  sender: boolean;
  recipient: boolean;
  to_editorial_team: boolean;
}

function toMessageRelation(row: MessageRelationRow): MessageRelation {
  return { sender: row.sender, recipient: row.recipient, toEditorialTeam: row.to_editorial_team };
}
