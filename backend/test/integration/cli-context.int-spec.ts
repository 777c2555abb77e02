import { NestFactory } from '@nestjs/core';
import { CliModule } from '../../src/cli/cli.module.js';
import { DemoAccountsSeeder } from '../../src/cli/seeders/demo-accounts.seeder.js';
import { DemoPapersSeeder } from '../../src/cli/seeders/demo-papers.seeder.js';
import { migrateTestDatabase } from '../support/test-app.js';

/**
 * The command-line tools (migrate, seed, admin:create) build their own module, not the API's:
 * every provider the services they reach need must be there too, or `npm start` fails at its seed.
 */
describe('the command-line tools\' module', () => {
  it('builds with every dependency of the services it reaches, and closes', async () => {
    await migrateTestDatabase();
    const context = await NestFactory.createApplicationContext(CliModule, { logger: false, abortOnError: false });
    try {
      expect(context.get(DemoAccountsSeeder)).toBeInstanceOf(DemoAccountsSeeder);
      expect(context.get(DemoPapersSeeder)).toBeInstanceOf(DemoPapersSeeder);
    } finally {
      await context.close();
    }
  });
});
