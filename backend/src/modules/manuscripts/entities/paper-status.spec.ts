import { PAPER_STATUSES, progressOf } from './paper-status.js';

describe('progressOf (spec section 4)', () => {
  it.each([
    ['submitted', 25],
    ['under_review', 50],
    ['accepted', 75],
    ['published', 100],
    ['rejected', 0],
    ['in_review', 0],
  ])('%s is %i', (status, progress) => {
    expect(progressOf(status)).toBe(progress);
  });

  it('lists the statuses in the order of the spec', () => {
    expect(PAPER_STATUSES).toEqual(['submitted', 'under_review', 'accepted', 'published', 'rejected']);
  });
});
