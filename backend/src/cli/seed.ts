import { EntityManager } from '@mikro-orm/postgresql';
import { DEMO_ACCOUNTS, DemoAccountsSeeder } from '../modules/auth/demo-accounts.seeder.js';
import { DemoPapersSeeder } from '../modules/papers/demo-papers.seeder.js';
import { UsersService } from '../modules/users/users.service.js';
import { runCli } from './cli-context.js';

/**
 * `node dist/cli/seed.js [--force]`: loads the demo data (idempotent): one account per role and a
 * few published papers owned by the demo author. Refuses to run with NODE_ENV=production unless
 * `--force` is given. Exit codes: 0 done, 1 error, 2 refused.
 */
if (process.env.NODE_ENV === 'production' && !process.argv.includes('--force')) {
  console.error('Refusing to create demo accounts with NODE_ENV=production (their passwords are public). Pass --force to do it anyway.');
  process.exit(2);
}

const DEMO_AUTHOR_EMAIL = 'author@example.org';

await runCli(async (context) => {
  const accounts = await context.get(DemoAccountsSeeder).seed();
  const author = await context.get(UsersService).findByEmail(DEMO_AUTHOR_EMAIL, context.get(EntityManager).fork());
  if (!author) throw new Error(`The demo author ${DEMO_AUTHOR_EMAIL} is missing after seeding.`);
  const addedPapers = await context.get(DemoPapersSeeder).seed(author.id);

  console.log('Demo accounts (password):');
  for (const account of DEMO_ACCOUNTS) {
    const outcome = accounts.find((result) => result.email === account.email)?.outcome ?? 'unchanged';
    console.log(`  ${(account.role ?? 'author').padEnd(9)} ${account.email.padEnd(22)} ${account.password.padEnd(18)} (${outcome})`);
  }
  console.log(`Demo papers: ${addedPapers} added.`);
  return 0;
});
