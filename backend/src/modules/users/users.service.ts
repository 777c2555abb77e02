import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Role } from '../../common/auth/auth.decorators.js';
import type { ProfileDto } from './dtos/profile.dto.js';
import { Profile } from './entities/profile.entity.js';
import { UserRole, type GrantableRole } from './entities/user-role.entity.js';
import { User } from './entities/user.entity.js';
import { normalizeEmail } from './entities/user.repository.js';
import { resolveRole } from './role-resolution.js';
import { UsersErrorCode, UsersException } from './users.exception.js';

export interface NewAccount {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  schoolName: string | null;
  gradeLevel: number | null;
  emailConfirmedAt?: Date | null;
}

/** What the session layer needs on every request: who, and which role right now. */
export interface UserIdentity {
  id: string;
  email: string;
  role: Role;
}

/**
 * Owns users, profiles and user_roles. Methods that take an `em` join the caller's unit of
 * work (the caller flushes or commits); the others use the request's context.
 */
@Injectable()
export class UsersService {
  constructor(private readonly em: EntityManager) {}

  findByEmail(email: string, em: EntityManager = this.em): Promise<User | null> {
    return em.getRepository(User).findByEmail(email);
  }

  findById(id: string, em: EntityManager = this.em): Promise<User | null> {
    return em.findOne(User, { id });
  }

  /**
   * Records a user and its profile in the caller's unit of work (use it inside a transaction).
   * The user row is flushed first: the entities name no relations, so the ORM cannot order the
   * inserts by the foreign keys itself.
   */
  async createAccount(em: EntityManager, account: NewAccount): Promise<User> {
    const user = em.create(User, {
      email: normalizeEmail(account.email),
      passwordHash: account.passwordHash,
      emailConfirmedAt: account.emailConfirmedAt ?? null,
    });
    await em.flush();
    em.create(Profile, {
      id: user.id,
      email: user.email,
      firstName: account.firstName,
      lastName: account.lastName,
      schoolName: account.schoolName,
      gradeLevel: account.gradeLevel,
    });
    return user;
  }

  async setPasswordHash(em: EntityManager, userId: string, passwordHash: string): Promise<void> {
    await em.nativeUpdate(User, { id: userId }, { passwordHash, updatedAt: new Date() });
  }

  /** Confirms the address unless it already is (the first confirmation time is kept). */
  async markEmailConfirmed(em: EntityManager, userId: string): Promise<void> {
    await em.nativeUpdate(User, { id: userId, emailConfirmedAt: null }, { emailConfirmedAt: new Date(), updatedAt: new Date() });
  }

  async getProfile(userId: string): Promise<ProfileDto | null> {
    const profile = await this.em.findOne(Profile, { id: userId });
    if (!profile) return null;
    return {
      id: profile.id,
      email: profile.email,
      firstName: profile.firstName ?? null,
      lastName: profile.lastName ?? null,
      schoolName: profile.schoolName ?? null,
      gradeLevel: profile.gradeLevel ?? null,
      orcidId: profile.orcidId ?? null,
      orcidLinkedAt: profile.orcidLinkedAt?.toISOString() ?? null,
    };
  }

  /**
   * The user's e-mail and current role in one query. Runs on the connection directly, so it
   * works with or without a request context (the Bull Board hook has none).
   */
  async getIdentity(userId: string): Promise<UserIdentity | null> {
    const rows = await this.em.getConnection().execute<{ id: string; email: string; roles: string[] }[]>(
      `select u.id, u.email, coalesce(array_agg(r.role) filter (where r.role is not null), '{}') as roles
         from users u left join user_roles r on r.user_id = u.id
        where u.id = ?
        group by u.id`,
      [userId],
    );
    const row = rows[0];
    return row ? { id: row.id, email: row.email, role: resolveRole(row.roles) } : null;
  }

  /** "First Last" from the profile, else the account's e-mail, for each id that exists. */
  async displayNamesOf(userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const ids = [...new Set(userIds)];
    const rows = await this.em.getConnection().execute<{ id: string; name: string }[]>(
      `select u.id, coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), u.email) as name
         from users u left join profiles p on p.id = u.id
        where u.id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  async getRole(userId: string): Promise<Role> {
    const roles = await this.em.fork().getRepository(UserRole).rolesOf(userId);
    return resolveRole(roles);
  }

  /** Idempotent: granting a role the user already holds changes nothing. */
  async grantRole(userId: string, role: GrantableRole, em: EntityManager = this.em): Promise<void> {
    await em.getConnection().execute(
      'insert into user_roles (user_id, role) values (?, ?) on conflict (user_id, role) do nothing',
      [userId, role],
      'run',
      em.getTransactionContext(),
    );
  }

  async revokeRole(userId: string, role: GrantableRole, em: EntityManager = this.em): Promise<void> {
    await em.nativeDelete(UserRole, { userId, role });
  }

  /** The admin bootstrap: makes an existing account an admin. */
  async makeAdmin(email: string): Promise<{ userId: string; alreadyAdmin: boolean }> {
    const em = this.em.fork();
    const user = await this.findByEmail(email, em);
    if (!user) throw new UsersException(UsersErrorCode.UserNotFound);
    const alreadyAdmin = (await this.getRole(user.id)) === 'admin';
    await this.grantRole(user.id, 'admin', em);
    return { userId: user.id, alreadyAdmin };
  }
}
