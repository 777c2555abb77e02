import { DEVELOPMENT_JWT_SECRET } from './env.schema.js';
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
    expect(config.redis).toEqual({ url: 'redis://127.0.0.1:6379', prefix: 'journal' });
    expect(config.auth.jwtSecret).toBe(DEVELOPMENT_JWT_SECRET);
    expect(config.auth.secureCookies).toBe(false);
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
      'PUBLIC_URL: is required in production',
    ]);
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://journal.example.org/' });
    expect(config.auth.jwtSecret).toBe('x'.repeat(40));
    expect(config.http.publicUrl).toBe('https://journal.example.org');
    expect(config.auth.secureCookies).toBe(true);
  });
});
