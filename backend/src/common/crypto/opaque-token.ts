import { createHash, randomBytes } from 'node:crypto';

/** A secret for a link or a refresh cookie: 32 random bytes, base64url (43 characters). */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps instead of the token: its SHA-256 in hex. The token has 256 bits of
 * entropy, so a fast hash is enough; a leaked table does not give usable tokens.
 */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token as we issue them (so obviously foreign input is refused before any lookup). */
export function looksLikeOpaqueToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
