import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Redis } from 'ioredis';
import pg from 'pg';

export default async function globalTeardown() {
  const storageDir = process.env.STORAGE_DIR;
  if (storageDir && storageDir.startsWith(tmpdir()) && storageDir.includes('journal-test-storage-')) rmSync(storageDir, { recursive: true, force: true });
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl && databaseUrl.includes('/journal_test_')) {
    const url = new URL(databaseUrl);
    const name = url.pathname.slice(1);
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
  const prefix = process.env.REDIS_PREFIX;
  if (prefix && prefix.startsWith('test-')) {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    redis.disconnect();
  }
}
