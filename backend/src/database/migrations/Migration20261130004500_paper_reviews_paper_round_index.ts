import { Migration } from '@mikro-orm/migrations';

/**
 * A paper's stage (manuscripts/paper-stage.ts) counts its current round's assignments, declined
 * ones included, for every row of My Submissions and the editors' list. The partial unique index
 * leaves the declined ones out, so without this one each row would read paper_reviews whole.
 */
export class Migration20261130004500_paper_reviews_paper_round_index extends Migration {
  override name = 'Migration20261130004500_paper_reviews_paper_round_index';

  up(): void {
    this.addSql('create index paper_reviews_paper_round_index on paper_reviews (paper_id, round)');
  }

  override down(): void {
    this.addSql('drop index paper_reviews_paper_round_index');
  }
}
