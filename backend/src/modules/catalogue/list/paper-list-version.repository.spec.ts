import type pg from 'pg';
import { PaperListVersionRepository } from './paper-list-version.repository.js';

/**
 * A read pool whose reads of the version return what the database held when each read was sent,
 * and answer only when the test says so.
 */
class FakeReadPool {
  version = 1;
  readonly reads: { version: number; answer: () => void; fail: (error: Error) => void }[] = [];

  query = () =>
    new Promise((resolve, reject) => {
      const version = this.version;
      this.reads.push({ version, answer: () => resolve({ rows: [{ version: String(version) }] }), fail: reject });
    });

  /** Answers the oldest read still on its way, and lets its callers run. */
  async answer(): Promise<void> {
    this.reads.shift()?.answer();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('PaperListVersionRepository', () => {
  const repositoryOver = (pool: FakeReadPool) => new PaperListVersionRepository(pool as unknown as pg.Pool);

  it('reads at once for a lone request', async () => {
    const pool = new FakeReadPool();
    const version = repositoryOver(pool).current();
    expect(pool.reads).toHaveLength(1);
    await pool.answer();
    await expect(version).resolves.toBe('1');
  });

  it('never gives a request a read sent before it arrived: those arriving meanwhile share the next one', async () => {
    const pool = new FakeReadPool();
    const repository = repositoryOver(pool);
    const first = repository.current();
    // A change commits while the first read is on its way; two requests arrive after it.
    pool.version = 2;
    const second = repository.current();
    const third = repository.current();
    expect(pool.reads).toHaveLength(1);

    await pool.answer();
    await expect(first).resolves.toBe('1');
    expect(pool.reads).toHaveLength(1);
    await pool.answer();
    await expect(second).resolves.toBe('2');
    await expect(third).resolves.toBe('2');
  });

  it('fails only the requests of a failed read, and reads again for the next', async () => {
    const pool = new FakeReadPool();
    const repository = repositoryOver(pool);
    const failed = repository.current();
    pool.reads.shift()?.fail(new Error('connection refused'));
    await expect(failed).rejects.toThrow('connection refused');

    const next = repository.current();
    expect(pool.reads).toHaveLength(1);
    await pool.answer();
    await expect(next).resolves.toBe('1');
  });
});
