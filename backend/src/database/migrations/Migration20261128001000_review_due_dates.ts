import { Migration } from '@mikro-orm/migrations';

/**
 * Review due dates (issue 18): every assignment has one. Existing assignments get the default
 * period from their assignment, 21 days: the setting (REVIEW_DUE_DAYS) is not known to SQL, and
 * a fixed backfill keeps the migration's result the same wherever it runs. The column has no
 * default afterwards, so the service must always choose the date.
 */
export class Migration20261128001000_review_due_dates extends Migration {
  override name = 'Migration20261128001000_review_due_dates';

  up(): void {
    this.addSql('alter table paper_reviews add column due_at timestamptz null');
    this.addSql("update paper_reviews set due_at = assigned_at + interval '21 days'");
    this.addSql('alter table paper_reviews alter column due_at set not null');
  }

  override down(): void {
    this.addSql('alter table paper_reviews drop column if exists due_at');
  }
}
