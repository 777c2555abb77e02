import type pg from 'pg';
import type { AppConfig } from '../../../config/app-config.js';
import type { ListPapersQueryDto } from '../dtos/list-papers.query.js';
import { encodePaperCursor } from './paper-cursor.js';
import type { PaperCardRow } from './paper-list.repository.js';
import { PaperListCache } from './paper-list-cache.service.js';
import type { PaperListVersionRepository } from './paper-list-version.repository.js';

/**
 * A read pool standing in for PostgreSQL: the list version, and one published paper whose title
 * is the database's current state. `afterListQuery` runs once the list's rows are read, as a
 * change committing right after the query's snapshot would.
 */
class FakeDatabase {
  version = 1;
  title = 'First title';
  listQueries = 0;
  versionReads = 0;
  afterListQuery?: () => void;

  versions = {
    current: () => {
      this.versionReads += 1;
      return Promise.resolve(String(this.version));
    },
  };

  pool = {
    query: () => {
      this.listQueries += 1;
      const rows: PaperCardRow[] = [
        {
          id: '00000000-0000-4000-8000-000000000001',
          title: this.title,
          abstract: 'An abstract '.repeat(40),
          category: 'Physics',
          authors: [{ name: 'Ada', email: 'ada@example.org', school: 'North High' }],
          published_at: '2026-11-20T10:00:00.000Z',
          source_id: null,
          pdf_storage_key: null,
          cursor_at: '2026-11-20T10:00:00.000000Z',
        },
      ];
      const after = this.afterListQuery;
      this.afterListQuery = undefined;
      after?.();
      return Promise.resolve({ rows });
    },
  };

  /** A change to a published paper, committed: what the migration's triggers do. */
  commitChange(title: string): void {
    this.title = title;
    this.version += 1;
  }
}

function cacheOver(database: FakeDatabase, listCacheBytes = 1024 * 1024): PaperListCache {
  const config = { papers: { listCacheBytes, arxivDetailPageId: null } } as unknown as AppConfig;
  return new PaperListCache(database.pool as unknown as pg.Pool, database.versions as unknown as PaperListVersionRepository, config);
}

const titleOf = (body: Buffer) => (JSON.parse(body.toString('utf8')) as { items: { title: string }[] }).items[0]?.title;

describe('PaperListCache', () => {
  const firstPage: ListPapersQueryDto = {};

  it('serves a page again from memory while the list version is unchanged', async () => {
    const database = new FakeDatabase();
    const cache = cacheOver(database);
    const first = await cache.page(firstPage);
    const again = await cache.page(firstPage);
    expect(again).toBe(first);
    expect(database.listQueries).toBe(1);
    expect(database.versionReads).toBe(2);
  });

  it('reads the page again once the version has changed, with a new tag', async () => {
    const database = new FakeDatabase();
    const cache = cacheOver(database);
    const before = await cache.page(firstPage);
    database.commitChange('Second title');
    const after = await cache.page(firstPage);
    expect(titleOf(after.body)).toBe('Second title');
    expect(after.etag).not.toBe(before.etag);
    expect(database.listQueries).toBe(2);
  });

  it('keeps a page under the version read before its query, so a change committed meanwhile is not hidden', async () => {
    const database = new FakeDatabase();
    const cache = cacheOver(database);
    database.afterListQuery = () => database.commitChange('Committed during the first read');
    expect(titleOf((await cache.page(firstPage)).body)).toBe('First title');
    expect(titleOf((await cache.page(firstPage)).body)).toBe('Committed during the first read');
  });

  it('keeps one page per query', async () => {
    const database = new FakeDatabase();
    const cache = cacheOver(database);
    const cursor = encodePaperCursor({ publishedAt: '2026-11-20T10:00:00.000000Z', id: '00000000-0000-4000-8000-000000000001' });
    await cache.page(firstPage);
    await cache.page({ category: 'Physics' });
    await cache.page({ limit: 5 });
    await cache.page({ cursor });
    await cache.page({ category: 'Physics' });
    await cache.page({ cursor });
    await cache.page(firstPage);
    expect(database.listQueries).toBe(4);
  });

  it('drops the least recently used page first when it is full', async () => {
    const database = new FakeDatabase();
    const pageBytes = (await cacheOver(database).page(firstPage)).body.length;
    // Room for two pages of this size, not three.
    const cache = cacheOver(database, (pageBytes + 400) * 2.5);
    database.listQueries = 0;
    await cache.page({ limit: 1 });
    await cache.page({ limit: 2 });
    await cache.page({ limit: 1 });
    await cache.page({ limit: 3 });
    expect(database.listQueries).toBe(3);
    await cache.page({ limit: 1 });
    expect(database.listQueries).toBe(3);
    await cache.page({ limit: 2 });
    expect(database.listQueries).toBe(4);
  });

  it('does not keep a page larger than the whole cache', async () => {
    const database = new FakeDatabase();
    const cache = cacheOver(database, 100);
    await cache.page(firstPage);
    await cache.page(firstPage);
    expect(database.listQueries).toBe(2);
  });

  it('reads every page from the database, and no version, when turned off', async () => {
    const database = new FakeDatabase();
    const cache = cacheOver(database, 0);
    const first = await cache.page(firstPage);
    const again = await cache.page(firstPage);
    expect(again.etag).toBe(first.etag);
    expect(database.listQueries).toBe(2);
    expect(database.versionReads).toBe(0);
  });
});
