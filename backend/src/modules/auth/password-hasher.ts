import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';
import { Injectable } from '@nestjs/common';

/** OWASP ASVS / cheat-sheet minimum for argon2id: 19 MiB, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = {
  // `Algorithm` is an ambient const enum, which isolated modules cannot read; 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 256;

/** Length in characters as a person counts them (code points, not UTF-16 units). */
export function passwordLength(password: string): number {
  return [...password].length;
}

@Injectable()
export class PasswordHasher {
  private dummyHash?: Promise<string>;

  hash(password: string): Promise<string> {
    return hash(password, ARGON2_OPTIONS);
  }

  /** False for a wrong password and for a hash that cannot be read; never throws. */
  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /**
   * Spends the same time as checking a real password, for an e-mail that has no account, so
   * the answer's timing does not tell which addresses are registered.
   */
  async verifyAgainstDummy(password: string): Promise<false> {
    this.dummyHash ??= this.hash(randomBytes(32).toString('base64url'));
    await this.verify(await this.dummyHash, password);
    return false;
  }

  /** True when the hash was made with other parameters than today's (upgrade it at sign-in). */
  needsRehash(passwordHash: string): boolean {
    try {
      const options = parseOptions(passwordHash);
      return (
        options.algorithm !== ARGON2_OPTIONS.algorithm ||
        options.memoryCost !== ARGON2_OPTIONS.memoryCost ||
        options.timeCost !== ARGON2_OPTIONS.timeCost ||
        options.parallelism !== ARGON2_OPTIONS.parallelism
      );
    } catch {
      return true;
    }
  }
}
