import { Migration } from '@mikro-orm/migrations';

/**
 * Several reviewers per round (issue 27, REVIEWERS_PER_ROUND): a round may now hold more than one
 * standing assignment, so the index that allowed one goes. How many a round may hold is a setting,
 * checked under the paper's lock (ReviewService.assign); what stays a rule of the table is that one
 * reviewer holds at most one standing assignment of a paper's round.
 */
export class Migration20261202001000_reviewers_per_round extends Migration {
  override name = 'Migration20261202001000_reviewers_per_round';

  up(): void {
    this.addSql('drop index if exists paper_reviews_active_round_unique');
    this.addSql("create unique index paper_reviews_active_reviewer_unique on paper_reviews (paper_id, round, reviewer_id) where status <> 'declined'");
  }

  override down(): void {
    this.addSql('drop index if exists paper_reviews_active_reviewer_unique');
    this.addSql("create unique index paper_reviews_active_round_unique on paper_reviews (paper_id, round) where status <> 'declined'");
  }
}
