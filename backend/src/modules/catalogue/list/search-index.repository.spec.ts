import { estimatedShare, type SearchIndex } from './search-index.repository.js';

describe('search index: the estimated share of a search', () => {
  const index: SearchIndex = { rum: true, commonWordShares: new Map([['the', 0.99], ['cells', 0.2], ['cell', 0.1], ['water', 0.3]]), papers: 1000 };

  it('adds the shares of the common words of a part, at most 1, and multiplies the parts', () => {
    expect(estimatedShare(index, [['cell', 'cells']])).toBeCloseTo(0.3);
    expect(estimatedShare(index, [['cell', 'cells'], ['water']])).toBeCloseTo(0.09);
    expect(estimatedShare(index, [['the', 'cells']])).toBe(1);
  });

  it('counts a word that is not among the common ones as nothing', () => {
    expect(estimatedShare(index, [['puck', 'pucks']])).toBe(0);
    expect(estimatedShare(index, [['water'], ['puck']])).toBe(0);
  });
});
