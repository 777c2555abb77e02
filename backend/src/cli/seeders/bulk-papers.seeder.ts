import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PAPER_CATEGORIES, type PaperCategory } from '../../modules/catalogue/paper-category.js';
import { type GeneratedPaper, seededRandom } from './generated-paper.js';
import { RealisticCorpus, rankedVocabulary } from './realistic-corpus.js';

/**
 * Many published papers for measuring the list and search endpoints (`npm run seed -- --papers N
 * [--corpus template|realistic]`, bench/), from one of two generators:
 * - `template` (the default): titles, abstracts, authors and categories are drawn from short
 *   lists of topics and sentences, about 1,300 distinct words, abstracts of about 500 characters;
 * - `realistic` (realistic-corpus.ts): the words of real abstracts, 274,136 of them with Zipf-like
 *   frequencies, at real lengths.
 *
 * In the template corpus, the bench's "common term" is COMMON_TERM ("climate"): about 10% of the abstracts
 * contain it (one sentence added to them), and no word list below contains it, so a search for
 * it matches ~10% of the papers. These papers have no PDF.
 */
export const COMMON_TERM = 'climate';
export const COMMON_TERM_SHARE = 0.1;
const BATCH_SIZE = 5000;
/** From this many papers on, rebuilding the search indexes beats updating them. */
const REBUILD_INDEXES_FROM = 20_000;

const TOPICS: Record<PaperCategory, string[]> = {
  'Environmental Science': ['microplastic runoff', 'urban heat islands', 'soil erosion', 'wetland restoration', 'air quality sensors', 'river nitrate levels', 'composting methods', 'pollinator decline', 'coral bleaching', 'drought resistance'],
  Chemistry: ['electrolyte additives', 'catalytic converters', 'biodegradable polymers', 'water purification membranes', 'enzyme kinetics', 'crystal growth', 'titration methods', 'natural dyes', 'battery electrodes', 'acid rain buffering'],
  Physics: ['pendulum damping', 'solar panel efficiency', 'acoustic resonance', 'magnetic levitation', 'optical fibres', 'projectile drag', 'thermal insulation', 'wind turbine blades', 'superconducting tape', 'laser interference'],
  Biology: ['basil photosynthesis', 'gut microbiome diversity', 'zebrafish regeneration', 'antibiotic resistance', 'plant root signalling', 'sleep and memory', 'yeast fermentation', 'bee navigation', 'tardigrade survival', 'muscle fatigue'],
  'Computer Science': ['neural network pruning', 'graph colouring heuristics', 'image segmentation', 'password strength estimation', 'sorting on small devices', 'traffic prediction', 'speech recognition for accents', 'reinforcement learning agents', 'compression of sensor data', 'fairness in recommendation'],
  Mathematics: ['prime gaps', 'knot invariants', 'tiling problems', 'random walks', 'voting paradoxes', 'fractal dimension', 'graph theory puzzles', 'Fibonacci identities', 'game theory of auctions', 'modular arithmetic'],
};
const TITLE_PATTERNS = [
  'Effects of {a} on {b}',
  'A Low-Cost Study of {a}',
  'Measuring {a} in a High School Laboratory',
  'Modelling {a} with {b}',
  'What {a} Tells Us About {b}',
  'Comparing Methods for {a}',
  '{a}: A Field Study',
  'Predicting {a} from {b}',
];
const FIRST_NAMES = ['Maya', 'Daniel', 'Priya', 'Ethan', 'Sofia', 'Liam', 'Aisha', 'Noah', 'Mei', 'Lucas', 'Zara', 'Omar', 'Chloe', 'Mateo', 'Hana', 'Kwame', 'Elena', 'Ravi', 'Amara', 'Jonas', 'Yuki', 'Isabela', 'Tomasz', 'Leila'];
const LAST_NAMES = ['Okafor', 'Reyes', 'Natarajan', 'Park', 'Alvarez', 'Nguyen', 'Kowalski', 'Haddad', 'Chen', 'Schmidt', 'Mensah', 'Rossi', 'Tanaka', 'Silva', 'Novak', 'Ibrahim', 'Larsen', 'Gupta', 'Moreau', 'Petrov', 'Ortiz', 'Kim', 'Adeyemi', 'Fischer'];
const SCHOOLS = ['Lincoln High School', 'Westfield Academy', 'Roosevelt STEM Academy', 'Riverside High School', 'Oakwood Preparatory', 'Hillcrest Science Magnet', 'Bayview Secondary', 'Maple Grove High School'];
const SENTENCES = [
  'We designed an experiment around {a} that can be repeated with equipment found in most schools.',
  'Over {n} weeks we collected {m} measurements and compared them with published reference values.',
  'The results show a clear relationship between {a} and {b}, with a correlation of 0.{k}.',
  'Our method reduced the measurement error by {k}% compared with the standard approach.',
  'We discuss the limitations of a small sample and propose how {b} could be studied at a larger scale.',
  'A simple statistical model explains most of the variation we observed in {a}.',
  'The data and analysis scripts are shared so that other students can reproduce the study.',
  'Unexpectedly, {b} had a stronger effect than we predicted from the literature.',
];
const COMMON_SENTENCE = `We also consider how a changing ${COMMON_TERM} could alter these results in the coming decades.`;

export const CORPORA = ['template', 'realistic'] as const;
export type Corpus = (typeof CORPORA)[number];

export function generateBulkPaper(next: () => number, now: number): GeneratedPaper {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const category = pick(PAPER_CATEGORIES);
  const a = pick(TOPICS[category]);
  const b = pick(TOPICS[pick(PAPER_CATEGORIES)]);
  const fill = (text: string) =>
    text
      .replace('{a}', a)
      .replace('{b}', b)
      .replace('{n}', String(2 + Math.floor(next() * 20)))
      .replace('{m}', String(20 + Math.floor(next() * 900)))
      .replace('{k}', String(10 + Math.floor(next() * 89)));
  const title = fill(pick(TITLE_PATTERNS)).replace(/^./, (first) => first.toUpperCase());
  const pool = [...SENTENCES];
  const sentences = Array.from({ length: 4 + Math.floor(next() * 3) }, () => fill(pool.splice(Math.floor(next() * pool.length), 1)[0]));
  if (next() < COMMON_TERM_SHARE) sentences.splice(1 + Math.floor(next() * (sentences.length - 1)), 0, COMMON_SENTENCE);
  const school = pick(SCHOOLS);
  const authors = Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    return { name: `${first} ${last}`, email: `${first}.${last}@example.org`.toLowerCase(), school: next() < 0.8 ? school : pick(SCHOOLS) };
  });
  // Spread over the last five years, to the millisecond; ties are possible and fine.
  const publishedAt = new Date(now - Math.floor(next() * 5 * 365 * 24 * 3600 * 1000));
  return { id: randomUUID(), title, abstract: sentences.join(' '), category, keywords: [a, b].join(', '), authors, published_at: publishedAt.toISOString() };
}

@Injectable()
export class BulkPapersSeeder {
  constructor(private readonly em: EntityManager) {}

  /**
   * Inserts `count` published papers owned by `ownerId`, one INSERT per batch of 5000, in one
   * transaction. Keeping the GIN and RUM search indexes up to date row by row costs more than the
   * inserts themselves (the trigram index most of all), so a large load drops them first and
   * builds them again at the end from their own definitions (read from pg_indexes), in the same
   * transaction: if anything fails, the table and its indexes are as they were.
   */
  async seed(ownerId: string, count: number, { corpus = 'template', onBatch }: { corpus?: Corpus; onBatch?: (done: number) => void } = {}): Promise<number> {
    const next = seededRandom(count);
    const now = Date.now();
    const realistic = corpus === 'realistic' ? new RealisticCorpus(rankedVocabulary(), next) : null;
    const generate = realistic ? () => realistic.paper(now) : () => generateBulkPaper(next, now);
    await this.em.fork().transactional(async (em) => {
      const rebuild =
        count >= REBUILD_INDEXES_FROM
          ? await em.execute<{ indexname: string; indexdef: string }[]>(
              "select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'research_papers' and (indexdef ilike '% using gin %' or indexdef ilike '% using rum %')",
            )
          : [];
      for (const index of rebuild) await em.execute(`drop index "${index.indexname}"`);
      let done = 0;
      while (done < count) {
        const size = Math.min(BATCH_SIZE, count - done);
        const rows = Array.from({ length: size }, generate);
        // One parameter (the batch as JSON) keeps the statement small whatever the batch size.
        await em.execute(
          `insert into research_papers (id, user_id, title, abstract, category, keywords, authors, status, published_at, created_at, updated_at)
           select r.id, ?::uuid, r.title, r.abstract, r.category, r.keywords, r.authors, 'published', r.published_at, r.published_at, r.published_at
             from jsonb_to_recordset(?::jsonb) as r(id uuid, title text, abstract text, category text, keywords text, authors jsonb, published_at timestamptz)`,
          [ownerId, JSON.stringify(rows)],
        );
        done += size;
        onBatch?.(done);
      }
      if (rebuild.length > 0) await em.execute("set local maintenance_work_mem = '256MB'");
      for (const index of rebuild) await em.execute(index.indexdef);
    });
    // What autovacuum would do after such a load, before anything is measured: the visibility map
    // (index-only scans read no heap), the statistics (and the common words the search weighs,
    // search-index.repository.ts), and the vocabulary's trigram index, whose pending list held
    // every new word and was read in full by each lookup (3 ms after a load of 100,000 papers).
    await this.em.getConnection().execute('vacuum analyze research_papers');
    await this.em.getConnection().execute('vacuum analyze research_paper_words');
    return count;
  }
}
