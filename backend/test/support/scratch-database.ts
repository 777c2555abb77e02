import pg from 'pg';

/**
 * A database of a suite's own beside the run's (`<run database>_<suffix>`), for a test that needs
 * an empty schema or a table no other suite writes to at the same time.
 */
export function scratchDatabase(suffix: string): { url: URL; create(): Promise<void>; drop(): Promise<void> } {
  const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/journal');
  const url = new URL(base);
  url.pathname = `/${base.pathname.slice(1)}_${suffix}`;
  const name = url.pathname.slice(1);

  async function onServer(query: string): Promise<void> {
    const server = new URL(base);
    server.pathname = '/postgres';
    const client = new pg.Client({ connectionString: server.toString() });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  }

  return {
    url,
    create: () => onServer(`create database "${name}"`),
    drop: () => onServer(`drop database if exists "${name}" with (force)`),
  };
}
