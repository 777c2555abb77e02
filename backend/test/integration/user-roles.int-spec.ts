import { UsersService } from '../../src/modules/users/users.service.js';
import { createAccount, sql } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Granting roles (the admin bootstrap command and the demo seeder rely on the answer). */
describe('user roles', () => {
  let testApp: TestApp;
  let users: UsersService;

  beforeAll(async () => {
    testApp = await startTestApp();
    users = testApp.app.get(UsersService);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('grants a role once, answering whether it was new', async () => {
    const account = await createAccount(testApp);
    expect(await users.grantRole(account.id, 'reviewer')).toBe(true);
    expect(await users.grantRole(account.id, 'reviewer')).toBe(false);
    expect(await sql(testApp.app, 'select role from user_roles where user_id = ?', [account.id])).toEqual([{ role: 'reviewer' }]);
  });

  it('says whether the account made admin was one already', async () => {
    const account = await createAccount(testApp);
    expect(await users.makeAdmin(account.email)).toEqual({ userId: account.id, alreadyAdmin: false });
    expect(await users.makeAdmin(account.email)).toEqual({ userId: account.id, alreadyAdmin: true });
  });
});
