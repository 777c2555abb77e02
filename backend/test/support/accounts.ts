import { EntityManager } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request, { type Response } from 'supertest';
import { AccountMails } from '../../src/modules/auth/account-mails.service.js';
import { DemoAccountsSeeder } from '../../src/cli/seeders/demo-accounts.seeder.js';
import { PasswordHasher } from '../../src/modules/auth/password-hasher.js';
import type { GrantableRole } from '../../src/modules/users/grantable-roles.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import type { TestApp } from './test-app.js';

/** Where a used, unknown or missing confirmation link sends the browser (docs/api.md, Auth). */
export const INVALID_CONFIRMATION =
  '/auth?error=invalid_request&error_code=bad_token&error_description=This+confirmation+link+is+invalid+or+has+already+been+used.';

let counter = 0;

/** A fresh address per call, so tests never share an account. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Marie',
    lastName: 'Curie',
    schoolName: 'Lincoln High School',
    gradeLevel: 11,
    email: uniqueEmail(),
    password: 'radium-88',
    ...overrides,
  };
}

export function sql<T = Record<string, unknown>>(app: NestFastifyApplication, query: string, params: unknown[] = []): Promise<T[]> {
  return app.get(EntityManager).getConnection().execute<T[]>(query, params);
}

/**
 * Forgot-password and resend-confirmation answer before they look the address up; this waits
 * until the e-mails they were asked for are in the outbox (or were not sent).
 */
export function accountMailsSettled(app: NestFastifyApplication): Promise<void> {
  return app.get(AccountMails).drain();
}

/** The token of the latest e-mail of that template sent to the address, read from the outbox. */
export async function tokenFromOutbox(app: NestFastifyApplication, email: string, template: 'confirm-email' | 'reset-password'): Promise<string> {
  await accountMailsSettled(app);
  const rows = await sql<{ data: Record<string, string> }>(
    app,
    'select data from outbox_mails where recipient = ? and template = ? order by created_at desc limit 1',
    [email.toLowerCase(), template],
  );
  const link = rows[0]?.data[template === 'confirm-email' ? 'confirmUrl' : 'resetUrl'];
  if (!link) throw new Error(`No ${template} e-mail for ${email}`);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`No token in ${link}`);
  return token;
}

/** A confirmed account with an optional role, created the way the seed command does. */
export async function createAccount(testApp: TestApp, options: { role?: GrantableRole; password?: string; email?: string } = {}) {
  const email = options.email ?? uniqueEmail(options.role ?? 'author');
  const password = options.password ?? 'correct-horse-1';
  // Built from the app's services, so any app will do (a suite's own module need not add the seeders).
  const seeder = new DemoAccountsSeeder(testApp.app.get(EntityManager), testApp.app.get(UsersService), testApp.app.get(PasswordHasher));
  await seeder.seed([
    { email, password, role: options.role ?? null, firstName: 'Test', lastName: 'Person', schoolName: 'Test School', gradeLevel: 10 },
  ]);
  const [row] = await sql<{ id: string }>(testApp.app, 'select id from users where email = ?', [email]);
  if (!row) throw new Error(`The seed did not create ${email}`);
  return { email, password, id: row.id };
}

export interface SignedInClient {
  accessToken: string;
  refreshToken: string;
  response: Response;
}

/** The value of a Set-Cookie of the response ('' when it clears the cookie). */
export function cookieOf(response: Response, name: string): string | undefined {
  const header = setCookies(response).find((cookie) => cookie.startsWith(`${name}=`));
  return header === undefined ? undefined : decodeURIComponent(header.slice(name.length + 1).split(';')[0] ?? '');
}

export function setCookies(response: Response): string[] {
  const header = response.headers['set-cookie'] as string[] | string | undefined;
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

export async function signIn(testApp: TestApp, email: string, password: string): Promise<SignedInClient> {
  const response = await request(testApp.server).post('/api/auth/sign-in').send({ email, password }).expect(200);
  return { accessToken: cookieOf(response, 'access_token')!, refreshToken: cookieOf(response, 'refresh_token')!, response };
}

export function refresh(testApp: TestApp, refreshToken: string) {
  return request(testApp.server).post('/api/auth/refresh').set('Cookie', `refresh_token=${refreshToken}`);
}

export function getSession(testApp: TestApp, accessToken: string) {
  return request(testApp.server).get('/api/auth/session').set('Cookie', `access_token=${accessToken}`);
}

/** A signed-in account for tests that call the API as several kinds of user. */
export interface Person {
  id: string;
  email: string;
  token: string;
}

export async function createPerson(testApp: TestApp, role?: GrantableRole): Promise<Person> {
  const account = await createAccount(testApp, { role });
  const { accessToken } = await signIn(testApp, account.email, account.password);
  return { id: account.id, email: account.email, token: accessToken };
}

/** Requests as this person (a bearer token), or as a visitor for null. */
export function actingAs(testApp: TestApp, who: Person | null) {
  const agent = request(testApp.server);
  const auth = (req: request.Test) => (who ? req.set('Authorization', `Bearer ${who.token}`) : req);
  return {
    get: (url: string) => auth(agent.get(url)),
    post: (url: string) => auth(agent.post(url)),
    put: (url: string) => auth(agent.put(url)),
    patch: (url: string) => auth(agent.patch(url)),
    delete: (url: string) => auth(agent.delete(url)),
  };
}
