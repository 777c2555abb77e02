import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { LINK_TOKEN_PURPOSES, type LinkTokenPurpose } from '../link-token-purpose.js';
import { LinkTokenRepository } from './link-token.repository.js';

/**
 * A single-use, expiring link sent by e-mail; only its SHA-256 is stored. Its subject is an
 * account or an e-mail address, exactly one of the two (a check constraint says so).
 */
const LinkTokenSchema = defineEntity({
  name: 'LinkToken',
  tableName: 'link_tokens',
  repository: () => LinkTokenRepository,
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    purpose: p.enum(LINK_TOKEN_PURPOSES as LinkTokenPurpose[]),
    subjectUserId: p.uuid().nullable(),
    subjectEmail: p.text().nullable(),
    tokenHash: p.string().length(64).unique().hidden(),
    expiresAt: p.datetime(),
    consumedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class LinkToken extends LinkTokenSchema.class {}
LinkTokenSchema.setClass(LinkToken);
export { LinkTokenSchema };
