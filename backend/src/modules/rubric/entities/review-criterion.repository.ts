import { EntityRepository } from '@mikro-orm/postgresql';
import type { ReviewCriterion } from './review-criterion.entity.js';

export class ReviewCriterionRepository extends EntityRepository<ReviewCriterion> {
  /**
   * Replaces the whole rubric in the caller's transaction (its flush inserts the new rows). The
   * table lock, which the ORM cannot take, makes two editors saving at once take turns, so the
   * second's list replaces the first's instead of colliding with it on a name.
   */
  async replaceAll(criteria: readonly { name: string; hint?: string }[]): Promise<void> {
    await this.em.execute('lock table review_criteria in exclusive mode');
    await this.nativeDelete({});
    const now = new Date();
    criteria.forEach((criterion, position) => {
      this.create({ position, name: criterion.name, hint: criterion.hint ?? '', createdAt: now, updatedAt: now });
    });
  }
}
