import { UsersErrorCode, UsersException } from '../modules/users/users.exception.js';
import { UsersService } from '../modules/users/users.service.js';
import { runCli } from './cli-context.js';

/**
 * `node dist/cli/admin-create.js <email>`: makes an existing account an admin.
 * Exit codes: 0 done (or already an admin), 1 unexpected error, 2 usage, 3 no such account.
 */
const email = process.argv[2]?.trim();
if (!email || process.argv.length > 3 || !email.includes('@')) {
  console.error('Usage: node dist/cli/admin-create.js <email>\nMakes the existing account with that e-mail address an admin.');
  process.exit(2);
}

await runCli(async (context) => {
  try {
    const { alreadyAdmin } = await context.get(UsersService).makeAdmin(email);
    console.log(alreadyAdmin ? `${email} is already an admin.` : `${email} is now an admin.`);
    return 0;
  } catch (error) {
    if (error instanceof UsersException && error.is(UsersErrorCode.UserNotFound)) {
      console.error(`No account exists for ${email}. Sign up first (or run the seed), then try again.`);
      return 3;
    }
    throw error;
  }
});
