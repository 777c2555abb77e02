import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppException } from '../http/app.exception.js';
import { ErrorCode } from '../http/error-code.js';
import { isUuid } from '../http/uuid-param.pipe.js';
import {
  type AccessSubject,
  type Caller,
  decide,
  decideBeforeLookup,
  decideStanding,
  EDITORIAL_TEAM_ROLE,
  grantsOf,
  type Relation,
  STANDING_PERMISSIONS,
  subjectOf,
} from './access-policy.js';
import { AccessRepository } from './access.repository.js';
import type { Permission } from './permission.js';

const NOT_FOUND: { readonly [S in AccessSubject]: string } = { paper: 'Paper not found', review: 'Review not found', message: 'Message not found', attachment: 'Attachment not found' };

/** What the caller may do with each id that passed a check: computed from the same row, no second query. */
export type AccessGrants = ReadonlyMap<string, ReadonlySet<Permission>>;

/**
 * The one door to the access policy (access-policy.ts), as immich's `requireAccess`: services call
 * it on their first line with the permission the route needs.
 */
@Injectable()
export class AccessService {
  constructor(private readonly repository: AccessRepository) {}

  /**
   * Refuses unless the caller holds the permission on every id: 404 where the caller may not know
   * the paper exists (or it does not), 403 where they may see it but not do this. A standing
   * permission (no ids) is decided by the caller's roles: 403 without them. With `options.tx`, the
   * facts are read in that transaction: a transition checks again on the row it has locked.
   */
  async requireAccess(caller: Caller | undefined, permission: Permission, ids: readonly string[] = [], options: { tx?: EntityManager } = {}): Promise<AccessGrants> {
    if (STANDING_PERMISSIONS.has(permission)) {
      const decision = decideStanding(permission, caller);
      if (decision.kind === 'forbidden') throw new AppException(403, ErrorCode.Forbidden, decision.message);
      return new Map();
    }
    const subject = subjectOf(permission);
    // A permission on things asked about none would allow everything: a bug, not a request.
    if (ids.length === 0) throw new Error(`${permission} is about ${subject}s: requireAccess needs their ids`);
    const relations = await this.relations(subject, caller?.id ?? null, ids.filter(isUuid), options.tx);
    const grants = new Map<string, ReadonlySet<Permission>>();
    for (const id of ids) {
      const relation = relations.get(id);
      const decision = decide(permission, relation, caller);
      if (decision.kind === 'not-found') throw new AppException(404, ErrorCode.NotFound, NOT_FOUND[subject]);
      if (decision.kind === 'forbidden') throw new AppException(403, ErrorCode.Forbidden, decision.message);
      if (relation) grants.set(id, grantsOf(relation, caller, subject));
    }
    return grants;
  }

  /**
   * What a route's guard asks before any id is read (`@Authenticated({ permission })`): a
   * standing permission in full, one about things refused only when the caller's roles leave no
   * way to hold it (an editors' action: 403 whatever the id). The route's service still asks
   * `requireAccess` with the ids.
   */
  async requireAccessBeforeLookup(caller: Caller | undefined, permission: Permission): Promise<void> {
    if (STANDING_PERMISSIONS.has(permission)) {
      await this.requireAccess(caller, permission);
      return;
    }
    const decision = decideBeforeLookup(permission, caller);
    if (decision.kind === 'forbidden') throw new AppException(403, ErrorCode.Forbidden, decision.message);
  }

  /** What the caller may do with each of the things that exists, without refusing any (a list's flags). */
  async grantsOnEach(caller: Caller | undefined, subject: AccessSubject, ids: readonly string[]): Promise<AccessGrants> {
    const relations = await this.relations(subject, caller?.id ?? null, ids.filter(isUuid));
    return new Map([...relations].map(([id, relation]) => [id, grantsOf(relation, caller, subject)]));
  }

  /**
   * The editorial team as one audience, by e-mail: whoever holds the policy's editorial role.
   * Mail "to the editors" goes to each of them; with `tx`, as the transaction sees them.
   */
  editorialTeam(tx?: EntityManager): Promise<{ id: string; email: string }[]> {
    return this.repository.holdersOf(EDITORIAL_TEAM_ROLE, tx);
  }

  private relations(subject: AccessSubject, userId: string | null, ids: readonly string[], tx?: EntityManager): Promise<ReadonlyMap<string, Relation>> {
    switch (subject) {
      case 'paper':
        return this.repository.paperRelations(userId, ids, tx);
      case 'review':
        return this.repository.reviewRelations(userId, ids, tx);
      case 'message':
        return this.repository.messageRelations(userId, ids, tx);
      case 'attachment':
        return this.repository.attachmentRelations(userId, ids, tx);
    }
  }

  /** Everything the caller may do with the paper (none if it does not exist), without refusing. */
  async grantsOn(caller: Caller | undefined, paperId: string): Promise<ReadonlySet<Permission>> {
    const relation = isUuid(paperId) ? (await this.repository.paperRelations(caller?.id ?? null, [paperId])).get(paperId) : undefined;
    return relation ? grantsOf(relation, caller) : new Set();
  }
}
