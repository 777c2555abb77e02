import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { type Env, TEST_JWT_SECRET, envSchema } from './env.schema.js';
import type { DateStyle } from '../common/web-shared/journal-dates.js';
import type { LicenseId } from './licenses.js';
import { loopbackAliases } from './loopback-origins.js';

export class InvalidConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'InvalidConfigError';
  }
}

/** Typed, nested configuration, built once at boot from the environment. */
export interface AppConfig {
  env: 'development' | 'test' | 'production';
  http: {
    host: string;
    port: number;
    publicUrl: string;
    publicOrigin: string;
    /** In development only: the public origin's other loopback names, accepted as the same journal. */
    loopbackAliases: string[];
    trustProxy: boolean;
    /** How long requests in flight may finish after SIGTERM before their connections are cut (SHUTDOWN_GRACE_SECONDS). */
    shutdownGraceMs: number;
  };
  database: { url: string; readUrl: string; poolMax: number };
  /** `commandTimeoutMs`: the longest a request waits on one Redis command (REDIS_COMMAND_TIMEOUT_MS). */
  redis: { url: string; prefix: string; commandTimeoutMs: number };
  auth: {
    jwtSecret: string;
    accessTokenTtlSeconds: number;
    refreshTokenTtlDays: number;
    emailConfirmationTtlHours: number;
    passwordResetTtlMinutes: number;
    secureCookies: boolean;
  };
  rateLimit: {
    signInPerMinute: number;
    authPerMinute: number;
    signInFailuresPerAddressPerHour: number;
    signInFailuresPerAccountPerHour: number;
    refreshPerSessionPerMinute: number;
    refreshPerAddressPerMinute: number;
    emailLinksPerMinute: number;
    mailsPerInboxPerHour: number;
    /** Per signed-in user (messages include replies; uploads are PDFs). */
    messagesPerMinute: number;
    messagesPerHour: number;
    commentsPerMinute: number;
    commentsPerHour: number;
    uploadsPerHour: number;
  };
  mail: {
    smtpUrl: string;
    from: string;
    relayIntervalMs: number;
    staleAfterMs: number;
    /** Jobs one worker process runs at once, and e-mails it has in flight at once. */
    workerConcurrency: number;
    /** E-mails of one template committed together share a job, this many at most. */
    batchSize: number;
    /** The pooled SMTP transport of each worker process. */
    pool: { maxConnections: number; maxMessages: number };
  };
  /** `shortName` signs the editors' messages; `contactEmail` is named when no editor can be reached. */
  journal: {
    name: string;
    shortName: string;
    contactEmail: string;
    /** `NNNN-NNNC` with a valid check digit (JOURNAL_ISSN); null when none is configured. */
    issn: string | null;
    /** The licence new papers are published under (JOURNAL_LICENSE). */
    license: LicenseId;
    /** How every date is written (JOURNAL_LOCALE, JOURNAL_TIME_ZONE), through `journalDates` (common/web-shared/journal-dates.ts). */
    dateStyle: DateStyle;
  };
  /** DOIs: null without a Crossref prefix (CROSSREF_DOI_PREFIX); then no paper gets one. */
  crossref: { doiPrefix: string; depositorName: string; depositorEmail: string } | null;
  invitations: {
    /** How long a reviewer invitation's link works (and the invitation stays pending). */
    ttlDays: number;
  };
  review: {
    /** Days from the assignment to its due date when the editor gives none (REVIEW_DUE_DAYS). */
    dueDays: number;
    /** Reviewers a round may have at once, declined ones apart (REVIEWERS_PER_ROUND). */
    reviewersPerRound: number;
  };
  web: { distDir: string };
  /** Where uploaded files go: a local directory (absolute path) or an S3-compatible bucket. */
  storage:
    | { driver: 'local'; dir: string; timeoutMs: number }
    | {
        driver: 's3';
        dir: string;
        /** How long one call to the store may take before it is answered 503 (STORAGE_TIMEOUT_SECONDS). */
        timeoutMs: number;
        bucket: string;
        endpoint: string | null;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
  /** The orphan sweep (storage/storage-orphan-sweep.chore.ts): what no row names goes once older than `graceMs`. */
  storageOrphans: { graceMs: number };
  /** Limits of the upload pipeline (storage/upload/upload-policy.ts), per kind of file. */
  uploads: { maxPdfBytes: number; maxImageBytes: number; maxImages: number; attachmentQuotaBytesPerUser: number };
  /** Messages to the editors from one sender within this window after an e-mail are folded into one digest e-mail; 0: none are. */
  messaging: { emailWindowMs: number };
  /** The submission fee's provider; `test` is the built-in stand-in for development and demos. */
  payments:
    | { provider: 'stripe'; stripeSecretKey: string; stripeWebhookSecret: string; stripeApiUrl: string | null }
    | { provider: 'test' };
  /**
   * ORCID sign-in and linking; null when ORCID is off (its buttons are hidden). `testMode`: not
   * the production registry (the sandbox or the local stand-in), so the web app labels it.
   */
  orcid: {
    baseUrl: string;
    clientId: string;
    clientSecret: string;
    stateTtlSeconds: number;
    testMode: boolean;
  } | null;
  /**
   * `arxivDetailPageId`: the one arXiv paper (by source id) whose card opens its detail page; see
   * papers/display-rules.ts. `listCacheBytes`: the cache of public list pages, 0 when off.
   */
  papers: { arxivDetailPageId: string | null; listCacheBytes: number };
  log: { level: string };
}

export const APP_CONFIG = Symbol('APP_CONFIG');

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const defaultWebDistDir = resolve(repoRoot, 'frontend/dist');

/**
 * The committed secret is public, so only the test runner may use it. A development process
 * started without JWT_SECRET (npm start passes the one it keeps in .data/) gets a random secret
 * of its own: its access tokens die with it, and the refresh cookie simply issues new ones.
 */
function defaultJwtSecret(nodeEnv: string): string {
  return nodeEnv === 'test' ? TEST_JWT_SECRET : randomBytes(32).toString('base64url');
}

/** Only iDs of the production registry are real people's; anything else is labelled test mode. */
const PRODUCTION_ORCID_ORIGIN = 'https://orcid.org';

function orcidOf(env: Env): AppConfig['orcid'] {
  if (!env.ORCID_BASE_URL || !env.ORCID_CLIENT_ID || !env.ORCID_CLIENT_SECRET) return null;
  const baseUrl = env.ORCID_BASE_URL.replace(/\/+$/, '');
  return {
    baseUrl,
    clientId: env.ORCID_CLIENT_ID,
    clientSecret: env.ORCID_CLIENT_SECRET,
    stateTtlSeconds: env.ORCID_STATE_TTL_SECONDS,
    testMode: new URL(baseUrl).origin !== PRODUCTION_ORCID_ORIGIN,
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new InvalidConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    http: {
      host: env.HOST,
      port: env.PORT,
      publicUrl,
      publicOrigin: new URL(publicUrl).origin,
      loopbackAliases: env.NODE_ENV === 'development' ? loopbackAliases(new URL(publicUrl).origin) : [],
      trustProxy: env.TRUST_PROXY,
      shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    },
    database: { url: env.DATABASE_URL, readUrl: env.DATABASE_READ_URL ?? env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX },
    redis: { url: env.REDIS_URL, prefix: env.REDIS_PREFIX, commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS },
    auth: {
      jwtSecret: env.JWT_SECRET ?? defaultJwtSecret(env.NODE_ENV),
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
      emailConfirmationTtlHours: env.EMAIL_CONFIRMATION_TTL_HOURS,
      passwordResetTtlMinutes: env.PASSWORD_RESET_TTL_MINUTES,
      secureCookies: publicUrl.startsWith('https://'),
    },
    rateLimit: {
      signInPerMinute: env.RATE_LIMIT_SIGN_IN_PER_MINUTE,
      authPerMinute: env.RATE_LIMIT_AUTH_PER_MINUTE,
      signInFailuresPerAddressPerHour: env.RATE_LIMIT_SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR,
      signInFailuresPerAccountPerHour: env.RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR,
      refreshPerSessionPerMinute: env.RATE_LIMIT_REFRESH_PER_SESSION_PER_MINUTE,
      refreshPerAddressPerMinute: env.RATE_LIMIT_REFRESH_PER_ADDRESS_PER_MINUTE,
      emailLinksPerMinute: env.RATE_LIMIT_EMAIL_LINKS_PER_MINUTE,
      mailsPerInboxPerHour: env.RATE_LIMIT_MAILS_PER_INBOX_PER_HOUR,
      messagesPerMinute: env.RATE_LIMIT_MESSAGES_PER_MINUTE,
      messagesPerHour: env.RATE_LIMIT_MESSAGES_PER_HOUR,
      commentsPerMinute: env.RATE_LIMIT_COMMENTS_PER_MINUTE,
      commentsPerHour: env.RATE_LIMIT_COMMENTS_PER_HOUR,
      uploadsPerHour: env.RATE_LIMIT_UPLOADS_PER_HOUR,
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      relayIntervalMs: env.MAIL_RELAY_INTERVAL_SECONDS * 1000,
      staleAfterMs: env.MAIL_STALE_AFTER_SECONDS * 1000,
      workerConcurrency: env.MAIL_WORKER_CONCURRENCY,
      batchSize: env.MAIL_BATCH_SIZE,
      pool: { maxConnections: env.SMTP_POOL_MAX_CONNECTIONS, maxMessages: env.SMTP_POOL_MAX_MESSAGES },
    },
    journal: {
      name: env.JOURNAL_NAME,
      shortName: env.JOURNAL_SHORT_NAME,
      contactEmail: env.JOURNAL_CONTACT_EMAIL,
      issn: env.JOURNAL_ISSN || null,
      license: env.JOURNAL_LICENSE,
      dateStyle: { locale: env.JOURNAL_LOCALE, timeZone: env.JOURNAL_TIME_ZONE },
    },
    crossref: env.CROSSREF_DOI_PREFIX
      ? {
          doiPrefix: env.CROSSREF_DOI_PREFIX,
          depositorName: env.CROSSREF_DEPOSITOR_NAME ?? env.JOURNAL_NAME,
          depositorEmail: env.CROSSREF_DEPOSITOR_EMAIL ?? env.JOURNAL_CONTACT_EMAIL,
        }
      : null,
    invitations: { ttlDays: env.INVITATION_TTL_DAYS },
    review: { dueDays: env.REVIEW_DUE_DAYS, reviewersPerRound: env.REVIEWERS_PER_ROUND },
    web: { distDir: env.WEB_DIST_DIR ?? defaultWebDistDir },
    storage:
      env.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            dir: resolve(repoRoot, env.STORAGE_DIR),
            bucket: env.S3_BUCKET!,
            endpoint: env.S3_ENDPOINT ?? null,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            timeoutMs: env.STORAGE_TIMEOUT_SECONDS * 1000,
          }
        : { driver: 'local', dir: resolve(repoRoot, env.STORAGE_DIR), timeoutMs: env.STORAGE_TIMEOUT_SECONDS * 1000 },
    storageOrphans: { graceMs: env.STORAGE_ORPHAN_GRACE_HOURS * 60 * 60 * 1000 },
    uploads: {
      maxPdfBytes: env.UPLOAD_MAX_PDF_BYTES,
      maxImageBytes: env.UPLOAD_MAX_IMAGE_BYTES,
      maxImages: env.UPLOAD_MAX_IMAGES,
      attachmentQuotaBytesPerUser: env.ATTACHMENT_QUOTA_MB_PER_USER * 1024 * 1024,
    },
    messaging: { emailWindowMs: env.MESSAGE_EMAIL_WINDOW_MINUTES * 60_000 },
    payments:
      (env.PAYMENTS_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'test')) === 'stripe'
        ? {
            provider: 'stripe',
            stripeSecretKey: env.STRIPE_SECRET_KEY!,
            stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET!,
            stripeApiUrl: env.STRIPE_API_URL ?? null,
          }
        : { provider: 'test' },
    orcid: orcidOf(env),
    papers: { arxivDetailPageId: env.ARXIV_DETAIL_PAGE_ID.trim() || null, listCacheBytes: Math.floor(env.PAPERS_LIST_CACHE_MB * 1024 * 1024) },
    log: { level: env.LOG_LEVEL },
  };
}

