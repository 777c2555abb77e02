// The web app's configuration, read once from Vite's build-time env and validated here so a
// wrong value fails loudly at start instead of somewhere deep in a request.
interface Env {
  /** Where the API lives, relative to the page's origin (same-origin cookies). */
  API_BASE_URL: string;
  /** How often the session's expiry is checked, in milliseconds. */
  SESSION_CHECK_INTERVAL_MS: number;
  /** Refresh the access token this long before it expires, in milliseconds. */
  SESSION_REFRESH_LEEWAY_MS: number;
  /** How long a toast stays on screen, in milliseconds. */
  TOAST_DURATION_MS: number;
  /** Tooltip open delay, in milliseconds. */
  TOOLTIP_DELAY_MS: number;
}

type RawEnv = Record<string, string | boolean | undefined>;

function readString(raw: RawEnv, key: string, fallback: string, problems: string[]): string {
  const value = raw[key];
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string') {
    problems.push(`${key} must be a string`);
    return fallback;
  }
  return value;
}

function readPositiveInt(raw: RawEnv, key: string, fallback: number, problems: string[]): number {
  const value = raw[key];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) {
    problems.push(`${key} must be a positive integer (got ${String(value)})`);
    return fallback;
  }
  return parsed;
}

export function parseEnv(raw: RawEnv): Env {
  const problems: string[] = [];
  const env: Env = {
    API_BASE_URL: readString(raw, 'VITE_API_BASE_URL', '/api', problems),
    SESSION_CHECK_INTERVAL_MS: readPositiveInt(raw, 'VITE_SESSION_CHECK_INTERVAL_MS', 30_000, problems),
    SESSION_REFRESH_LEEWAY_MS: readPositiveInt(raw, 'VITE_SESSION_REFRESH_LEEWAY_MS', 60_000, problems),
    TOAST_DURATION_MS: readPositiveInt(raw, 'VITE_TOAST_DURATION_MS', 5_000, problems),
    TOOLTIP_DELAY_MS: readPositiveInt(raw, 'VITE_TOOLTIP_DELAY_MS', 700, problems),
  };
  if (!env.API_BASE_URL.startsWith('/')) {
    problems.push('VITE_API_BASE_URL must be a same-origin path starting with "/" (auth uses cookies)');
  }
  if (problems.length > 0) {
    throw new Error(`Invalid web app configuration:\n- ${problems.join('\n- ')}`);
  }
  return env;
}

export const env = parseEnv(import.meta.env);
