import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { LicenseId } from '../../config/licenses.js';
import { categoryFilterSql } from '../catalogue/display-rules.js';
import type { PaperCardColumns } from '../catalogue/paper-card.js';
import { LAST_MODIFIED_SQL } from '../catalogue/published-paper.js';

/**
 * A record's datestamp: when the published paper last changed, as the sitemap's <lastmod> and
 * the feed's <updated> say, so the three agree. Lists walk research_papers_oai_datestamp_idx on
 * (this, id) for published papers.
 */
const DATESTAMP_SQL = LAST_MODIFIED_SQL;
const PRECISE_DATESTAMP_SQL = `to_char(${DATESTAMP_SQL} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const RECORD_COLUMNS = `id, title, abstract, category, keywords, authors, published_at, source_id, pdf_storage_key, license, doi,
       ${PRECISE_DATESTAMP_SQL} as datestamp`;

export interface RecordRow extends PaperCardColumns {
  keywords: string | null;
  license: LicenseId;
  doi: string | null;
  /** With microseconds, UTC: the keyset position. */
  datestamp: string;
}

/** Which published papers a list selects: datestamps in [from, until) and the category a reader sees. */
export interface RecordFilter {
  from?: Date;
  until?: Date;
  category?: string;
}

/** The repository's reads of research_papers (the manuscripts' table): published rows only. */
@Injectable()
export class OaiRecordsRepository {
  constructor(private readonly em: EntityManager) {}

  /** The first entry of the datestamp index: no scan. */
  async earliestDatestamp(): Promise<Date | null> {
    const [earliest] = await this.em
      .getConnection()
      .execute<{ datestamp: Date | null }[]>(`select min(${DATESTAMP_SQL}) as datestamp from research_papers where status = 'published'`);
    return earliest?.datestamp ? new Date(earliest.datestamp) : null;
  }

  async findPublished(id: string): Promise<RecordRow | null> {
    const [row] = await this.em
      .getConnection()
      .execute<RecordRow[]>(`select ${RECORD_COLUMNS} from research_papers where id = ?::uuid and status = 'published'`, [id]);
    return row ?? null;
  }

  /** Up to `limit` records, oldest datestamp first, after the keyset position `after`. */
  page(filter: RecordFilter, after: { datestamp: string; id: string } | undefined, limit: number): Promise<RecordRow[]> {
    const { conditions, params } = whereOf(filter);
    if (after) {
      conditions.push(`(${DATESTAMP_SQL}, id) > (?::timestamptz, ?::uuid)`);
      params.push(after.datestamp, after.id);
    }
    return this.em
      .getConnection()
      .execute<RecordRow[]>(`select ${RECORD_COLUMNS} from research_papers where ${conditions.join(' and ')} order by ${DATESTAMP_SQL}, id limit ?`, [...params, limit]);
  }

  async count(filter: RecordFilter): Promise<number> {
    const { conditions, params } = whereOf(filter);
    const [counted] = await this.em
      .getConnection()
      .execute<{ count: string | number }[]>(`select count(*) as count from research_papers where ${conditions.join(' and ')}`, params);
    return Number(counted.count);
  }
}

function whereOf(filter: RecordFilter): { conditions: string[]; params: unknown[] } {
  const conditions = ["status = 'published'"];
  const params: unknown[] = [];
  if (filter.from) {
    conditions.push(`${DATESTAMP_SQL} >= ?::timestamptz`);
    params.push(filter.from.toISOString());
  }
  if (filter.until) {
    conditions.push(`${DATESTAMP_SQL} < ?::timestamptz`);
    params.push(filter.until.toISOString());
  }
  if (filter.category !== undefined) {
    // The category a reader sees (display-rules.ts), as the set a record's header names.
    const category = categoryFilterSql(filter.category);
    conditions.push(category.sql);
    params.push(...category.params);
  }
  return { conditions, params };
}
