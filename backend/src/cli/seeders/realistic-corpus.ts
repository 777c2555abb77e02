import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';
import { PAPER_CATEGORIES } from '../../modules/catalogue/paper-category.js';
import { type GeneratedPaper, seededRandom } from './generated-paper.js';

/**
 * Papers whose words are distributed like real abstracts' (issue 28), for measuring search where
 * the template generator (bulk-papers.seeder.ts, about 1,300 distinct words) makes it easy.
 *
 * The vocabulary is every word of the `word-list` package (274,136 English words) after the
 * words that lead real abstracts (HEAD_WORDS, in the order of their frequency), ranked once, the
 * same for every corpus size, so a word is equally common in 100,000 papers and in 1,000,000.
 * Words are drawn with the Zipf-Mandelbrot law of English text, p(rank) ∝ 1 / (rank + 2.7):
 * at 1,000,000 papers nearly every word of the list occurs, a few hundred occur in most papers,
 * and thousands in 0.2% to 1.3% of them, the band a search finds hardest. Shorter words of the
 * list tend to rank higher, as in real text. Abstracts average about 1,530 characters (900 to
 * 2,160), titles 6 to 16 words; sentences carry numbers, percentages and years (more of recent
 * years than of old ones); one to five authors have names drawn, again long-tailed, from lists
 * of many origins.
 */

/** The words that lead abstracts' frequency lists, most frequent first. */
export const HEAD_WORDS: readonly string[] = [
  'the', 'of', 'and', 'in', 'to', 'a', 'we', 'is', 'for', 'that', 'with', 'was', 'on', 'as', 'by', 'this', 'were', 'are', 'be',
  'from', 'at', 'an', 'results', 'study', 'data', 'our', 'using', 'which', 'between', 'these', 'it', 'than', 'or', 'have', 'not',
  'can', 'model', 'used', 'effect', 'two', 'each', 'both', 'also', 'method', 'after', 'more', 'show', 'found', 'analysis',
  'higher', 'measured', 'samples', 'increase', 'different', 'water', 'temperature', 'growth', 'time', 'significant',
  'compared', 'students', 'experiment', 'values', 'levels', 'rate', 'high', 'low', 'three', 'based', 'performance', 'test',
  'group', 'control', 'energy', 'during', 'into', 'its', 'may', 'their', 'has', 'been', 'one', 'all', 'most', 'while',
  'however', 'over', 'under', 'when', 'new', 'small', 'large', 'light', 'soil', 'plants', 'cells', 'accuracy', 'network',
  'concentration', 'average', 'observed', 'suggest', 'within', 'per', 'only', 'other', 'such', 'there', 'no', 'less',
];

const FIRST_NAMES = [
  'Maya', 'Daniel', 'Priya', 'Ethan', 'Sofia', 'Liam', 'Aisha', 'Noah', 'Mei', 'Lucas', 'Zara', 'Omar', 'Chloe', 'Mateo', 'Hana',
  'Kwame', 'Elena', 'Ravi', 'Amara', 'Jonas', 'Yuki', 'Isabela', 'Tomasz', 'Leila', 'Arjun', 'Fatima', 'Diego', 'Ingrid', 'Tariq',
  'Chiara', 'Kenji', 'Nadia', 'Samuel', 'Ayesha', 'Mikhail', 'Lucia', 'Chidi', 'Freya', 'Hamza', 'Rosa', 'Jae', 'Anika', 'Mohammed',
  'Emma', 'Wei', 'Olivia', 'Santiago', 'Nia', 'Aarav', 'Sara', 'Kofi', 'Julia', 'Ahmed', 'Lena', 'Minh', 'Grace', 'Mustafa', 'Ana',
  'Haruto', 'Zoe', 'Ibrahim', 'Eva', 'Rahul', 'Amelia', 'Yusuf', 'Marta', 'Jin', 'Ava', 'Emeka', 'Clara', 'Dmitri', 'Layla',
  'Andrea', 'Soo', 'Felix', 'Thandiwe', 'Oscar', 'Ines', 'Kai', 'Nora', 'Sipho', 'Ella', 'Vikram', 'Mila', 'Adebayo', 'Alice',
  'Carlos', 'Yara', 'Bilal', 'Hugo', 'Mariam', 'Luca', 'Esther', 'Sven', 'Ngozi', 'Pablo', 'Aiko', 'Tobias', 'Salma', 'Finn',
];
const LAST_NAMES = [
  'Nguyen', 'Smith', 'Kim', 'Garcia', 'Chen', 'Patel', 'Wang', 'Johnson', 'Rodriguez', 'Li', 'Kumar', 'Martinez', 'Singh', 'Brown',
  'Lee', 'Zhang', 'Hernandez', 'Lopez', 'Williams', 'Okafor', 'Reyes', 'Natarajan', 'Park', 'Alvarez', 'Kowalski', 'Haddad',
  'Schmidt', 'Mensah', 'Rossi', 'Tanaka', 'Silva', 'Novak', 'Ibrahim', 'Larsen', 'Gupta', 'Moreau', 'Petrov', 'Ortiz', 'Adeyemi',
  'Fischer', 'Müller', 'Suzuki', 'Dubois', 'Ivanova', 'Andersson', 'Costa', 'Yilmaz', 'Kaya', 'Hoang', 'Tran', 'Pham', 'Sato',
  'Takahashi', 'Watanabe', 'Ito', 'Nakamura', 'Yamamoto', 'Liu', 'Yang', 'Huang', 'Zhao', 'Wu', 'Zhou', 'Xu', 'Sun', 'Ma',
  'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Jang', 'Lim', 'Shah', 'Mehta', 'Iyer', 'Reddy', 'Rao', 'Das', 'Bose', 'Chatterjee',
  'Mukherjee', 'Khan', 'Ali', 'Hussain', 'Rahman', 'Ahmed', 'Hassan', 'Mahmoud', 'Nasser', 'Abdullah', 'Osei', 'Boateng',
  'Owusu', 'Eze', 'Okonkwo', 'Nwosu', 'Balogun', 'Dlamini', 'Ndlovu', 'Mokoena', 'Kariuki', 'Otieno', 'Mwangi', 'Wanjiru',
  'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Bruno', 'Greco', 'Fernandes', 'Pereira', 'Oliveira', 'Santos', 'Sousa', 'Gomez',
  'Diaz', 'Torres', 'Ramirez', 'Flores', 'Morales', 'Castillo', 'Jimenez', 'Ruiz', 'Vargas', 'Mendoza', 'Wagner', 'Becker',
  'Hoffmann', 'Schulz', 'Koch', 'Richter', 'Wolf', 'Neumann', 'Jansen', 'De Vries', 'Bakker', 'Visser', 'Smit', 'Nielsen',
  'Hansen', 'Johansson', 'Karlsson', 'Virtanen', 'Korhonen', 'Nowak', 'Wiśniewski', 'Kovač', 'Horvat', 'Popescu', 'Ionescu',
  'Papadopoulos', 'Georgiou', 'Cohen', 'Levi', "O'Brien", 'Murphy', 'Kelly', 'Walsh', 'MacDonald', 'Campbell', 'Taylor', 'Davies',
  'Evans', 'Thomas', 'Roberts', 'Wilson', 'Clarke', 'Wright', 'Robinson', 'Thompson', 'White', 'Harris', 'Martin', 'Jackson',
];
const SCHOOLS = [
  'Lincoln High School', 'Westfield Academy', 'Roosevelt STEM Academy', 'Riverside High School', 'Oakwood Preparatory',
  'Hillcrest Science Magnet', 'Bayview Secondary', 'Maple Grove High School', 'Northgate College', 'Lakeside Grammar School',
  'Sunrise International School', 'Eastbrook University', 'Harbour City Polytechnic', 'Greenfield Sixth Form College',
];

/** Zipf-Mandelbrot's shift for English text. */
const MANDELBROT_SHIFT = 2.7;
const VOCABULARY_SEED = 28;

/** Words by rank and the cumulative probability of each rank, for drawing by binary search. */
export interface RankedVocabulary {
  words: readonly string[];
  cumulative: Float64Array;
}

/** The cumulative Zipf-Mandelbrot probabilities of ranks 1 to `size`. */
function cumulativeZipf(size: number): Float64Array {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let rank = 0; rank < size; rank += 1) {
    total += 1 / (rank + 1 + MANDELBROT_SHIFT);
    cumulative[rank] = total;
  }
  for (let rank = 0; rank < size; rank += 1) cumulative[rank] /= total;
  return cumulative;
}

/**
 * The ranked vocabulary: HEAD_WORDS, then the word list's other words, ordered by their length
 * plus a random amount of up to four letters (shorter words are more frequent in real text, but
 * not strictly). The same every time.
 */
export function rankedVocabulary(listed: readonly string[] = readFileSync(wordListPath, 'utf8').split('\n')): RankedVocabulary {
  const head = HEAD_WORDS;
  const headSet = new Set(head);
  const next = seededRandom(VOCABULARY_SEED);
  const tail = listed
    .filter((word) => word.length > 0 && !headSet.has(word))
    .map((word) => ({ word, key: word.length + next() * 4 }))
    .sort((a, b) => a.key - b.key)
    .map(({ word }) => word);
  const words = [...head, ...tail];
  return { words, cumulative: cumulativeZipf(words.length) };
}

/** The rank whose cumulative probability first reaches `draw` (in [0, 1)). */
export function drawRank(cumulative: Float64Array, draw: number): number {
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (cumulative[middle] < draw) low = middle + 1;
    else high = middle;
  }
  return low;
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export class RealisticCorpus {
  private readonly firstNames = cumulativeZipf(FIRST_NAMES.length);
  private readonly lastNames = cumulativeZipf(LAST_NAMES.length);

  constructor(
    private readonly vocabulary: RankedVocabulary,
    private readonly next: () => number,
  ) {}

  private word(): string {
    return this.vocabulary.words[drawRank(this.vocabulary.cumulative, this.next())];
  }

  /** A word, or now and then a number, a measurement, a percentage or a year. */
  private token(): string {
    const roll = this.next();
    if (roll < 0.985) return this.word();
    if (roll < 0.99) return String(1 + Math.floor(this.next() * 1000));
    if (roll < 0.994) return `${Math.floor(this.next() * 100)}.${Math.floor(this.next() * 10)}`;
    if (roll < 0.997) return `${1 + Math.floor(this.next() * 99)}%`;
    // Recent years are cited more than old ones: 2026 back to 1947.
    return String(2026 - Math.floor(80 * this.next() ** 2));
  }

  private sentence(): string {
    const words = Array.from({ length: 10 + Math.floor(this.next() * 21) }, () => this.token());
    words[0] = capitalise(words[0]);
    // A clause now and then: commas are separators to search, as in real text.
    if (words.length > 14 && this.next() < 0.5) words[6 + Math.floor(this.next() * 6)] += ',';
    return `${words.join(' ')}.`;
  }

  private abstract(): string {
    // Sentences are added until the length is reached: about 1,530 characters on average.
    const length = 840 + Math.floor(this.next() * 1261);
    const sentences: string[] = [];
    let size = 0;
    while (size < length) {
      const sentence = this.sentence();
      sentences.push(sentence);
      size += sentence.length + 1;
    }
    return sentences.join(' ');
  }

  private title(): string {
    const words = Array.from({ length: 8 + Math.floor(this.next() * 10) }, () => this.word());
    return words.map((word, index) => (index === 0 || word.length > 3 ? capitalise(word) : word)).join(' ');
  }

  private author(school: string) {
    const first = FIRST_NAMES[drawRank(this.firstNames, this.next())];
    const last = LAST_NAMES[drawRank(this.lastNames, this.next())];
    const local = `${first}.${last}`.toLowerCase().normalize('NFKD').replace(/[^a-z.]/g, '');
    return { name: `${first} ${last}`, email: `${local}@example.org`, school };
  }

  /** One published paper, published within the five years before `now`. */
  paper(now: number): GeneratedPaper {
    const pick = <T>(items: readonly T[]): T => items[Math.floor(this.next() * items.length)];
    const title = this.title();
    const abstract = this.abstract();
    const school = pick(SCHOOLS);
    const authorCount = [1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5][Math.floor(this.next() * 11)];
    const authors = Array.from({ length: authorCount }, () => this.author(this.next() < 0.8 ? school : pick(SCHOOLS)));
    const keywords = Array.from({ length: 3 }, () => this.word()).join(', ');
    const publishedAt = new Date(now - Math.floor(this.next() * 5 * 365 * 24 * 3600 * 1000));
    return { id: randomUUID(), title, abstract, category: pick(PAPER_CATEGORIES), keywords, authors, published_at: publishedAt.toISOString() };
  }
}
