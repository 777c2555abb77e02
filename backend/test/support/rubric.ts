import { sql } from './accounts.js';
import type { TestApp } from './test-app.js';

export interface ScoredCriterion {
  name: string;
  score: number;
  comment: string;
}

/**
 * A score for every criterion of the rubric as it is now, which submitting a review requires.
 * Read from the table, not assumed to be the six defaults: suites share the run's database, and
 * some (the rubric's own, hostile input) replace the list.
 */
export async function rubricScores(testApp: TestApp, score = 4): Promise<ScoredCriterion[]> {
  const rows = await sql<{ name: string }>(testApp.app, 'select name from review_criteria order by position, id');
  return rows.map(({ name }) => ({ name, score, comment: '' }));
}
