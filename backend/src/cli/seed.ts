import { EntityManager } from '@mikro-orm/postgresql';
import { DEMO_ACCOUNTS, DemoAccountsSeeder } from './seeders/demo-accounts.seeder.js';
import { DemoInvitationsSeeder } from './seeders/demo-invitations.seeder.js';
import { BulkPapersSeeder, COMMON_TERM } from './seeders/bulk-papers.seeder.js';
import { DemoPapersSeeder } from './seeders/demo-papers.seeder.js';
import { UsersService } from '../modules/users/users.service.js';
import { runCli } from './cli-context.js';

/**
 * `node dist/cli/seed.js [--force] [--papers N]`: loads the demo data (idempotent): one account
 * per role (the reviewer's invitation accepted, so it can be assigned papers) and a few published
 * papers (with PDFs) owned by the demo author. `--papers N` also
 * adds N generated published papers (without PDFs) for benchmarks; each run adds N more.
 * Refuses to run with NODE_ENV=production unless `--force` is given. Exit codes: 0 done,
 * 1 error, 2 refused or bad arguments.
 */
if (process.env.NODE_ENV === 'production' && !process.argv.includes('--force')) {
  console.error('Refusing to create demo accounts with NODE_ENV=production (their passwords are public). Pass --force to do it anyway.');
  process.exit(2);
}

const DEMO_AUTHOR_EMAIL = 'author@example.org';
const MAX_BULK_PAPERS = 5_000_000;

function bulkPaperCount(argv: string[]): number {
  const index = argv.findIndex((arg) => arg === '--papers' || arg.startsWith('--papers='));
  if (index < 0) return 0;
  const raw = argv[index].includes('=') ? argv[index].split('=')[1] : argv[index + 1];
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 0 || count > MAX_BULK_PAPERS) {
    console.error(`--papers needs a whole number from 0 to ${MAX_BULK_PAPERS}, got ${JSON.stringify(raw)}.`);
    process.exit(2);
  }
  return count;
}

const bulkCount = bulkPaperCount(process.argv.slice(2));

await runCli(async (context) => {
  const accounts = await context.get(DemoAccountsSeeder).seed();
  const author = await context.get(UsersService).findByEmail(DEMO_AUTHOR_EMAIL, context.get(EntityManager).fork());
  if (!author) throw new Error(`The demo author ${DEMO_AUTHOR_EMAIL} is missing after seeding.`);
  const addedPapers = await context.get(DemoPapersSeeder).seed(author.id);
  // The demo reviewer was invited by the demo editor and accepted, so papers can be assigned to it.
  const reviewer = DEMO_ACCOUNTS.find((account) => account.role === 'reviewer');
  const editor = DEMO_ACCOUNTS.find((account) => account.role === 'admin');
  const editorAccount = editor ? await context.get(UsersService).findByEmail(editor.email, context.get(EntityManager).fork()) : null;
  if (reviewer) await context.get(DemoInvitationsSeeder).seed(reviewer.email, editorAccount?.id ?? null);

  console.log('Demo accounts (password):');
  for (const account of DEMO_ACCOUNTS) {
    const outcome = accounts.find((result) => result.email === account.email)?.outcome ?? 'unchanged';
    console.log(`  ${(account.role ?? 'author').padEnd(9)} ${account.email.padEnd(22)} ${account.password.padEnd(18)} (${outcome})`);
  }
  console.log(`Demo papers: ${addedPapers} added.`);
  if (bulkCount > 0) {
    const started = Date.now();
    const progress = process.stdout.isTTY ? (done: number) => process.stdout.write(`\rGenerated papers: ${done}/${bulkCount}`) : undefined;
    await context.get(BulkPapersSeeder).seed(author.id, bulkCount, progress);
    console.log(`${progress ? '\n' : ''}Generated papers: ${bulkCount} added in ${((Date.now() - started) / 1000).toFixed(1)} s (about 10% mention "${COMMON_TERM}").`);
  }
  return 0;
});
