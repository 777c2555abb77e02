import { Migration } from '@mikro-orm/migrations';

/**
 * The review rubric (issue 18): scored criteria beside a review's free text. `review_criteria` is
 * the current list the editors keep, seeded with six defaults whose hints are written for
 * reviewers of high-school work. A review stores its own criteria (`paper_reviews.criteria`): a
 * draft what the reviewer has scored so far, a submitted review the snapshot of the rubric it was
 * written against (names, hints, scores, comments), so that changing the rubric never changes it.
 * Reviews submitted before this have none (null).
 */
export class Migration20261129002000_review_rubric extends Migration {
  override name = 'Migration20261129002000_review_rubric';

  up(): void {
    this.addSql(`
      create table review_criteria (
        id uuid primary key default gen_random_uuid(),
        position integer not null constraint review_criteria_position_check check (position between 0 and 1000),
        name text not null constraint review_criteria_name_check check (char_length(name) between 1 and 80 and btrim(name) <> ''),
        hint text not null default '' constraint review_criteria_hint_length check (char_length(hint) <= 300),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    // Names identify criteria when a review is scored, so two may not differ by case alone.
    this.addSql('create unique index review_criteria_name_unique on review_criteria (lower(name))');
    this.addSql('create index review_criteria_position_index on review_criteria (position)');
    this.addSql(`
      insert into review_criteria (position, name, hint) values
        (0, 'Research question', 'Is the question clear, focused and answerable with the student''s means? Say what would sharpen it.'),
        (1, 'Method', 'Does the approach fit the question, and is it described well enough that a classmate could repeat it?'),
        (2, 'Use of evidence', 'Do the data or sources support the conclusions? Point kindly to any claim that goes further than the evidence.'),
        (3, 'Clarity of writing', 'Could a curious reader outside the field follow it? Name a passage that was hard to follow and suggest how to fix it.'),
        (4, 'Sources', 'Are the sources relevant and trustworthy, and cited so a reader can find them? Suggest a better one if you know it.'),
        (5, 'Ethics', 'Were people, animals and data treated with care (consent, safety, privacy), and is help from others acknowledged?')`);

    this.addSql(
      "alter table paper_reviews add column criteria jsonb null constraint paper_reviews_criteria_check check (criteria is null or jsonb_typeof(criteria) = 'array')",
    );
  }

  override down(): void {
    this.addSql('alter table paper_reviews drop column if exists criteria');
    this.addSql('drop table if exists review_criteria');
  }
}
