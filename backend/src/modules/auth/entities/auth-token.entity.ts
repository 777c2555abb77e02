import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { AuthTokenRepository } from './auth-token.repository.js';

export const AUTH_TOKEN_TYPES = ['email_confirmation', 'password_reset'] as const;
export type AuthTokenType = (typeof AUTH_TOKEN_TYPES)[number];

/** A single-use, expiring link token sent by e-mail; only its SHA-256 is stored. */
const AuthTokenSchema = defineEntity({
  name: 'AuthToken',
  tableName: 'auth_tokens',
  repository: () => AuthTokenRepository,
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid(),
    type: p.enum(AUTH_TOKEN_TYPES),
    tokenHash: p.string().length(64).unique().hidden(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class AuthToken extends AuthTokenSchema.class {}
AuthTokenSchema.setClass(AuthToken);
export { AuthTokenSchema };
