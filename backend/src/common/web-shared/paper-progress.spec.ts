import { paperProgress } from './paper-progress.js';

describe('paperProgress (spec section 4)', () => {
  it.each([
    ['submitted', 25],
    ['under_review', 50],
    ['accepted', 75],
    ['published', 100],
    ['rejected', 0],
  ])('%s is %i', (status, progress) => {
    expect(paperProgress(status)).toBe(progress);
  });

  it("is 0 for a status the spec does not list, an object's own property names included", () => {
    for (const status of ['in_review', '', 'constructor', 'toString', '__proto__']) expect(paperProgress(status)).toBe(0);
  });
});
