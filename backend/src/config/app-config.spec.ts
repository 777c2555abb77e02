import { TEST_JWT_SECRET } from './env.schema.js';
import { InvalidConfigError, loadConfig } from './app-config.js';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof InvalidConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('gives every variable a development default', () => {
    const config = loadConfig({});
    expect(config.http).toMatchObject({ port: 3000, publicUrl: 'http://localhost:3000', publicOrigin: 'http://localhost:3000' });
    expect(config.database.url).toBe('postgres://postgres@127.0.0.1:5432/journal');
    expect(config.redis).toEqual({ url: 'redis://127.0.0.1:6379', prefix: 'journal', commandTimeoutMs: 2000 });
    expect(config.auth.secureCookies).toBe(false);
  });

  it('gives a review 21 days unless REVIEW_DUE_DAYS says otherwise, within 1 to 365', () => {
    expect(loadConfig({}).review.dueDays).toBe(21);
    expect(loadConfig({ REVIEW_DUE_DAYS: '30' }).review.dueDays).toBe(30);
    for (const REVIEW_DUE_DAYS of ['0', '366', '2.5', 'soon']) {
      expect(problemsOf({ REVIEW_DUE_DAYS }).join('\n')).toMatch(/^REVIEW_DUE_DAYS: /);
    }
  });

  it('lets a round have one reviewer unless REVIEWERS_PER_ROUND says otherwise, within 1 to 5', () => {
    expect(loadConfig({}).review.reviewersPerRound).toBe(1);
    expect(loadConfig({ REVIEWERS_PER_ROUND: '3' }).review.reviewersPerRound).toBe(3);
    for (const REVIEWERS_PER_ROUND of ['0', '6', '1.5', 'two']) {
      expect(problemsOf({ REVIEWERS_PER_ROUND }).join('\n')).toMatch(/^REVIEWERS_PER_ROUND: /);
    }
  });

  it('keeps the committed signing secret for the test runner alone', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).auth.jwtSecret).toBe(TEST_JWT_SECRET);
    const first = loadConfig({ NODE_ENV: 'development' }).auth.jwtSecret;
    const second = loadConfig({ NODE_ENV: 'development' }).auth.jwtSecret;
    expect(first).not.toBe(TEST_JWT_SECRET);
    expect(first).not.toBe(second);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ NODE_ENV: 'development', JWT_SECRET: 'y'.repeat(40) }).auth.jwtSecret).toBe('y'.repeat(40));
  });

  it('refuses the committed secret outside the test runner, even when set by hand', () => {
    for (const NODE_ENV of ['development', 'production']) {
      const problems = problemsOf({ NODE_ENV, JWT_SECRET: TEST_JWT_SECRET, PUBLIC_URL: 'https://journal.example.org/', PAYMENTS_PROVIDER: 'test' });
      expect(problems.join('\n')).toMatch(/JWT_SECRET: is the test runner's public secret/);
    }
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET }).auth.jwtSecret).toBe(TEST_JWT_SECRET);
  });

  it('takes JOURNAL_ISSN only with a valid check digit, and none by default', () => {
    expect(loadConfig({}).journal.issn).toBeNull();
    expect(loadConfig({ JOURNAL_ISSN: '' }).journal.issn).toBeNull();
    expect(loadConfig({ JOURNAL_ISSN: '2049-3630' }).journal.issn).toBe('2049-3630');
    for (const JOURNAL_ISSN of ['3065-0000', '20493630', '2049-363']) {
      expect(problemsOf({ JOURNAL_ISSN }).join('\n')).toMatch(/JOURNAL_ISSN: must be an ISSN, NNNN-NNNC with a valid check digit/);
    }
  });

  it('writes dates in en-US and UTC unless JOURNAL_LOCALE and JOURNAL_TIME_ZONE name a locale and time zone it knows', () => {
    expect(loadConfig({}).journal.dateStyle).toEqual({ locale: 'en-US', timeZone: 'UTC' });
    expect(loadConfig({ JOURNAL_LOCALE: 'en-GB', JOURNAL_TIME_ZONE: 'Europe/London' }).journal.dateStyle).toEqual({ locale: 'en-GB', timeZone: 'Europe/London' });
    expect(problemsOf({ JOURNAL_LOCALE: 'not a locale' }).join('\n')).toMatch(/JOURNAL_LOCALE: must be a locale/);
    expect(problemsOf({ JOURNAL_TIME_ZONE: 'Mars/Olympus' }).join('\n')).toMatch(/JOURNAL_TIME_ZONE: must be an IANA time zone/);
  });

  it('publishes under CC BY 4.0 unless JOURNAL_LICENSE names another licence it knows', () => {
    expect(loadConfig({}).journal.license).toBe('CC-BY-4.0');
    expect(loadConfig({ JOURNAL_LICENSE: 'CC0-1.0' }).journal.license).toBe('CC0-1.0');
    expect(problemsOf({ JOURNAL_LICENSE: 'MIT' }).join('\n')).toMatch(/JOURNAL_LICENSE/);
  });

  it('gives DOIs only with a Crossref prefix, the depositor the journal unless named', () => {
    expect(loadConfig({}).crossref).toBeNull();
    expect(loadConfig({ CROSSREF_DOI_PREFIX: '10.12345', JOURNAL_NAME: 'J', JOURNAL_CONTACT_EMAIL: 'e@example.org' }).crossref).toEqual({
      doiPrefix: '10.12345',
      depositorName: 'J',
      depositorEmail: 'e@example.org',
    });
    expect(loadConfig({ CROSSREF_DOI_PREFIX: '10.12345', CROSSREF_DEPOSITOR_NAME: 'Ops', CROSSREF_DEPOSITOR_EMAIL: 'ops@example.org' }).crossref).toMatchObject({
      depositorName: 'Ops',
      depositorEmail: 'ops@example.org',
    });
    for (const CROSSREF_DOI_PREFIX of ['10.123', '11.12345', '10.12345/', 'doi:10.12345']) {
      expect(problemsOf({ CROSSREF_DOI_PREFIX }).join('\n')).toMatch(/CROSSREF_DOI_PREFIX: must be a DOI prefix/);
    }
  });

  it('lists every bad variable at once, not just the first', () => {
    const problems = problemsOf({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'nope', JWT_SECRET: 'short' });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(problems.join('\n')).toMatch(/REDIS_URL: must be a redis:\/\/ URL/);
    expect(problems.join('\n')).toMatch(/JWT_SECRET: must be at least 32 characters/);
  });

  it('has no secret defaults in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'JWT_SECRET: is required in production',
      'STRIPE_SECRET_KEY: is required in production (or set PAYMENTS_PROVIDER=test for a demo without real payments)',
      'PUBLIC_URL: is required in production',
    ]);
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://journal.example.org/', PAYMENTS_PROVIDER: 'test' });
    expect(config.auth.jwtSecret).toBe('x'.repeat(40));
    expect(config.http.publicUrl).toBe('https://journal.example.org');
    expect(config.auth.secureCookies).toBe(true);
  });

  it('uses the test payment provider without a Stripe key, and Stripe with one', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'test' });
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual(['STRIPE_WEBHOOK_SECRET: is required with a Stripe secret key']);
    expect(problemsOf({ PAYMENTS_PROVIDER: 'stripe' })).toContain('STRIPE_SECRET_KEY: is required when PAYMENTS_PROVIDER=stripe');
    expect(problemsOf({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' })[0]).toMatch(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).payments).toEqual({
      provider: 'stripe',
      stripeSecretKey: 'sk_test_abc',
      stripeWebhookSecret: 'whsec_x',
      stripeApiUrl: null,
    });
  });

  it('stores files on local disk by default and needs a bucket and keys for S3', () => {
    expect(loadConfig({}).storage.driver).toBe('local');
    expect(problemsOf({ STORAGE_DRIVER: 's3' })).toEqual([
      'S3_BUCKET: is required when STORAGE_DRIVER=s3',
      'S3_ACCESS_KEY_ID: is required when STORAGE_DRIVER=s3',
      'S3_SECRET_ACCESS_KEY: is required when STORAGE_DRIVER=s3',
    ]);
    const storage = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'papers', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'http://127.0.0.1:4569', S3_FORCE_PATH_STYLE: 'true' }).storage;
    expect(storage).toMatchObject({ driver: 's3', bucket: 'papers', endpoint: 'http://127.0.0.1:4569', region: 'us-east-1', forcePathStyle: true });
  });

  it('turns ORCID on with all three settings and off with none, and refuses half of them', () => {
    expect(loadConfig({}).orcid).toBeNull();
    const orcid = { ORCID_BASE_URL: 'https://orcid.org/', ORCID_CLIENT_ID: 'APP-0123456789ABCDEF', ORCID_CLIENT_SECRET: 'secret' };
    expect(loadConfig(orcid).orcid).toEqual({
      baseUrl: 'https://orcid.org',
      clientId: 'APP-0123456789ABCDEF',
      clientSecret: 'secret',
      stateTtlSeconds: 600,
      testMode: false,
    });
    expect(loadConfig({ ...orcid, ORCID_BASE_URL: 'https://sandbox.orcid.org' }).orcid?.testMode).toBe(true);
    expect(loadConfig({ ...orcid, ORCID_BASE_URL: 'http://127.0.0.1:9400' }).orcid?.testMode).toBe(true);
    const halfMessage = 'is required with the other ORCID_* settings (give all three to turn ORCID on, or none to turn it off)';
    expect(problemsOf({ ORCID_CLIENT_ID: 'APP-0123456789ABCDEF' })).toEqual([`ORCID_BASE_URL: ${halfMessage}`, `ORCID_CLIENT_SECRET: ${halfMessage}`]);
    expect(problemsOf({ ORCID_BASE_URL: 'https://orcid.org' })).toEqual([`ORCID_CLIENT_ID: ${halfMessage}`, `ORCID_CLIENT_SECRET: ${halfMessage}`]);
  });

  it('sizes the mail worker and its SMTP pool from the environment, within bounds', () => {
    expect(loadConfig({}).mail).toMatchObject({ workerConcurrency: 50, pool: { maxConnections: 10, maxMessages: 100 } });
    const tuned = loadConfig({ MAIL_WORKER_CONCURRENCY: '200', SMTP_POOL_MAX_CONNECTIONS: '25', SMTP_POOL_MAX_MESSAGES: '1000' });
    expect(tuned.mail).toMatchObject({ workerConcurrency: 200, pool: { maxConnections: 25, maxMessages: 1000 } });
    const problems = problemsOf({ MAIL_WORKER_CONCURRENCY: '0', SMTP_POOL_MAX_CONNECTIONS: 'many', SMTP_POOL_MAX_MESSAGES: '1.5' });
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(['MAIL_WORKER_CONCURRENCY', 'SMTP_POOL_MAX_CONNECTIONS', 'SMTP_POOL_MAX_MESSAGES']);
  });

  it('batches e-mails a hundred to a job by default, within 1 to 1000', () => {
    expect(loadConfig({}).mail.batchSize).toBe(100);
    expect(loadConfig({ MAIL_BATCH_SIZE: '1' }).mail.batchSize).toBe(1);
    expect(problemsOf({ MAIL_BATCH_SIZE: '0' }).map((problem) => problem.split(':')[0])).toEqual(['MAIL_BATCH_SIZE']);
    expect(problemsOf({ MAIL_BATCH_SIZE: '1001' }).map((problem) => problem.split(':')[0])).toEqual(['MAIL_BATCH_SIZE']);
    expect(problemsOf({ MAIL_BATCH_SIZE: '2.5' }).map((problem) => problem.split(':')[0])).toEqual(['MAIL_BATCH_SIZE']);
  });

  it('refuses to start in production with ORCID half-configured or over plain HTTP', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://journal.example.org', PAYMENTS_PROVIDER: 'test' };
    expect(loadConfig(production).orcid).toBeNull();
    expect(problemsOf({ ...production, ORCID_CLIENT_ID: 'APP-0123456789ABCDEF', ORCID_CLIENT_SECRET: 'secret' })).toEqual([
      'ORCID_BASE_URL: is required with the other ORCID_* settings (give all three to turn ORCID on, or none to turn it off)',
    ]);
    expect(problemsOf({ ...production, ORCID_BASE_URL: 'http://127.0.0.1:9400', ORCID_CLIENT_ID: 'APP-0123456789ABCDEF', ORCID_CLIENT_SECRET: 'secret' })).toEqual([
      'ORCID_BASE_URL: must be an https:// URL in production (https://orcid.org or https://sandbox.orcid.org)',
    ]);
  });
});
