// Plain ESM on purpose: Jest loads global setup outside its TypeScript transform.
// Chooses the run's own database, Redis prefix and storage directory and creates the empty database; the
// workers inherit both through the environment and apply the migrations (startTestApp).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export default async function globalSetup() {
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `journal_test_${suffix}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  process.env.REDIS_PREFIX = `test-${suffix}`;
  process.env.NODE_ENV = 'test';
  // Stored files (paper PDFs) go to a directory of the run, removed by the teardown.
  process.env.STORAGE_DIR = mkdtempSync(join(tmpdir(), `journal-test-storage-${suffix}-`));
}
