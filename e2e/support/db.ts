import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { demoAccounts } from './env.js';

/** The database of the stack under test (playwright.config.ts hands the same URL to start.mjs). */
export const databaseURL = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/journal_e2e';

/** A demo paper of the seed (backend/src/cli/seeders/demo-papers.seeder.ts), with its PDF. */
export const demoPapers = {
  microplastics: {
    id: '6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b01',
    title: 'Microplastic Concentrations in Urban and Suburban Stream Sediments',
    authors: ['Maya Okafor', 'Daniel Reyes'],
    category: 'Environmental Science',
    school: 'Lincoln High School',
  },
  basil: {
    id: '6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b02',
    title: 'Effect of Blue and Red Light Ratios on Basil Growth in a Low-Cost Hydroponic System',
    authors: ['Priya Natarajan'],
    category: 'Biology',
    school: 'Westfield Academy',
  },
  bus: {
    id: '6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b03',
    title: 'Predicting School Bus Arrival Times with a Small Neural Network',
    authors: ['Ethan Park', 'Sofia Alvarez'],
    category: 'Computer Science',
    school: 'Roosevelt STEM Academy',
  },
} as const;

export interface PaperRow {
  title: string;
  abstract?: string;
  category?: string;
  status?: 'submitted' | 'under_review' | 'accepted' | 'published' | 'rejected';
  /** The arXiv import id (column `source_id`), for the 'arxiv-' rule. */
  sourceId?: string;
  authors?: { name: string; email: string; school: string }[];
  /**
   * When it was published (default 2020-01-01, older than every demo paper, so papers inserted
   * by one journey never push the demo papers off the first page another journey reads).
   */
  publishedAt?: string;
}

interface Column { name: string; type: string }

/**
 * Inserts a paper straight into research_papers and returns its id. Every column this call does
 * not set (the stored PDF's columns above all) is copied from a demo paper, so the new paper has
 * a real PDF without this helper knowing how the backend stores files. Search columns the
 * backend fills itself (generated columns, tsvector) are left to it.
 */
export async function insertPaper(row: PaperRow, template: string = demoPapers.basil.id): Promise<string> {
  const client = new pg.Client({ connectionString: databaseURL });
  await client.connect();
  try {
    const columns = await paperColumns(client);
    const id = randomUUID();
    const status = row.status ?? 'published';
    const values: Record<string, unknown> = {
      id,
      user_id: null, // replaced below by a sub-select of the demo author
      title: row.title,
      abstract: row.abstract ?? `An end-to-end test paper: ${row.title}.`,
      category: row.category ?? 'Physics',
      keywords: null,
      authors: JSON.stringify(row.authors ?? [{ name: 'Test Author', email: 'test.author@example.org', school: 'E2E High School' }]),
      status,
      published_at: status === 'published' ? (row.publishedAt ?? '2020-01-01T00:00:00Z') : null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    };
    // source_id is unique: never copied from the template.
    if (columns.some((column) => column.name === 'source_id')) values.source_id = row.sourceId ?? null;
    else if (row.sourceId !== undefined) throw new Error('research_papers has no source_id column: the arXiv rule cannot be set up');
    const names: string[] = [];
    const selects: string[] = [];
    const params: unknown[] = [];
    for (const column of columns) {
      names.push(`"${column.name}"`);
      if (column.name === 'user_id') {
        params.push(demoAccounts.author.email);
        selects.push(`(select id from users where lower(email) = lower($${params.length}))`);
      } else if (column.name in values) {
        params.push(values[column.name]);
        selects.push(`$${params.length}::${column.type}`);
      } else {
        selects.push(`t."${column.name}"`);
      }
    }
    params.push(template);
    const result = await client.query(
      `insert into research_papers (${names.join(', ')})
       select ${selects.join(', ')} from research_papers t where t.id = $${params.length}::uuid`,
      params,
    );
    if (result.rowCount !== 1) throw new Error(`template paper ${template} not found`);
    return id;
  } finally {
    await client.end();
  }
}

/** Removes papers inserted by `insertPaper` (and, by cascade, what hangs off them). */
export async function deletePapers(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const client = new pg.Client({ connectionString: databaseURL });
  await client.connect();
  try {
    await client.query('delete from research_papers where id = any($1::uuid[])', [ids]);
  } finally {
    await client.end();
  }
}

/** The columns an insert may set: not generated, not a search vector the backend maintains. */
async function paperColumns(client: pg.Client): Promise<Column[]> {
  const result = await client.query<{ name: string; type: string; generated: string; identity: string }>(
    `select column_name as name, udt_name as type, is_generated as generated, is_identity as identity
       from information_schema.columns
      where table_schema = current_schema() and table_name = 'research_papers'
      order by ordinal_position`,
  );
  return result.rows
    .filter((column) => column.generated === 'NEVER' && column.identity === 'NO' && column.type !== 'tsvector')
    .map((column) => ({ name: column.name, type: column.type }));
}

/** A word nobody else uses, so a search finds exactly the paper that carries it. */
export function uniqueWord(label: string): string {
  return `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}
