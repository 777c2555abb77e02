import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { GrantableRole } from '../../modules/users/grantable-roles.js';
import { UsersService } from '../../modules/users/users.service.js';
import { PasswordHasher } from '../../modules/auth/password-hasher.js';

export interface DemoAccount {
  email: string;
  password: string;
  role: GrantableRole | null;
  firstName: string;
  lastName: string;
  schoolName: string | null;
  gradeLevel: number | null;
}

/** Confirmed accounts for development and demos, one per role (documented in the README). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@example.org', password: 'DemoAdmin#2026', role: 'admin', firstName: 'Ada', lastName: 'Editor', schoolName: null, gradeLevel: null },
  {
    email: 'reviewer@example.org',
    password: 'DemoReviewer#2026',
    role: 'reviewer',
    firstName: 'Rosalind',
    lastName: 'Mentor',
    schoolName: null,
    gradeLevel: null,
  },
  {
    email: 'author@example.org',
    password: 'DemoAuthor#2026',
    role: null,
    firstName: 'Alex',
    lastName: 'Student',
    schoolName: 'Lincoln High School',
    gradeLevel: 11,
  },
];

export type SeedOutcome = 'created' | 'updated' | 'unchanged';

/**
 * Idempotent: a missing account is created; an existing one is brought back to the documented
 * state (confirmed, its role, its password) and left alone when it already is.
 */
@Injectable()
export class DemoAccountsSeeder {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly passwords: PasswordHasher,
  ) {}

  async seed(accounts: readonly DemoAccount[] = DEMO_ACCOUNTS): Promise<{ email: string; outcome: SeedOutcome }[]> {
    const results: { email: string; outcome: SeedOutcome }[] = [];
    for (const account of accounts) results.push({ email: account.email, outcome: await this.seedOne(account) });
    return results;
  }

  private async seedOne(account: DemoAccount): Promise<SeedOutcome> {
    const em = this.em.fork();
    const existing = await this.users.findByEmail(account.email, em);
    if (!existing) {
      const passwordHash = await this.passwords.hash(account.password);
      await em.transactional(async (tx) => {
        const user = await this.users.createAccount(tx, { ...account, passwordHash, emailConfirmedAt: new Date() });
        await tx.flush();
        if (account.role) await this.users.grantRole(user.id, account.role, tx);
      });
      return 'created';
    }
    let changed = false;
    if (!(await this.passwords.verify(existing.passwordHash, account.password))) {
      await this.users.setPasswordHash(em, existing.id, await this.passwords.hash(account.password));
      changed = true;
    }
    if (!existing.emailConfirmedAt) {
      await this.users.markEmailConfirmed(em, existing.id);
      changed = true;
    }
    if (account.role && (await this.users.grantRole(existing.id, account.role, em))) changed = true;
    return changed ? 'updated' : 'unchanged';
  }
}
