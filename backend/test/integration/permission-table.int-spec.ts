import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getQueueToken } from '@nestjs/bullmq';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FlowProducer, type Job, type Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import Stripe from 'stripe';
import sharp from 'sharp';
import request from 'supertest';
import { AccessService } from '../../src/common/access/access.service.js';
import { MAIL_QUEUE } from '../../src/modules/notifications/mail/mail-job.js';
import { REDIS_CLIENT } from '../../src/redis/redis.module.js';
import { accountMailsSettled, createAccount, signIn, signUpBody, sql, tokenFromOutbox, uniqueEmail } from '../support/accounts.js';
import { inviteReviewer } from '../support/invitations.js';
import { givePaidFee, pdfBytes, submissionFields } from '../support/papers.js';
import { makeAssignable } from '../support/reviewers.js';
import { rubricScores } from '../support/rubric.js';
import { type AppRoute, concreteUrl, recordRoutes } from '../support/route-walk.js';
import { StripeStub } from '../support/stripe-stub.js';
import { clearRateLimits, startTestApp, type TestApp } from '../support/test-app.js';

const TABLE_FILE = new URL('../../../docs/permissions.md', import.meta.url);

const PERSONAS = ['visitor', 'author', 'other author', 'reviewer', 'other reviewer', 'admin'] as const;
type Persona = (typeof PERSONAS)[number];

/** A row of the table, its cells keyed by the column's header (so a column can be added without touching the parser). */
type TableRow = Record<string, string> & { method: string; path: string };

/** The first table whose header names `method` and `path`; cells trimmed, code marks around them removed. */
function readPermissionTable(markdown: string): TableRow[] {
  const lines = markdown.split('\n').map((line) => line.trim());
  const cellsOf = (line: string) =>
    line
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((cell) => cell.trim().replace(/^`(.*)`$/, '$1'));
  const start = lines.findIndex((line) => line.startsWith('|') && cellsOf(line).includes('method') && cellsOf(line).includes('path'));
  if (start < 0) throw new Error('No table with the columns method and path');
  const header = cellsOf(lines[start]);
  const rows: TableRow[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = cellsOf(line);
    if (cells.length !== header.length) throw new Error(`${cells.length} cells where the header has ${header.length}: ${line}`);
    rows.push(Object.fromEntries(header.map((name, index) => [name, cells[index]])) as TableRow);
  }
  return rows;
}

/** The permissions the code asked the access policy for while a row's requests ran: the table's permission column. */
const asked = new Set<string>();

function recordPermissionsAsked(app: TestApp): void {
  const access = app.app.get(AccessService);
  const requireAccess = access.requireAccess.bind(access);
  jest.spyOn(access, 'requireAccess').mockImplementation((caller, permission, ids) => {
    asked.add(permission);
    return requireAccess(caller, permission, ids);
  });
}

const routeKey = (route: TableRow | AppRoute) => `${route.method} ${'path' in route ? route.path : route.url}`;

/**
 * The author's paper in the path, made through the API so it has its versions and timeline.
 * `submitted, assigned to reviewer`: the reviewer persona holds its review assignment.
 */
type PaperState = 'submitted' | 'submitted, assigned to reviewer' | 'published' | 'published, version 2 pending';

interface Person {
  id: string;
  email: string;
  password: string;
  token: string;
}

/** What one persona sends; the persona's own session (a bearer token) unless `cookies` replaces it. */
interface Call {
  /** `id` here replaces the paper's id in the path (a review's routes name the review). */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: object;
  /** A body sent byte for byte (a signed webhook). */
  raw?: string;
  form?: Record<string, string>;
  pdf?: Buffer;
  cookies?: string[];
  headers?: Record<string, string>;
}

interface World {
  testApp: TestApp;
  people: ReadonlyMap<Persona, Person>;
  /** The id of this row's paper (when the row has one), owned by the author. */
  paperId: string;
  queue: Queue;
}

interface Fixture {
  paper?: PaperState;
  /** Sent to an app whose payment provider is Stripe (a local stub of its API), not the built-in test provider. */
  provider?: 'stripe';
  /** Changes what later rows would find (the author's fee paid): walked after every other row. */
  runsLast?: true;
  /** Revokes the personas' sessions: they sign in again after the row. */
  endsSessions?: true;
  /** What every persona's request of the row shares (a job, a checkout session), made once for the row. */
  setup?: (world: World) => Promise<Call>;
  /** What each persona sends of its own (a body with a fresh address, its own session). */
  call?: (persona: Persona, world: World) => Call | Promise<Call>;
}

const api = (world: World) => request(world.testApp.server);

/** The reviewer persona becomes assignable once: invited, then accepting while signed in. */
let reviewerAssignable: Promise<void> | undefined;
function assignableReviewer(world: World): Promise<Person> {
  const reviewer = world.people.get('reviewer')!;
  reviewerAssignable ??= makeAssignable(world.testApp, world.people.get('admin')!.token, reviewer);
  return reviewerAssignable.then(() => reviewer);
}

/** The review of the row's paper, in the path instead of the paper. */
async function onReview(world: World): Promise<Call> {
  const [review] = await sql<{ id: string }>(world.testApp.app, 'select id from paper_reviews where paper_id = ?', [world.paperId]);
  if (!review) throw new Error(`No review of ${world.paperId}`);
  return { params: { id: review.id } };
}

/** The row's review, submitted by the reviewer persona: its id in the path. */
async function onSubmittedReview(world: World): Promise<Call> {
  const review = await onReview(world);
  await api(world)
    .post(`/api/reviews/${review.params!.id}/submit`)
    .set('Authorization', `Bearer ${world.people.get('reviewer')!.token}`)
    .send({ text: 'A careful study, clearly written.', recommendation: 'accept', criteria: await rubricScores(world.testApp) })
    .expect(200);
  return review;
}

/** A message an admin sent the reviewer persona (an active reviewer), with one image: its id in the path. */
async function onMessage(world: World): Promise<{ id: string; attachmentId: string }> {
  const reviewer = await assignableReviewer(world);
  const response = await api(world)
    .post('/api/admin/messages')
    .set('Authorization', `Bearer ${world.people.get('admin')!.token}`)
    .field('recipientId', reviewer.id)
    .field('subject', 'About your review')
    .field('body', 'Could you look at figure 2 again?')
    .attach('images', await messageImage(), { filename: 'figure.png', contentType: 'image/png' })
    .expect(201);
  const message = response.body as { id: string; attachments: { id: string }[] };
  return { id: message.id, attachmentId: message.attachments[0].id };
}

const messageImage = () => sharp({ create: { width: 4, height: 3, channels: 3, background: '#36c' } }).png().toBuffer();

const messageForm = (subject: string) => ({ subject, body: 'Could we talk about the deadline?' });

/** A second session of the persona, so that ending it leaves the persona's own session alone. */
async function freshSessionCookies(world: World, persona: Persona): Promise<string[] | undefined> {
  const person = world.people.get(persona);
  if (!person) return undefined;
  const client = await signIn(world.testApp, person.email, person.password);
  return [`access_token=${client.accessToken}`, `refresh_token=${client.refreshToken}`];
}

async function checkoutSessionOf(world: World, person: Person): Promise<string> {
  const response = await api(world).post('/api/payments/checkout').set('Authorization', `Bearer ${person.token}`).expect(201);
  return (response.body as { sessionId: string }).sessionId;
}

const authorCheckoutSession = async (world: World): Promise<Call> => ({ params: { sessionId: await checkoutSessionOf(world, world.people.get('author')!) } });

const onDelayedJob = async (world: World): Promise<Call> => ({ params: { jobId: (await delayedJob(world)).id! } });

async function confirmationToken(world: World): Promise<string> {
  const body = signUpBody();
  await api(world).post('/api/auth/sign-up').send(body).expect(201);
  return tokenFromOutbox(world.testApp.app, body.email, 'confirm-email');
}

/** A reset link's token for the account (a new one when none is given). */
async function resetToken(world: World, account?: { email: string }): Promise<string> {
  const { email } = account ?? (await createAccount(world.testApp));
  await api(world).post('/api/auth/forgot-password').send({ email }).expect(202);
  return tokenFromOutbox(world.testApp.app, email, 'reset-password');
}

/** A job of the board's queue that no worker will run (delayed by an hour). */
async function delayedJob(world: World): Promise<Job> {
  return world.queue.add('permission-probe', { probe: true }, { delay: 3_600_000 });
}

/** A job that ran and failed, taken and failed by hand so that no processor is needed (the queue emptied first, so it is the next one). */
async function failedJob(world: World): Promise<Job> {
  await world.queue.obliterate({ force: true });
  const added = await world.queue.add('permission-probe', { probe: true }, { attempts: 1 });
  const worker = new Worker(MAIL_QUEUE, null, { connection: world.queue.opts.connection, prefix: world.queue.opts.prefix, autorun: false });
  try {
    const token = randomUUID();
    const job = (await worker.getNextJob(token)) as Job | undefined;
    if (!job || job.id !== added.id) throw new Error('The probe job was not the next one');
    await job.moveToFailed(new Error('permission probe'), token, false);
    return job;
  } finally {
    await worker.close();
  }
}

/** A job with a child job that has not run. */
async function parentJob(world: World): Promise<Job> {
  const flows = new FlowProducer({ connection: world.queue.opts.connection, prefix: world.queue.opts.prefix });
  try {
    const child = { name: 'permission-probe-child', queueName: MAIL_QUEUE, data: { probe: true }, opts: { delay: 3_600_000 } };
    return (await flows.add({ name: 'permission-probe', queueName: MAIL_QUEUE, data: { probe: true }, children: [child] })).job;
  } finally {
    await flows.close();
  }
}

async function jobScheduler(world: World): Promise<string> {
  const id = `permission-probe-${randomUUID()}`;
  await world.queue.upsertJobScheduler(id, { every: 3_600_000, startDate: Date.now() + 3_600_000 }, { name: 'permission-probe', data: { probe: true } });
  return id;
}

const STRIPE_WEBHOOK_SECRET = 'whsec_test_permission_table';

/**
 * How each route is called well-formed, keyed by `METHOD path`. A route with nothing special
 * (no body, no parameters but the paper's id) needs no entry; every path parameter other than
 * `:id` must get its value here.
 */
const FIXTURES: Record<string, Fixture> = {
  'POST /api/auth/sign-up': { call: () => ({ body: signUpBody() }) },
  'GET /api/auth/confirm': { call: async (_persona, world) => ({ query: { token: await confirmationToken(world) } }) },
  'POST /api/auth/resend-confirmation': { call: () => ({ body: { email: uniqueEmail('unconfirmed') } }) },
  'POST /api/auth/sign-in': {
    call: async (persona, world) => {
      const account = world.people.get(persona) ?? (await createAccount(world.testApp));
      return { body: { email: account.email, password: account.password } };
    },
  },
  'POST /api/auth/refresh': { call: async (persona, world) => ({ cookies: await freshSessionCookies(world, persona) }) },
  'POST /api/auth/sign-out': { call: async (persona, world) => ({ cookies: await freshSessionCookies(world, persona) }) },
  'POST /api/auth/sign-out-everywhere': { endsSessions: true },
  'POST /api/auth/forgot-password': { call: () => ({ body: { email: uniqueEmail('forgetful') } }) },
  'GET /api/auth/recover': { call: async (persona, world) => ({ query: { token: await resetToken(world, world.people.get(persona)) } }) },
  'POST /api/auth/reset-password': {
    // A fresh account: a reset ends every session of the account.
    call: async (_persona, world) => ({ body: { token: await resetToken(world), password: 'a-new-password-2' } }),
  },

  'POST /api/papers': {
    call: async (persona, world) => {
      const person = world.people.get(persona);
      if (person) await givePaidFee(world.testApp, person.id);
      return { form: submissionFields(), pdf: pdfBytes() };
    },
  },
  'GET /api/papers/:id': { paper: 'submitted, assigned to reviewer' },
  'GET /api/papers/:id/pdf': { paper: 'submitted, assigned to reviewer' },
  'GET /api/papers/:id/citation': { paper: 'published', call: () => ({ query: { format: 'bibtex' } }) },
  'GET /api/papers/:id/versions': { paper: 'published' },
  'POST /api/papers/:id/versions': { paper: 'published', call: () => ({ pdf: pdfBytes(3000, '2') }) },
  'POST /api/papers/:id/versions/:version/approve': { paper: 'published, version 2 pending', call: () => ({ params: { version: '2' } }) },
  'GET /api/papers/:id/versions/:version/pdf': { paper: 'submitted, assigned to reviewer', call: () => ({ params: { version: '1' } }) },
  'GET /api/papers/:id/comments': { paper: 'published' },
  'POST /api/papers/:id/comments': { paper: 'published', call: () => ({ body: { comment: 'Could you say more about the method?' } }) },
  'PATCH /api/papers/:id/comments/:commentId': {
    paper: 'published',
    setup: async (world) => {
      const author = world.people.get('author')!;
      const posted = await api(world)
        .post(`/api/papers/${world.paperId}/comments`)
        .set('Authorization', `Bearer ${author.token}`)
        .send({ comment: 'A first draft of my question.' })
        .expect(201);
      return { params: { commentId: (posted.body as { comment: { id: string } }).comment.id } };
    },
    call: () => ({ body: { comment: 'The question, edited.' } }),
  },
  'PATCH /api/papers/:id/status': { paper: 'submitted', call: () => ({ body: { status: 'under_review' } }) },
  'POST /api/papers/:id/decision-letter/preview': { paper: 'submitted', call: () => ({ body: { decision: 'accepted', editorNote: 'A careful study.' } }) },
  'GET /api/papers/:id/crossref-deposit': { paper: 'published' },
  'GET /api/papers/:id/status-history': { paper: 'submitted, assigned to reviewer' },
  'GET /api/papers/:id/review': { paper: 'submitted, assigned to reviewer' },
  'GET /papers/:id': { paper: 'submitted' },

  'POST /api/payments/verify': {
    call: async (persona, world) => {
      const person = world.people.get(persona);
      return { body: { sessionId: person ? await checkoutSessionOf(world, person) : 'cs_test_no_session_of_a_visitor' } };
    },
  },
  'POST /api/payments/webhook': {
    provider: 'stripe',
    call: () => {
      const payload = JSON.stringify({
        id: `evt_${randomUUID()}`,
        object: 'event',
        type: 'checkout.session.expired',
        created: Math.floor(Date.now() / 1000),
        data: { object: { object: 'checkout.session', id: `cs_test_${randomUUID()}`, payment_status: 'unpaid', status: 'expired' } },
      });
      return {
        raw: payload,
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }) },
      };
    },
  },
  'GET /api/payments/test-checkout/:sessionId': { setup: authorCheckoutSession },
  'POST /api/payments/test-checkout/:sessionId/complete': { runsLast: true, setup: authorCheckoutSession },
  'POST /api/payments/test-checkout/:sessionId/cancel': { setup: authorCheckoutSession },

  'POST /api/admin/invitations': { call: () => ({ body: { email: uniqueEmail('invitee') } }) },
  'POST /api/admin/invitations/remove': { call: () => ({ body: { email: uniqueEmail('invitee') } }) },
  'POST /api/invitations/verify': {
    call: async (_persona, world) => ({ body: { token: (await inviteReviewer(world.testApp, world.people.get('admin')!.token, uniqueEmail('invitee'))).token } }),
  },
  'POST /api/invitations/accept': {
    // Every persona becomes a reviewer: walked after the rows that tell roles apart.
    runsLast: true,
    call: async (persona, world) => {
      const person = world.people.get(persona);
      const { token } = await inviteReviewer(world.testApp, world.people.get('admin')!.token, person?.email ?? uniqueEmail('invitee'));
      return { body: person ? { token } : { token, firstName: 'Rosalind', lastName: 'Franklin', password: 'helix-1953' } };
    },
  },

  'POST /api/admin/reviews': {
    paper: 'submitted',
    setup: async (world) => ({ body: { paperId: world.paperId, reviewerId: (await assignableReviewer(world)).id } }),
  },
  'PATCH /api/admin/reviews/:id': {
    paper: 'submitted, assigned to reviewer',
    setup: async (world) => ({ ...(await onReview(world)), body: { dueAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString() } }),
  },
  'DELETE /api/admin/reviews/:id': { paper: 'submitted, assigned to reviewer', setup: onReview },
  'POST /api/admin/reviews/:id/reminders': { paper: 'submitted, assigned to reviewer', setup: onReview },
  'GET /api/reviews/:id': { paper: 'submitted, assigned to reviewer', setup: onReview },
  'PUT /api/reviews/:id/draft': {
    paper: 'submitted, assigned to reviewer',
    setup: async (world) => ({ ...(await onReview(world)), body: { text: 'First thoughts on the method.', recommendation: null } }),
  },
  'POST /api/reviews/:id/submit': {
    paper: 'submitted, assigned to reviewer',
    setup: async (world) => ({ ...(await onReview(world)), body: { text: 'A careful study, clearly written.', recommendation: 'accept', criteria: await rubricScores(world.testApp) } }),
  },
  'GET /api/rubric': {},
  // The rubric as it is, sent back: a valid list that changes nothing the other rows rely on.
  'PUT /api/admin/rubric': {
    setup: async (world) => ({ body: { criteria: await sql<{ name: string; hint: string }>(world.testApp.app, 'select name, hint from review_criteria order by position, id') } }),
  },
  'POST /api/reviews/:id/decline': {
    paper: 'submitted, assigned to reviewer',
    setup: async (world) => ({ ...(await onReview(world)), body: { declineReason: 'I supervised one of the authors last year.' } }),
  },
  // Only a submitted review has a certificate: the reviewer persona submits it first.
  'GET /api/reviews/:id/certificate': { paper: 'submitted, assigned to reviewer', setup: onSubmittedReview },
  'GET /api/papers/:id/rounds': { paper: 'submitted, assigned to reviewer' },
  'GET /api/papers/:id/rounds/:round/pdf': { paper: 'submitted, assigned to reviewer', call: () => ({ params: { round: '1' } }) },
  // Revisions follow a submitted review; the author answers an open request.
  'POST /api/papers/:id/revision-requests': {
    paper: 'submitted, assigned to reviewer',
    setup: async (world) => {
      await onSubmittedReview(world);
      return { body: { kind: 'minor', editorNote: 'Please shorten the abstract.', shareText: true, shareCriteria: true } };
    },
  },
  'POST /api/papers/:id/revisions': {
    paper: 'submitted, assigned to reviewer',
    setup: async (world) => {
      await onSubmittedReview(world);
      await api(world)
        .post(`/api/papers/${world.paperId}/revision-requests`)
        .set('Authorization', `Bearer ${world.people.get('admin')!.token}`)
        .send({ kind: 'minor', shareText: true, shareCriteria: false })
        .expect(201);
      return { form: { responseLetter: 'We shortened the abstract.' }, pdf: pdfBytes(3000, 'r') };
    },
  },

  'POST /api/admin/messages': { setup: async (world) => ({ form: { recipientId: (await assignableReviewer(world)).id, ...messageForm('About your review') } }) },
  'POST /api/messages': { call: () => ({ form: messageForm('A question for the editors') }) },
  'GET /api/messages/:id': { setup: async (world) => ({ params: { id: (await onMessage(world)).id } }) },
  'POST /api/messages/:id/replies': { setup: async (world) => ({ params: { id: (await onMessage(world)).id }, form: { body: 'Yes, I will look again.' } }) },
  'GET /api/messages/:id/attachments/:attachmentId': {
    setup: async (world) => {
      const { id, attachmentId } = await onMessage(world);
      return { params: { id, attachmentId } };
    },
  },

  // Bull Board, on this suite's own queue prefix: what the admin does here touches no other suite's jobs.
  'GET /admin/queues/queue/:queueName/:jobId': { setup: onDelayedJob },
  'GET /admin/queues/api/queues/:queueName/:jobId/logs': { setup: onDelayedJob },
  'GET /admin/queues/api/queues/:queueName/:jobId/flow': { setup: onDelayedJob },
  'GET /admin/queues/api/queues/:queueName/:jobId': { setup: onDelayedJob },
  'POST /admin/queues/api/queues/:queueName/add': { call: () => ({ body: { name: 'permission-probe', data: { probe: true }, options: { delay: 3_600_000 } } }) },
  'PUT /admin/queues/api/queues/:queueName/retry/:queueStatus': { call: () => ({ params: { queueStatus: 'failed' } }) },
  'PUT /admin/queues/api/queues/:queueName/clean/:queueStatus': { call: () => ({ params: { queueStatus: 'completed' } }) },
  'PUT /admin/queues/api/queues/:queueName/concurrency': { call: () => ({ body: { concurrency: 4 } }) },
  'PUT /admin/queues/api/queues/:queueName/rate-limit': { call: () => ({ body: { max: 10, duration: 1000 } }) },
  'PUT /admin/queues/api/queues/:queueName/obliterate': {
    // The board obliterates only a paused queue.
    setup: async (world) => {
      await world.queue.pause();
      return { body: {} };
    },
  },
  'PUT /admin/queues/api/queues/:queueName/job-schedulers/:schedulerId/remove': { setup: async (world) => ({ params: { schedulerId: await jobScheduler(world) } }) },
  'PATCH /admin/queues/api/queues/:queueName/job-schedulers/:schedulerId': {
    setup: async (world) => ({ params: { schedulerId: await jobScheduler(world) } }),
    call: () => ({ body: { every: 7_200_000 } }),
  },
  'PUT /admin/queues/api/queues/:queueName/job-schedulers/:schedulerId/run': { setup: async (world) => ({ params: { schedulerId: await jobScheduler(world) } }) },
  'PUT /admin/queues/api/queues/:queueName/:jobId/retry': { setup: async (world) => ({ params: { jobId: (await failedJob(world)).id! } }) },
  'PUT /admin/queues/api/queues/:queueName/:jobId/clean': { setup: onDelayedJob },
  'PUT /admin/queues/api/queues/:queueName/:jobId/promote': { setup: onDelayedJob },
  'PATCH /admin/queues/api/queues/:queueName/:jobId/update-data': { setup: onDelayedJob, call: () => ({ body: { jobData: { probe: 'edited' } } }) },
  'PATCH /admin/queues/api/queues/:queueName/:jobId/delay': { setup: onDelayedJob, call: () => ({ body: { runAt: Date.now() + 7_200_000 } }) },
  'PATCH /admin/queues/api/queues/:queueName/:jobId/priority': { setup: onDelayedJob, call: () => ({ body: { priority: 5 } }) },
  'PUT /admin/queues/api/queues/:queueName/:jobId/remove-unprocessed-children': { setup: async (world) => ({ params: { jobId: (await parentJob(world)).id! } }) },
  'GET /admin/queues/static/*': { call: () => ({ params: { '*': 'favicon.ico' } }) },
};

/** Path parameters every row of their kind shares. */
const COMMON_PARAMETERS: Record<string, string> = { queueName: MAIL_QUEUE };

/**
 * The API documentation (public): Swagger UI registers its asset routes as a plugin, and whether
 * the route table sees them depends on plugin order, so they are matched by prefix, not listed.
 */
const isApiDocs = (route: AppRoute) => route.method === 'GET' && route.url.startsWith('/api/docs');

/** What is not listed as a paper state in the table. */
const NO_PAPER = '—';

describe('the permission table (docs/permissions.md)', () => {
  const rows = readPermissionTable(readFileSync(TABLE_FILE, 'utf8'));
  // The suite's own queue prefix: the admin's rows empty, pause and obliterate the board's queue.
  const redisPrefix = `${process.env.REDIS_PREFIX}-permission-table`;
  const stripe = new StripeStub();
  // A built web app of its own, so that the pages answer the same whether or not the real one is built.
  const webDistDir = mkdtempSync(join(tmpdir(), 'permission-table-web-'));
  writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><html><head><title>Journal</title></head><body><div id="root"></div></body></html>');
  let routes: AppRoute[] = [];
  let testApp: TestApp;
  let stripeApp: TestApp | undefined;
  let queue: Queue;
  const people = new Map<Persona, Person>();

  async function signInEveryone(): Promise<void> {
    for (const [persona, person] of people) people.set(persona, { ...person, token: (await signIn(testApp, person.email, person.password)).accessToken });
  }

  beforeAll(async () => {
    testApp = await startTestApp({
      // A Crossref prefix, so that the editors' deposit download answers 200 rather than 409.
      env: { REDIS_PREFIX: redisPrefix, WEB_DIST_DIR: webDistDir, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, PAYMENTS_PROVIDER: undefined, CROSSREF_DOI_PREFIX: '10.12345' },
      beforeInit: (app: NestFastifyApplication) => {
        routes = recordRoutes(app);
      },
    });
    queue = testApp.app.get<Queue>(getQueueToken(MAIL_QUEUE));
    if (rows.some((row) => FIXTURES[routeKey(row)]?.provider === 'stripe')) {
      await stripe.start();
      stripeApp = await startTestApp({
        env: { REDIS_PREFIX: redisPrefix, WEB_DIST_DIR: webDistDir, STRIPE_SECRET_KEY: 'sk_test_permission_table', STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: stripe.url, PAYMENTS_PROVIDER: undefined },
      });
    }
    const roles: Record<Persona, 'reviewer' | 'admin' | undefined> = {
      visitor: undefined,
      author: undefined,
      'other author': undefined,
      reviewer: 'reviewer',
      'other reviewer': 'reviewer',
      admin: 'admin',
    };
    for (const persona of PERSONAS) {
      if (persona === 'visitor') continue;
      const account = await createAccount(testApp, { role: roles[persona] });
      people.set(persona, { ...account, token: '' });
    }
    await signInEveryone();
    for (const app of [testApp, stripeApp]) if (app) recordPermissionsAsked(app);
  }, 60_000);

  afterAll(async () => {
    await queue?.obliterate({ force: true }).catch(() => undefined);
    // The run's teardown clears only keys under the run's own prefix.
    const redis = testApp.app.get<Redis>(REDIS_CLIENT);
    const keys = await redis.keys(`${redisPrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await stripeApp?.close();
    await stripe.stop();
    await testApp.close();
    rmSync(webDistDir, { recursive: true, force: true });
  });

  it('has one row for every route the application registers, and names no other', () => {
    expect(routes.length).toBeGreaterThan(30);
    const registered = routes.filter((route) => !isApiDocs(route)).map((route) => routeKey(route));
    const listed = rows.map((row) => routeKey(row));
    const missing = registered.filter((key) => !listed.includes(key)).map((key) => `no row for ${key}`);
    const unknown = listed.filter((key) => !registered.includes(key)).map((key) => `no route for the row ${key}`);
    const repeated = listed.filter((key, index) => listed.indexOf(key) !== index).map((key) => `two rows for ${key}`);
    expect([...missing, ...unknown, ...repeated]).toEqual([]);
  });

  it('gives every persona an exact status, and the paper each row is about', () => {
    const problems: string[] = [];
    for (const row of rows) {
      const key = routeKey(row);
      for (const persona of PERSONAS) if (!/^[1-5]\d\d$/.test(row[persona] ?? '')) problems.push(`${key}: '${row[persona]}' for ${persona}`);
      const paper = FIXTURES[key]?.paper ?? NO_PAPER;
      if (row.paper !== paper) problems.push(`${key}: the paper is '${row.paper}' in the table and '${paper}' in the test`);
    }
    for (const key of Object.keys(FIXTURES)) if (!rows.some((row) => routeKey(row) === key)) problems.push(`a fixture for ${key}, which has no row`);
    expect(problems).toEqual([]);
  });

  async function paperFor(state: PaperState): Promise<string> {
    const author = people.get('author')!;
    const admin = people.get('admin')!;
    await givePaidFee(testApp, author.id);
    let submit = request(testApp.server).post('/api/papers').set('Authorization', `Bearer ${author.token}`);
    for (const [name, value] of Object.entries(submissionFields())) submit = submit.field(name, value);
    const paperId = ((await submit.attach('pdf', pdfBytes(), { filename: 'paper.pdf', contentType: 'application/pdf' }).expect(201)).body as { id: string }).id;
    if (state === 'submitted') return paperId;
    if (state === 'submitted, assigned to reviewer') {
      const reviewer = await assignableReviewer({ testApp, people, paperId, queue });
      await request(testApp.server).post('/api/admin/reviews').set('Authorization', `Bearer ${admin.token}`).send({ paperId, reviewerId: reviewer.id }).expect(201);
      return paperId;
    }
    await request(testApp.server).patch(`/api/papers/${paperId}/status`).set('Authorization', `Bearer ${admin.token}`).send({ status: 'published' }).expect(200);
    if (state === 'published') return paperId;
    await request(testApp.server)
      .post(`/api/papers/${paperId}/versions`)
      .set('Authorization', `Bearer ${author.token}`)
      .attach('pdf', pdfBytes(4000, '2'), { filename: 'updated.pdf', contentType: 'application/pdf' })
      .expect(201);
    return paperId;
  }

  function send(app: TestApp, method: string, url: string, call: Call, person: Person | undefined): request.Test {
    let test = request(app.server)[method.toLowerCase() as 'get'](url);
    if (call.cookies) test = test.set('Cookie', call.cookies);
    else if (person) test = test.set('Authorization', `Bearer ${person.token}`);
    for (const [name, value] of Object.entries(call.headers ?? {})) test = test.set(name, value);
    if (call.query) test = test.query(call.query);
    if (call.form || call.pdf) {
      for (const [name, value] of Object.entries(call.form ?? {})) test = test.field(name, value);
      if (call.pdf) test = test.attach('pdf', call.pdf, { filename: 'paper.pdf', contentType: 'application/pdf' });
    } else if (call.raw !== undefined) {
      test = test.send(call.raw);
    } else if (call.body) {
      test = test.send(call.body);
    }
    return test;
  }

  const walked = [...rows].sort((a, b) => Number(!!FIXTURES[routeKey(a)]?.runsLast) - Number(!!FIXTURES[routeKey(b)]?.runsLast));

  it.each(walked.map((row) => [routeKey(row), row] as const))('%s answers each persona as the table says', async (key, row) => {
    const fixture = FIXTURES[key] ?? {};
    const app = fixture.provider === 'stripe' ? stripeApp! : testApp;
    await clearRateLimits(app);
    const paperId = fixture.paper ? await paperFor(fixture.paper) : '';
    const world: World = { testApp: app, people, paperId, queue };
    const shared = (await fixture.setup?.(world)) ?? {};
    // Each persona's own fixture (an invitation to accept, say) is made first: what it asks the
    // policy for is not the route's permission.
    const owns = await Promise.all(PERSONAS.map(async (persona) => [persona, (await fixture.call?.(persona, world)) ?? {}] as const));
    asked.clear();
    // The personas' requests do not interfere (only one persona's request, if any, changes anything), so they go together.
    const answers = await Promise.all(
      owns.map(async ([persona, own]) => {
        const call: Call = { ...shared, ...own, params: { ...COMMON_PARAMETERS, ...shared.params, ...own.params } };
        const valueOf = (name: string) => {
          const value = name === 'id' ? (call.params?.id ?? paperId) : call.params?.[name];
          if (!value) throw new Error(`The fixture of ${key} gives no value for the path parameter ${name}`);
          return encodeURIComponent(value);
        };
        const response = await send(app, row.method, concreteUrl(row.path, valueOf), call, people.get(persona));
        return [persona, String(response.status)] as const;
      }),
    );
    await accountMailsSettled(app.app);
    if (fixture.endsSessions) await signInEveryone();
    expect(Object.fromEntries(answers)).toEqual(Object.fromEntries(PERSONAS.map((persona) => [persona, row[persona]])));
    expect([...asked].sort().join(', ') || '—').toBe(row.permission);
  });

  // An admin route refuses a non-admin before it checks or looks up the id: the same 401/403
  // whatever the id, so it tells a stranger nothing about what exists.
  const adminRowsWithParameters = rows.filter((row) => /^\/(api\/)?admin\//.test(row.path) && /[:*]/.test(row.path));
  const strangeIds = { 'a random UUID': randomUUID(), 'a malformed id': 'not-a-uuid' };
  const strangers = [
    ['visitor', '401'],
    ['author', '403'],
    ['reviewer', '403'],
  ] as const;

  it('has admin rows with ids to try', () => {
    expect(adminRowsWithParameters.map((row) => routeKey(row))).toEqual(expect.arrayContaining(['PATCH /api/admin/reviews/:id', 'POST /api/admin/reviews/:id/reminders']));
  });

  it.each(adminRowsWithParameters.map((row) => [routeKey(row), row] as const))('%s refuses non-admins whatever the id (random, malformed)', async (_key, row) => {
    await clearRateLimits(testApp);
    const cases = Object.entries(strangeIds).flatMap(([label, id]) => strangers.map(([persona, status]) => ({ label, id, persona, status })));
    const answers = await Promise.all(
      cases.map(async ({ label, id, persona }) => {
        const response = await send(testApp, row.method, concreteUrl(row.path, () => encodeURIComponent(id)), {}, people.get(persona));
        return `${persona}, ${label}: ${response.status}`;
      }),
    );
    expect(answers).toEqual(cases.map(({ label, persona, status }) => `${persona}, ${label}: ${status}`));
  });
});
