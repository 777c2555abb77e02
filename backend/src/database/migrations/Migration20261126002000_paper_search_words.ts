import { Migration } from '@mikro-orm/migrations';

/** White space and ASCII punctuation, inside a regular expression's brackets (WORD_START, paper-search.ts). */
const SEPARATORS = String.raw`\t\n\r !-/:-@[-` + '`{-~';

/**
 * An index of the whole words of each paper's `search_text`, and the vocabulary of those words,
 * so that a search can prove quickly that common words never occur together (docs/performance.md,
 * issue 16). The trigram index has to read the long posting lists of their common trigrams
 * (`ing`, `par`) for that; the word index reads one list per word.
 *
 * A word here is a run of characters between white space (tab, newline, carriage return, space)
 * and ASCII punctuation: the search's parts are letters and digits only, so every match of a part
 * lies inside one word, and a paper has a part if and only if one of its words contains it
 * (paper-search.ts). A word longer than 100 characters is indexed as its pieces of 100 characters
 * starting every 50, so that no key outgrows the index: any 51 characters of the word lie inside
 * one piece.
 *
 * research_paper_words holds every word of every paper, kept by statement triggers in the same
 * transaction as the paper's text, so a snapshot that sees a paper sees its words. Words are
 * never removed: a word no paper has any more only adds a list to a lookup, never a result.
 * The triggers insert in word order, so two transactions adding the same new words wait for each
 * other instead of deadlocking.
 *
 * The index builds in about the time of the trigram index (no table rewrite: it is an index on
 * an expression); writes to research_papers are blocked meanwhile.
 */
export class Migration20261126002000_paper_search_words extends Migration {
  override name = 'Migration20261126002000_paper_search_words';

  override up(): void {
    // Not an SQL function, which the planner would inline and cost as nearly free: splitting a
    // text takes about 25 µs, too much to test on many papers instead of using the index.
    this.addSql(`
      create function research_paper_search_words(search_text text) returns text[]
        language plpgsql immutable parallel safe strict cost 1000
      as $$
      declare
        words text[] := array_remove(regexp_split_to_array(search_text, '[${SEPARATORS}]+'), '');
        pieces text[] := '{}';
        word text;
      begin
        if search_text !~ '[^${SEPARATORS}]{101}' then
          return words;
        end if;
        foreach word in array words loop
          if length(word) <= 100 then
            pieces := pieces || word;
          else
            pieces := pieces || array(select substr(word, start, 100) from generate_series(1, length(word) - 50, 50) start);
          end if;
        end loop;
        return pieces;
      end
      $$;
    `);
    this.addSql('create table research_paper_words (word text primary key);');
    this.addSql('create index research_paper_words_trgm_idx on research_paper_words using gin (word gin_trgm_ops);');
    this.addSql(`
      create function research_paper_words_add() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into research_paper_words (word)
          select word
            from (select distinct word from new_rows paper, unnest(research_paper_search_words(paper.search_text)) word) new_words
           where not exists (select 1 from research_paper_words known where known.word = new_words.word)
           order by word
          on conflict do nothing;
        else
          insert into research_paper_words (word)
          select word
            from (select distinct word
                    from new_rows paper, unnest(research_paper_search_words(paper.search_text)) word
                   where not exists (select 1 from old_rows previous where previous.id = paper.id and previous.search_text = paper.search_text)) new_words
           where not exists (select 1 from research_paper_words known where known.word = new_words.word)
           order by word
          on conflict do nothing;
        end if;
        return null;
      end
      $$;
    `);
    // The triggers before the words already there: from here on no write to research_papers
    // commits before this migration does.
    this.addSql(`
      create trigger research_papers_words_insert after insert on research_papers
        referencing new table as new_rows
        for each statement execute function research_paper_words_add();
    `);
    this.addSql(`
      create trigger research_papers_words_update after update on research_papers
        referencing old table as old_rows new table as new_rows
        for each statement execute function research_paper_words_add();
    `);
    this.addSql('insert into research_paper_words (word) select distinct unnest(research_paper_search_words(search_text)) from research_papers;');
    this.addSql("set local maintenance_work_mem = '256MB';");
    this.addSql('create index research_papers_search_words_idx on research_papers using gin (research_paper_search_words(search_text));');
    // Statistics of the indexed expression, for the planner's estimate of a word lookup.
    this.addSql('analyze research_papers;');
    this.addSql('analyze research_paper_words;');
  }

  override down(): void {
    this.addSql('drop index if exists research_papers_search_words_idx;');
    this.addSql('drop trigger if exists research_papers_words_update on research_papers;');
    this.addSql('drop trigger if exists research_papers_words_insert on research_papers;');
    this.addSql('drop function if exists research_paper_words_add();');
    this.addSql('drop table if exists research_paper_words;');
    this.addSql('drop function if exists research_paper_search_words(text);');
  }
}
