import { Migration } from '@mikro-orm/migrations';

/**
 * The storage orphan sweep asks which of a thousand listed keys a row names; paper_files and
 * message_attachments answer from their unique indexes, and this index lets research_papers
 * answer the same way instead of being read whole once per thousand stored files.
 */
export class Migration20261130002000_paper_pdf_key_index extends Migration {
  override name = 'Migration20261130002000_paper_pdf_key_index';

  up(): void {
    this.addSql('create index research_papers_pdf_storage_key_index on research_papers (pdf_storage_key) where pdf_storage_key is not null');
  }

  override down(): void {
    this.addSql('drop index research_papers_pdf_storage_key_index');
  }
}
