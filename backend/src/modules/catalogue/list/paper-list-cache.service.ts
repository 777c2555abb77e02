import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { jsonRepresentation, type Representation } from '../../../common/http/conditional-get.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { READ_POOL } from '../read-pool.js';
import type { ListPapersQueryDto } from '../dtos/list-papers.query.js';
import { readPaperPage } from './paper-list.repository.js';
import { PaperListVersionRepository } from './paper-list-version.repository.js';

/** What an entry costs besides its body: its key, its tag, the objects around them. */
const ENTRY_OVERHEAD_BYTES = 256;

interface Entry {
  version: string;
  page: Representation;
  bytes: number;
}

/**
 * The public list's pages, serialised, with their entity tags, kept by each API process for the
 * query that asked for them (least recently used first out, within PAPERS_LIST_CACHE_MB).
 *
 * Each request first reads the list's version, which PostgreSQL raises in the very transaction
 * that publishes, unpublishes, edits or deletes a paper. A page is served from memory only if it
 * was read at that version; otherwise it is read again. So a reader never gets a page older
 * than a change that had committed when the request arrived, whichever process answered the
 * editor, whichever wrote the change (the API, a seed, SQL by hand), and with no message that
 * could be lost or arrive late. The price is a read of one row, shared by the requests that
 * arrive while one is on its way (PaperListVersionRepository), in place of the list's query,
 * the cards and the JSON. With DATABASE_READ_URL on a replica, a page is as fresh as the
 * replica, as it would be without the cache.
 *
 * A page is stored under the version read before its query: its rows are at least that new, as
 * every change counted in that version had committed before the query ran.
 */
@Injectable()
export class PaperListCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly arxivDetailPageId: string | null;

  constructor(
    @Inject(READ_POOL) private readonly pool: pg.Pool,
    private readonly versions: PaperListVersionRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.maxBytes = config.papers.listCacheBytes;
    this.arxivDetailPageId = config.papers.arxivDetailPageId;
  }

  /** The page for a validated query, as it is in the database now. */
  async page(query: ListPapersQueryDto): Promise<Representation> {
    if (this.maxBytes === 0) return this.read(query);
    const version = await this.versions.current();
    const key = keyOf(query);
    const cached = this.entries.get(key);
    if (cached?.version === version) {
      // Most recently used last: the Map's order is the eviction order.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached.page;
    }
    const page = await this.read(query);
    this.store(key, { version, page, bytes: page.body.length + key.length * 2 + ENTRY_OVERHEAD_BYTES });
    return page;
  }

  private async read(query: ListPapersQueryDto): Promise<Representation> {
    return jsonRepresentation(await readPaperPage(this.pool, query, this.arxivDetailPageId));
  }

  private store(key: string, entry: Entry): void {
    this.remove(key);
    if (entry.bytes > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** Every field the page depends on; two spellings of one query at worst take two entries. */
function keyOf(query: ListPapersQueryDto): string {
  return JSON.stringify([query.q, query.category, query.cursor, query.limit]);
}
