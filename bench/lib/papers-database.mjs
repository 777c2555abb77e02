// The database of published papers the search benches measure: `journal_bench_<papers>` for the
// template corpus, `journal_bench_real_<papers>` for the realistic one (seed --corpus), built once
// (migrations + seed) and reused while it holds enough papers.
import pg from 'pg';
import { ensureStorageDir, prepareDatabase, runBackendCli } from '../../scripts/lib/stack.mjs';

export const CORPORA = ['template', 'realistic'];

/** The database's URL and the environment the backend's commands and servers run with. */
export function papersDatabase(paperCount, corpus) {
  if (!CORPORA.includes(corpus)) throw new Error(`--corpus needs ${CORPORA.join(' or ')}, got ${JSON.stringify(corpus)}`);
  const server = new URL(process.env.BENCH_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const databaseUrl = new URL(server);
  databaseUrl.pathname = corpus === 'template' ? `/journal_bench_${paperCount}` : `/journal_bench_real_${paperCount}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-only-secret-bench-only-secret-0123',
    PUBLIC_URL: 'http://localhost',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_PREFIX: 'bench',
    // Production mode wants a payment provider; the bench never pays.
    PAYMENTS_PROVIDER: 'test',
  };
  return { databaseUrl, env };
}

export async function publishedCount(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  await client.connect();
  try {
    const { rows } = await client.query("select count(*)::int as n from research_papers where status = 'published'");
    return rows[0].n;
  } catch {
    return 0;
  } finally {
    await client.end();
  }
}

/**
 * Migrates the database and, when it holds fewer than `paperCount` published papers, builds it
 * afresh. Returns how many published papers it holds and how long a fresh load took (null when
 * none was needed).
 */
export async function ensurePapersDatabase(paperCount, corpus) {
  const { databaseUrl, env } = papersDatabase(paperCount, corpus);
  // The seed stores the demo papers' PDFs, and the API refuses a storage directory that is missing.
  ensureStorageDir(env);
  await prepareDatabase(databaseUrl.toString());
  runBackendCli('migrate', [], env);
  let loadSeconds = null;
  if ((await publishedCount(databaseUrl)) < paperCount) {
    console.log(`Loading ${paperCount} papers into ${databaseUrl.pathname.slice(1)} ...`);
    await prepareDatabase(databaseUrl.toString(), { fresh: true });
    runBackendCli('migrate', [], env);
    const started = Date.now();
    runBackendCli('seed', ['--force', '--papers', String(paperCount), '--corpus', corpus], env);
    loadSeconds = (Date.now() - started) / 1000;
    console.log(`Loaded in ${loadSeconds.toFixed(1)} s.`);
  }
  return { databaseUrl, env, total: await publishedCount(databaseUrl), loadSeconds };
}
