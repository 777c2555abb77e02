import { ARGON2_OPTIONS, PasswordHasher, passwordLength } from './password-hasher.js';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('hashes with argon2id, m=19456 KiB, t=2, p=1 (ASVS)', async () => {
    const hash = await hasher.hash('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(hasher.needsRehash(hash)).toBe(false);
  });

  it('salts every hash and verifies only the right password', async () => {
    const [first, second] = await Promise.all([hasher.hash('secret1'), hasher.hash('secret1')]);
    expect(first).not.toBe(second);
    await expect(hasher.verify(first, 'secret1')).resolves.toBe(true);
    await expect(hasher.verify(first, 'secret2')).resolves.toBe(false);
  });

  it('answers false, not an error, for an unreadable hash', async () => {
    await expect(hasher.verify('not-a-hash', 'secret1')).resolves.toBe(false);
  });

  it('asks for a rehash when the parameters are weaker than today', () => {
    const weak = '$argon2id$v=19$m=4096,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$Ww3DLtpyxUvDZBsSdTaN2hwvGHOqGDpJ0uJbmD/VAXo';
    expect(hasher.needsRehash(weak)).toBe(true);
    expect(hasher.needsRehash('garbage')).toBe(true);
  });

  it('verifies unknown accounts against a dummy hash and always refuses', async () => {
    await expect(hasher.verifyAgainstDummy('anything')).resolves.toBe(false);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordLength('ab😀de')).toBe(5);
    expect(passwordLength('')).toBe(0);
  });
});
