import { EntityRepository } from '@mikro-orm/postgresql';
import type { User } from './user.entity.js';

export class UserRepository extends EntityRepository<User> {
  findByEmail(email: string): Promise<User | null> {
    return this.findOne({ email: normalizeEmail(email) });
  }
}

/** E-mail addresses are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
