import { COMMON_TERM, generateBulkPaper } from './bulk-papers.seeder.js';
import { PAPER_CATEGORIES } from '../../modules/catalogue/paper-category.js';

describe('generated papers', () => {
  let seed = 42;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return (seed - 1) / 2147483646;
  };
  const papers = Array.from({ length: 5000 }, () => generateBulkPaper(next, Date.UTC(2026, 0, 1)));

  it('mentions the common term in about 10% of abstracts, and nowhere else', () => {
    const share = papers.filter((paper) => paper.abstract.includes(COMMON_TERM)).length / papers.length;
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.12);
    expect(papers.some((paper) => `${paper.title} ${paper.keywords} ${JSON.stringify(paper.authors)}`.includes(COMMON_TERM))).toBe(false);
  });

  it('varies titles, categories, authors and dates', () => {
    expect(new Set(papers.map((paper) => paper.title)).size).toBeGreaterThan(1000);
    expect(new Set(papers.map((paper) => paper.category))).toEqual(new Set(PAPER_CATEGORIES));
    expect(new Set(papers.map((paper) => paper.published_at)).size).toBeGreaterThan(4900);
    for (const paper of papers.slice(0, 100)) {
      expect(paper.authors.length).toBeGreaterThanOrEqual(1);
      expect(new Set(paper.abstract.split('. ')).size).toBe(paper.abstract.split('. ').length);
    }
  });
});
