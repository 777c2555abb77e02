import { defineEntity, p } from '@mikro-orm/core';

/**
 * A refresh token that was already exchanged for a new one. Seeing it again means it was
 * copied: the whole family (every session of the user) is revoked. Rows go with their session.
 */
const RotatedRefreshTokenSchema = defineEntity({
  name: 'RotatedRefreshToken',
  tableName: 'rotated_refresh_tokens',
  properties: {
    tokenHash: p.string().length(64).primary(),
    sessionId: p.uuid().index(),
    userId: p.uuid(),
    rotatedAt: p.datetime().onCreate(() => new Date()),
  },
});

export class RotatedRefreshToken extends RotatedRefreshTokenSchema.class {}
RotatedRefreshTokenSchema.setClass(RotatedRefreshToken);
export { RotatedRefreshTokenSchema };
