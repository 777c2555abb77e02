import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ensureJwtSecret } from '../lib/stack.mjs';

const TEST_RUNNER_SECRET = readFileSync(new URL('../../backend/src/config/env.schema.ts', import.meta.url), 'utf8')
  .match(/TEST_JWT_SECRET = '([^']+)'/)[1];

const freshDataDir = () => join(mkdtempSync(join(tmpdir(), 'journal-secret-')), '.data');
const modeOf = (file) => statSync(file).mode & 0o777;

describe('ensureJwtSecret', () => {
  it('makes a random secret once per install, readable by its owner only', () => {
    const dataDir = freshDataDir();
    const secret = ensureJwtSecret({}, dataDir);
    assert.ok(secret.length >= 32);
    assert.notEqual(secret, TEST_RUNNER_SECRET);
    assert.equal(modeOf(join(dataDir, 'jwt-secret')), 0o600);
    assert.equal(ensureJwtSecret({}, dataDir), secret);
    assert.notEqual(ensureJwtSecret({}, freshDataDir()), secret);
  });

  it('tightens a secret file whose permissions were widened', () => {
    const dataDir = freshDataDir();
    const secret = ensureJwtSecret({}, dataDir);
    chmodSync(join(dataDir, 'jwt-secret'), 0o644);
    assert.equal(ensureJwtSecret({}, dataDir), secret);
    assert.equal(modeOf(join(dataDir, 'jwt-secret')), 0o600);
  });

  it('replaces a file too short to be a secret', () => {
    const dataDir = freshDataDir();
    ensureJwtSecret({}, dataDir);
    writeFileSync(join(dataDir, 'jwt-secret'), 'short\n');
    assert.ok(ensureJwtSecret({}, dataDir).length >= 32);
  });

  it('leaves a JWT_SECRET given in the environment alone', () => {
    const dataDir = freshDataDir();
    assert.equal(ensureJwtSecret({ JWT_SECRET: 'z'.repeat(40) }, dataDir), 'z'.repeat(40));
  });
});
