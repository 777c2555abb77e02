import { z } from 'zod';
import { DOI_PREFIX_PATTERN } from './crossref.js';
import { isValidIssn } from './issn.js';
import { DEFAULT_LICENSE, LICENSE_IDS } from './licenses.js';
import { DEFAULT_DATE_STYLE, isKnownTimeZone, isSupportedLocale } from '../common/web-shared/journal-dates.js';

/** Signs access tokens in the test runner only (NODE_ENV=test); `npm start` makes a secret of its own per install. */
const TEST_JWT_SECRET = 'test-runner-only-jwt-secret-never-use-elsewhere';

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * Every variable the API and the worker read. Each has a development default, except the
 * secrets, which must be given when NODE_ENV=production (checked in `superRefine`).
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .default('postgres://postgres@127.0.0.1:5432/journal'),
    /** Where public read-only queries go (a replica); the primary when unset. */
    DATABASE_READ_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .default('redis://127.0.0.1:6379'),
    REDIS_PREFIX: z
      .string()
      .regex(/^[a-zA-Z0-9_-]+$/, 'letters, digits, - and _ only')
      .default('journal'),
    /**
     * How long the API waits for Redis to answer one command (rate limits, health, ORCID and
     * payment states, queueing e-mails) before answering 503; a Redis that is frozen rather than
     * down would otherwise hold every such request open. The worker's blocking reads are exempt.
     */
    REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    EMAIL_CONFIRMATION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 14).default(24),
    PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(60),
    INVITATION_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(14),
    /** Days a reviewer has for a review unless the editor sets its due date (issue 18). */
    REVIEW_DUE_DAYS: z.coerce.number().int().min(1).max(365).default(21),
    /** Reviewers an editor may assign in one round (issue 27); 1 keeps the spec's one reviewer per paper. */
    REVIEWERS_PER_ROUND: z.coerce.number().int().min(1).max(5).default(1),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .default('smtp://127.0.0.1:1025'),
    MAIL_FROM: z.string().min(3).default('Young Scientists Journal <editor@youngscientistsjournal.org>'),
    /** How often each worker's outbox relay looks for e-mails that should have gone out by now. */
    MAIL_RELAY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
    /** An e-mail still unsent this long after it was due (its job lost, e.g. Redis emptied) is dispatched again. */
    MAIL_STALE_AFTER_SECONDS: z.coerce.number().int().min(1).max(24 * 3600).default(60),
    /**
     * E-mail jobs one worker process runs at once. Each spends most of its time waiting on SMTP
     * or the database, so this sits well above SMTP_POOL_MAX_CONNECTIONS to keep every
     * connection busy.
     */
    MAIL_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(50),
    /**
     * E-mails of one template committed together go in jobs of at most this many, so BullMQ's
     * work per job is shared by the batch; 1 gives every e-mail a job of its own.
     */
    MAIL_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
    /** Open SMTP connections per worker process, reused from message to message. */
    SMTP_POOL_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(200).default(10),
    /** Messages sent over one SMTP connection before it is replaced (some servers limit it). */
    SMTP_POOL_MAX_MESSAGES: z.coerce.number().int().min(1).max(100_000).default(100),
    JOURNAL_NAME: z.string().min(1).default('Young Scientists Journal'),
    /** The sender name of the editors' messages in e-mails (spec: the journal's short name). */
    JOURNAL_SHORT_NAME: z.string().min(1).max(50).default('YSJ'),
    /** Where people are sent when the journal cannot help them itself (no editor to message). */
    JOURNAL_CONTACT_EMAIL: z.email().default('editor@youngscientistsjournal.org'),
    /** The journal's ISSN, `NNNN-NNNC` (citation_issn, the footer); none (empty) until one is assigned. */
    JOURNAL_ISSN: z
      .string()
      .trim()
      .refine((value) => value === '' || isValidIssn(value), 'must be an ISSN, NNNN-NNNC with a valid check digit (e.g. 2049-3630), or empty')
      .default(''),
    /** The locale every date is written in, on screens, in e-mails, messages and certificates (a BCP 47 tag: en-US, en-GB, de). */
    JOURNAL_LOCALE: z
      .string()
      .trim()
      .refine(isSupportedLocale, 'must be a locale this server can write dates in, a BCP 47 tag such as en-US or en-GB')
      .default(DEFAULT_DATE_STYLE.locale),
    /** The time zone dates are written in, named beside every time shown (an IANA name: UTC, Europe/London). */
    JOURNAL_TIME_ZONE: z
      .string()
      .trim()
      .refine(isKnownTimeZone, 'must be an IANA time zone such as UTC or Europe/London')
      .default(DEFAULT_DATE_STYLE.timeZone),
    /** The licence new papers are published under, by SPDX id (config/licenses.ts); a published paper keeps its own. */
    JOURNAL_LICENSE: z.enum(LICENSE_IDS).default(DEFAULT_LICENSE),
    /**
     * The journal's Crossref DOI prefix (`10.NNNN`); empty for none. With one, every published
     * paper gets a DOI under it and the editors can download its Crossref deposit XML.
     */
    CROSSREF_DOI_PREFIX: z
      .string()
      .trim()
      .refine((value) => value === '' || DOI_PREFIX_PATTERN.test(value), 'must be a DOI prefix, 10. and four to nine digits (e.g. 10.12345), or empty')
      .default(''),
    /** Who Crossref writes to about a deposit (its <depositor>); the journal's name and contact e-mail by default. */
    CROSSREF_DEPOSITOR_NAME: z.string().trim().min(1).max(130).optional(),
    CROSSREF_DEPOSITOR_EMAIL: z.email().optional(),
    WEB_DIST_DIR: z.string().optional(),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    STORAGE_DIR: z.string().min(1).default('.data/storage'),
    S3_BUCKET: z.string().min(3).optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanString.default(false),
    STORAGE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    /**
     * Hours a stored object no row names (or an upload's partial file) is kept before the orphan
     * sweep removes it: an upload in flight has no row yet, and a slow one's file is still growing.
     */
    STORAGE_ORPHAN_GRACE_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(24),
    /** The largest paper PDF accepted (spec: 10 MB). The S3 driver holds a file in memory while it sends it, hence the ceiling. */
    UPLOAD_MAX_PDF_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(10 * 1024 * 1024),
    UPLOAD_MAX_IMAGE_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(5 * 1024 * 1024),
    /** Images attached to one message. */
    UPLOAD_MAX_IMAGES: z.coerce.number().int().min(1).max(50).default(5),
    PAYMENTS_PROVIDER: z.enum(['stripe', 'test']).optional(),
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_…, sk_live_…)').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)').optional(),
    /** Only for tests: the Stripe SDK talks to a local stub of the Checkout endpoints. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    /**
     * ORCID's OAuth server: https://orcid.org, https://sandbox.orcid.org, or the local stand-in
     * (scripts/lib/orcid-stand-in.mjs). ORCID is on when all three are given and off when none is.
     */
    ORCID_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    ORCID_CLIENT_ID: z.string().trim().min(1).max(100).optional(),
    ORCID_CLIENT_SECRET: z.string().min(1).max(200).optional(),
    /** How long a started ORCID sign-in or link may take to come back (the state's life in Redis). */
    ORCID_STATE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
    ARXIV_DETAIL_PAGE_ID: z.string().default(''),
    /** Memory for each API process's cache of public list pages (papers/paper-list-cache.service.ts); 0 turns it off. */
    PAPERS_LIST_CACHE_MB: z.coerce.number().min(0).max(1024).default(16),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: booleanString.default(false),
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
    RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(100),
    RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_REFRESH_PER_SESSION_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_REFRESH_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
    RATE_LIMIT_EMAIL_LINKS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_MAILS_PER_INBOX_PER_HOUR: z.coerce.number().int().min(1).default(5),
    /** Per signed-in user: messages and replies, both sides of the conversation. */
    RATE_LIMIT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_COMMENTS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_COMMENTS_PER_HOUR: z.coerce.number().int().min(1).default(120),
    /** Per signed-in user: PDFs uploaded (submissions, new versions, revisions). */
    RATE_LIMIT_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(20),
    /** What one user's message images may take in storage altogether. */
    ATTACHMENT_QUOTA_MB_PER_USER: z.coerce.number().int().min(1).max(1024 * 1024).default(100),
    /** 0: every message to the editors is e-mailed at once. */
    MESSAGE_EMAIL_WINDOW_MINUTES: z.coerce.number().int().min(0).max(24 * 60).default(5),
  })
  .superRefine((env, ctx) => {
    const paymentsProvider = env.PAYMENTS_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'test');
    if (paymentsProvider === 'stripe') {
      if (!env.STRIPE_SECRET_KEY) ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'is required when PAYMENTS_PROVIDER=stripe' });
      if (!env.STRIPE_WEBHOOK_SECRET) ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required with a Stripe secret key' });
    }
    if (env.STORAGE_DRIVER === 's3') {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when STORAGE_DRIVER=s3' });
      }
    }
    // Half an ORCID configuration is a typo, not a choice: it would hide the buttons (or break them) silently.
    const orcidKeys = ['ORCID_BASE_URL', 'ORCID_CLIENT_ID', 'ORCID_CLIENT_SECRET'] as const;
    if (orcidKeys.some((key) => env[key] !== undefined)) {
      for (const key of orcidKeys) {
        if (env[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'is required with the other ORCID_* settings (give all three to turn ORCID on, or none to turn it off)' });
      }
    }
    // The test runner's secret is in the public source: anyone could sign tokens with it.
    if (env.JWT_SECRET === TEST_JWT_SECRET && env.NODE_ENV !== 'test') {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is the test runner\'s public secret; use a random one of your own' });
    }
    if (env.NODE_ENV === 'production') {
      if (!env.JWT_SECRET) {
        ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required in production' });
      }
      if ((env.PAYMENTS_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : undefined)) === undefined) {
        ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'is required in production (or set PAYMENTS_PROVIDER=test for a demo without real payments)' });
      }
      if (!env.PUBLIC_URL) {
        ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' });
      }
      // The client secret and the authorization codes travel to this address.
      if (env.ORCID_BASE_URL && !env.ORCID_BASE_URL.startsWith('https://')) {
        ctx.addIssue({ code: 'custom', path: ['ORCID_BASE_URL'], message: 'must be an https:// URL in production (https://orcid.org or https://sandbox.orcid.org)' });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

export { TEST_JWT_SECRET };
