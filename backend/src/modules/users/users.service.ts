import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Role } from '../../common/auth/auth.decorators.js';
import type { ProfileDto } from './dtos/profile.dto.js';
import { Profile } from './entities/profile.entity.js';
import { normalizeEmail } from './email-address.js';
import { UserRole } from './entities/user-role.entity.js';
import { User } from './entities/user.entity.js';
import type { GrantableRole } from './grantable-roles.js';
import { rolesFrom } from './role-resolution.js';
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

/** What linking an ORCID iD came to (OrcidService turns each into the spec's result code). */
export type OrcidLinkOutcome = 'linked' | 'taken' | 'no-account';

/** What the session layer needs on every request: who, and which roles right now. */
export interface UserIdentity {
  id: string;
  email: string;
  roles: ReadonlySet<Role>;
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

  /** Whether an account with this id exists (for a module that holds only the id, e.g. a webhook's). */
  async exists(userId: string): Promise<boolean> {
    return (await this.em.fork().count(User, { id: userId })) > 0;
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
      orcidName: profile.orcidName ?? null,
      orcidLinkedAt: profile.orcidLinkedAt?.toISOString() ?? null,
    };
  }

  /** The account an ORCID iD is linked to, if any (ORCID sign-in). */
  async findIdByOrcidId(orcidId: string): Promise<string | null> {
    const profile = await this.em.fork().findOne(Profile, { orcidId }, { fields: ['id'] });
    return profile?.id ?? null;
  }

  /**
   * Links the iD to the account: one iD per account and one account per iD (the unique index
   * decides between two links racing for the same iD). Linking the iD already linked keeps its
   * date and takes the name ORCID gives now.
   */
  async linkOrcid(userId: string, orcid: { id: string; name: string | null }): Promise<OrcidLinkOutcome> {
    const em = this.em.fork();
    const profile = await em.findOne(Profile, { id: userId });
    if (!profile) return 'no-account';
    if (await em.count(Profile, { orcidId: orcid.id, id: { $ne: userId } })) return 'taken';
    if (profile.orcidId !== orcid.id) profile.orcidLinkedAt = new Date();
    profile.orcidId = orcid.id;
    profile.orcidName = orcid.name;
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return 'taken';
      throw error;
    }
    return 'linked';
  }

  /** Forgets the account's iD, its name and date; nothing to do when none is linked. */
  async unlinkOrcid(userId: string): Promise<void> {
    await this.em.fork().nativeUpdate(Profile, { id: userId }, { orcidId: null, orcidName: null, orcidLinkedAt: null, updatedAt: new Date() });
  }

  /** Whether the account exists and its address is confirmed. */
  async isEmailConfirmed(userId: string): Promise<boolean> {
    return (await this.em.fork().count(User, { id: userId, emailConfirmedAt: { $ne: null } })) > 0;
  }

  /**
   * The user's e-mail and current roles in one query; works with or without a request context
   * (the Bull Board hook has none).
   */
  async getIdentity(userId: string): Promise<UserIdentity | null> {
    const row = await this.em.getRepository(User).identityOf(userId);
    return row ? { id: row.id, email: row.email, roles: rolesFrom(row.roles) } : null;
  }

  /** "First Last" from the profile, else the account's e-mail, for each id that exists. */
  displayNamesOf(userIds: readonly string[]): Promise<Map<string, string>> {
    return this.em.getRepository(User).displayNamesOf(userIds);
  }

  /** The accounts whose e-mail or profile name ("first last") is like the lower-case LIKE pattern, for the admin paper search. */
  idsLike(pattern: string): Promise<string[]> {
    return this.em.getRepository(User).idsLike(pattern);
  }

  /** The account's e-mail for each id that exists. */
  async emailsOf(userIds: readonly string[], em: EntityManager = this.em): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const users = await em.find(User, { id: { $in: [...new Set(userIds)] } }, { fields: ['id', 'email'] });
    return new Map(users.map((user) => [user.id, user.email]));
  }

  /** Idempotent: granting a role the user already holds changes nothing (and answers false). */
  grantRole(userId: string, role: GrantableRole, em: EntityManager = this.em.fork()): Promise<boolean> {
    return em.getRepository(UserRole).grant(userId, role);
  }

  async revokeRole(userId: string, role: GrantableRole, em: EntityManager = this.em): Promise<void> {
    await em.nativeDelete(UserRole, { userId, role });
  }

  /** The admin bootstrap: makes an existing account an admin. */
  async makeAdmin(email: string): Promise<{ userId: string; alreadyAdmin: boolean }> {
    const em = this.em.fork();
    const user = await this.findByEmail(email, em);
    if (!user) throw new UsersException(UsersErrorCode.UserNotFound);
    const granted = await this.grantRole(user.id, 'admin', em);
    return { userId: user.id, alreadyAdmin: !granted };
  }
}
