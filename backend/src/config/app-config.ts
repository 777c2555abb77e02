import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEVELOPMENT_JWT_SECRET, envSchema } from './env.schema.js';

export class InvalidConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'InvalidConfigError';
  }
}

/** Typed, nested configuration, built once at boot from the environment. */
export interface AppConfig {
  env: 'development' | 'test' | 'production';
  http: { host: string; port: number; publicUrl: string; publicOrigin: string; trustProxy: boolean };
  database: { url: string; readUrl: string; poolMax: number };
  redis: { url: string; prefix: string };
  auth: {
    jwtSecret: string;
    accessTokenTtlSeconds: number;
    refreshTokenTtlDays: number;
    emailConfirmationTtlHours: number;
    passwordResetTtlMinutes: number;
    secureCookies: boolean;
  };
  rateLimit: { signInPerMinute: number; authPerMinute: number };
  mail: { smtpUrl: string; from: string };
  journal: { name: string };
  web: { distDir: string };
  /** Where uploaded files go: a local directory (absolute path) or an S3-compatible bucket. */
  storage:
    | { driver: 'local'; dir: string }
    | {
        driver: 's3';
        dir: string;
        bucket: string;
        endpoint: string | null;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
  /** The submission fee's provider; `test` is the built-in stand-in for development and demos. */
  payments:
    | { provider: 'stripe'; stripeSecretKey: string; stripeWebhookSecret: string; stripeApiUrl: string | null }
    | { provider: 'test' };
  /** The one arXiv paper (by source id) whose card opens its detail page; see papers/display-rules.ts. */
  papers: { arxivDetailPageId: string | null };
  log: { level: string };
}

export const APP_CONFIG = Symbol('APP_CONFIG');

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const defaultWebDistDir = resolve(repoRoot, 'frontend/dist');

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
      trustProxy: env.TRUST_PROXY,
    },
    database: { url: env.DATABASE_URL, readUrl: env.DATABASE_READ_URL ?? env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX },
    redis: { url: env.REDIS_URL, prefix: env.REDIS_PREFIX },
    auth: {
      jwtSecret: env.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET,
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
      emailConfirmationTtlHours: env.EMAIL_CONFIRMATION_TTL_HOURS,
      passwordResetTtlMinutes: env.PASSWORD_RESET_TTL_MINUTES,
      secureCookies: publicUrl.startsWith('https://'),
    },
    rateLimit: {
      signInPerMinute: env.RATE_LIMIT_SIGN_IN_PER_MINUTE,
      authPerMinute: env.RATE_LIMIT_AUTH_PER_MINUTE,
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    journal: { name: env.JOURNAL_NAME },
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
          }
        : { driver: 'local', dir: resolve(repoRoot, env.STORAGE_DIR) },
    payments:
      (env.PAYMENTS_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'test')) === 'stripe'
        ? {
            provider: 'stripe',
            stripeSecretKey: env.STRIPE_SECRET_KEY!,
            stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET!,
            stripeApiUrl: env.STRIPE_API_URL ?? null,
          }
        : { provider: 'test' },
    papers: { arxivDetailPageId: env.ARXIV_DETAIL_PAGE_ID.trim() || null },
    log: { level: env.LOG_LEVEL },
  };
}

