import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { UserRepository } from './user.repository.js';

/** A person who can sign in. `email` is stored lower-cased, so its unique index is case-insensitive. */
const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  repository: () => UserRepository,
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    email: p.string().length(254).unique(),
    passwordHash: p.text().hidden(),
    emailConfirmedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
export { UserSchema };
