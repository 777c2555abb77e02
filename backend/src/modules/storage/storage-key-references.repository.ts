import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Every column that holds a storage key (what the upload policies store, and the demo papers):
 * a new one must join this list, or the sweep would delete its files once they are a day old.
 * `research_papers.pdf_storage_key` is normally a version's too, but the seeders set it alone.
 */
const REFERENCED_KEYS_SQL = `
  with listed as (select jsonb_array_elements_text(?::jsonb) as key)
  select storage_key as key from paper_files where storage_key in (select key from listed)
  union
  select storage_key from message_attachments where storage_key in (select key from listed)
  union
  select pdf_storage_key from research_papers where pdf_storage_key in (select key from listed)`;

/**
 * Which stored objects a row still names, for the orphan sweep. It reads the tables of the
 * modules that store files, as the access repository does, because storage keys belong to no
 * one module; it never writes. One statement per page of a listing, over three indexed columns,
 * where the ORM would take a query per table.
 */
export class StorageKeyReferencesRepository {
  constructor(private readonly em: EntityManager) {}

  /** The keys among these that some row names. */
  async referencedAmong(keys: readonly string[]): Promise<Set<string>> {
    const rows = await this.em.getConnection().execute<{ key: string }[]>(REFERENCED_KEYS_SQL, [JSON.stringify(keys)]);
    return new Set(rows.map((row) => row.key));
  }
}
