import { WriteBatch } from './write-batch.js';

/** A write whose statements the test finishes by hand, recording what each one carried. */
function manualWrite(fails: (items: number[]) => boolean = () => false) {
  const statements: { items: number[]; finish: () => void }[] = [];
  const write = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      statements.push({ items, finish: () => (fails(items) ? reject(new Error(`bad ${items.join(',')}`)) : resolve(items.map((item) => `row ${item}`))) });
    });
  return { statements, write };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('WriteBatch', () => {
  it('writes at once when idle, and together what arrives while a statement runs', async () => {
    const { statements, write } = manualWrite();
    const batch = new WriteBatch(write, { maxSize: 3, maxRunning: 1 });
    const results = [1, 2, 3, 4, 5, 6].map((item) => batch.run(item));
    expect(statements.map((statement) => statement.items)).toEqual([[1]]);
    statements[0].finish();
    await settle();
    expect(statements.map((statement) => statement.items)).toEqual([[1], [2, 3, 4]]);
    statements[1].finish();
    await settle();
    statements[2].finish();
    await expect(Promise.all(results)).resolves.toEqual(['row 1', 'row 2', 'row 3', 'row 4', 'row 5', 'row 6']);
    expect(statements.map((statement) => statement.items)).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('writes a failed batch again row by row, so only the bad row fails', async () => {
    const { statements, write } = manualWrite((items) => items.includes(3));
    const batch = new WriteBatch(write, { maxSize: 10, maxRunning: 1 });
    const results = [1, 2, 3, 4].map((item) => batch.run(item).catch((error: Error) => error.message));
    statements[0].finish();
    await settle();
    statements[1].finish(); // 2, 3, 4 together: fails
    await settle();
    expect(statements.slice(2).map((statement) => statement.items)).toEqual([[2], [3], [4]]);
    statements.slice(2).forEach((statement) => statement.finish());
    await expect(Promise.all(results)).resolves.toEqual(['row 1', 'row 2', 'bad 3', 'row 4']);
  });
});
