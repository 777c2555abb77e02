import { SendSlots } from './send-slots.js';

describe('SendSlots', () => {
  it('runs at most its size at once, the rest in the order they asked, and frees a slot on failure', async () => {
    const slots = new SendSlots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const work = (index: number, fail = false) =>
      slots.run(async () => {
        started.push(index);
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        if (fail) throw new Error(`work ${index} failed`);
        return index;
      });
    const results = [work(0, true), work(1), work(2), work(3)].map((promise) => promise.catch((error: Error) => error.message));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(results)).toEqual(['work 0 failed', 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(most).toBe(2);
  });
});
