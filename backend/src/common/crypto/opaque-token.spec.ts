import { generateOpaqueToken, hashOpaqueToken, looksLikeOpaqueToken } from './opaque-token.js';

describe('opaque tokens', () => {
  it('are 32 random bytes in base64url', () => {
    const token = generateOpaqueToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(looksLikeOpaqueToken(token)).toBe(true);
  });

  it('never repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateOpaqueToken));
    expect(tokens.size).toBe(1000);
  });

  it('are stored as their SHA-256 (hex), deterministic and distinct from the token', () => {
    const token = generateOpaqueToken();
    const hash = hashOpaqueToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashOpaqueToken(token));
    expect(hash).not.toContain(token);
    expect(hashOpaqueToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('refuses foreign shapes before any lookup', () => {
    expect(looksLikeOpaqueToken(undefined)).toBe(false);
    expect(looksLikeOpaqueToken('short')).toBe(false);
    expect(looksLikeOpaqueToken(`${generateOpaqueToken()}x`)).toBe(false);
    expect(looksLikeOpaqueToken("'; drop table users; --".padEnd(43, 'a'))).toBe(false);
  });
});
