import { EntityRepository } from '@mikro-orm/postgresql';
import { normalizeEmail } from '../email-address.js';
import type { User } from './user.entity.js';

export class UserRepository extends EntityRepository<User> {
  findByEmail(email: string): Promise<User | null> {
    return this.findOne({ email: normalizeEmail(email) });
  }
}
