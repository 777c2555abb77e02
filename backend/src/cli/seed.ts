import { EntityManager } from '@mikro-orm/postgresql';
import { DEMO_ACCOUNTS, DemoAccountsSeeder } from './seeders/demo-accounts.seeder.js';
import { DemoInvitationsSeeder } from './seeders/demo-invitations.seeder.js';
import { BulkPapersSeeder, COMMON_TERM, CORPORA, type Corpus } from './seeders/bulk-papers.seeder.js';
import { DemoPapersSeeder } from './seeders/demo-papers.seeder.js';
import { UsersService } from '../modules/users/users.service.js';
import { runCli } from './cli-context.js';

/**
 * `node dist/cli/seed.js [--force] [--papers N [--corpus template|realistic]]`: loads the demo
 * data (idempotent): one account per role (the reviewer's invitation accepted, so it can be
 * assigned papers) and a few published papers (with PDFs) owned by the demo author. `--papers N`
 * also adds N generated published papers (without PDFs) for benchmarks; each run adds N more.
 * `--corpus` chooses their words: `template` (the default, a small vocabulary) or `realistic`
 * (the vocabulary and word frequencies of real abstracts, realistic-corpus.ts).
 * Refuses to run with NODE_ENV=production unless `--force` is given. Exit codes: 0 done,
 * 1 error, 2 refused or bad arguments.
 */
if (process.env.NODE_ENV === 'production' && !process.argv.includes('--force')) {
  console.error('Refusing to create demo accounts with NODE_ENV=production (their passwords are public). Pass --force to do it anyway.');
  process.exit(2);
}

const DEMO_AUTHOR_EMAIL = 'author@example.org';
const MAX_BULK_PAPERS = 5_000_000;

/** The value of `--name value` or `--name=value`, or undefined when the option is not given. */
function optionValue(argv: string[], name: string): string | undefined {
  const index = argv.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (index < 0) return undefined;
  return argv[index].includes('=') ? argv[index].slice(name.length + 1) : argv[index + 1];
}

function bulkPaperCount(argv: string[]): number {
  const raw = optionValue(argv, '--papers');
  if (raw === undefined) return 0;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 0 || count > MAX_BULK_PAPERS) {
    console.error(`--papers needs a whole number from 0 to ${MAX_BULK_PAPERS}, got ${JSON.stringify(raw)}.`);
    process.exit(2);
  }
  return count;
}

function bulkCorpus(argv: string[]): Corpus {
  const raw = optionValue(argv, '--corpus') ?? 'template';
  if (!(CORPORA as readonly string[]).includes(raw)) {
    console.error(`--corpus needs one of ${CORPORA.join(', ')}, got ${JSON.stringify(raw)}.`);
    process.exit(2);
  }
  return raw as Corpus;
}

const bulkCount = bulkPaperCount(process.argv.slice(2));
const corpus = bulkCorpus(process.argv.slice(2));

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
    await context.get(BulkPapersSeeder).seed(author.id, bulkCount, { corpus, onBatch: progress });
    const share = corpus === 'template' ? ` (about 10% mention "${COMMON_TERM}")` : ', with the vocabulary of real abstracts';
    console.log(`${progress ? '\n' : ''}Generated papers: ${bulkCount} added in ${((Date.now() - started) / 1000).toFixed(1)} s${share}.`);
  }
  return 0;
});
