import { PAPER_CATEGORIES } from '../../modules/catalogue/paper-category.js';
import { seededRandom } from './generated-paper.js';
import { HEAD_WORDS, RealisticCorpus, drawRank, rankedVocabulary } from './realistic-corpus.js';

const WORD = /[\p{L}\p{N}]+/gu;

describe('the realistic corpus', () => {
  const vocabulary = rankedVocabulary();
  const now = Date.UTC(2026, 10, 1);
  const papers = (() => {
    const corpus = new RealisticCorpus(vocabulary, seededRandom(7));
    return Array.from({ length: 2000 }, () => corpus.paper(now));
  })();
  /** In how many of the papers each word occurs (title, names or abstract, lower-cased). */
  const documentFrequency = new Map<string, number>();
  for (const paper of papers) {
    const text = `${paper.title} ${paper.authors.map((author) => author.name).join(' ')} ${paper.abstract}`.toLowerCase();
    for (const word of new Set(text.match(WORD))) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  }

  it('ranks the whole English word list after the words that lead abstracts, the same every time', () => {
    expect(vocabulary.words.length).toBeGreaterThanOrEqual(274_000);
    expect(new Set(vocabulary.words).size).toBe(vocabulary.words.length);
    expect(vocabulary.words.slice(0, HEAD_WORDS.length)).toEqual(HEAD_WORDS);
    expect(rankedVocabulary().words.slice(0, 5000)).toEqual(vocabulary.words.slice(0, 5000));
    expect(vocabulary.cumulative.at(-1)).toBeCloseTo(1, 12);
  });

  it('draws ranks by their cumulative probability', () => {
    expect(drawRank(vocabulary.cumulative, 0)).toBe(0);
    expect(drawRank(vocabulary.cumulative, vocabulary.cumulative[9])).toBe(9);
    expect(drawRank(vocabulary.cumulative, vocabulary.cumulative[9] + 1e-12)).toBe(10);
    expect(drawRank(vocabulary.cumulative, 0.999999999999)).toBe(vocabulary.words.length - 1);
  });

  it('has a long tail: a few words in most papers, tens of thousands seen once or twice', () => {
    expect(documentFrequency.get('the')).toBeGreaterThan(0.95 * papers.length);
    const inMostPapers = [...documentFrequency.values()].filter((count) => count > papers.length / 2).length;
    expect(inMostPapers).toBeGreaterThan(20);
    expect(inMostPapers).toBeLessThan(200);
    const rare = [...documentFrequency.values()].filter((count) => count <= 2).length;
    expect(rare).toBeGreaterThan(50_000);
    // The band a search finds hardest (0.2% to 1.3% of papers) holds many words.
    const band = [...documentFrequency.values()].filter((count) => count >= 4 && count <= 26).length;
    expect(band).toBeGreaterThan(2000);
  });

  it('follows Zipf: a word ten times further down the ranks is in about ten times fewer papers', () => {
    const frequencyOfRanks = (from: number, to: number) => {
      const words = vocabulary.words.slice(from, to);
      return words.reduce((sum, word) => sum + (documentFrequency.get(word) ?? 0), 0) / words.length;
    };
    const ratio = frequencyOfRanks(1000, 1100) / frequencyOfRanks(10_000, 11_000);
    expect(ratio).toBeGreaterThan(6);
    expect(ratio).toBeLessThan(14);
  });

  it('writes abstracts and titles of real lengths', () => {
    const meanAbstract = papers.reduce((sum, paper) => sum + paper.abstract.length, 0) / papers.length;
    expect(meanAbstract).toBeGreaterThan(1480);
    expect(meanAbstract).toBeLessThan(1580);
    for (const paper of papers) {
      expect(paper.abstract.length).toBeGreaterThanOrEqual(840);
      const titleWords = paper.title.split(' ').length;
      expect(titleWords).toBeGreaterThanOrEqual(8);
      expect(titleWords).toBeLessThanOrEqual(17);
    }
  });

  it('mentions years, recent ones more than old ones, and numbers', () => {
    const share = (word: string) => (documentFrequency.get(word) ?? 0) / papers.length;
    expect(share('2025')).toBeGreaterThan(0.005);
    expect(share('2025')).toBeGreaterThan(share('1960'));
    expect(papers.filter((paper) => /\d+(\.\d)?%?/.test(paper.abstract)).length).toBeGreaterThan(0.9 * papers.length);
  });

  it('has one to five authors with names of many origins, categories and dates spread', () => {
    const surnames = new Set(papers.flatMap((paper) => paper.authors.map((author) => author.name.split(' ').slice(1).join(' '))));
    expect(surnames.size).toBeGreaterThan(100);
    for (const paper of papers) {
      expect(paper.authors.length).toBeGreaterThanOrEqual(1);
      expect(paper.authors.length).toBeLessThanOrEqual(5);
      for (const author of paper.authors) expect(author.email).toMatch(/^[a-z.]+@example\.org$/);
    }
    expect(new Set(papers.map((paper) => paper.category))).toEqual(new Set(PAPER_CATEGORIES));
    const dates = papers.map((paper) => Date.parse(paper.published_at));
    expect(Math.max(...dates)).toBeLessThanOrEqual(now);
    expect(Math.min(...dates)).toBeGreaterThan(now - 5 * 366 * 24 * 3600 * 1000);
    expect(new Set(dates).size).toBeGreaterThan(1990);
  });

  it('gives the same papers for the same seed', () => {
    const again = new RealisticCorpus(vocabulary, seededRandom(7));
    const first = again.paper(now);
    expect({ ...first, id: '' }).toEqual({ ...papers[0], id: '' });
  });
});
