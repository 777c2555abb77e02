/**
 * At most `size` e-mails in flight in one worker, whether they come from single jobs or from
 * batches: a batch job of a hundred rows must not put a hundred renders and sends in hand at
 * once. Waiting work starts in the order it asked.
 */
export class SendSlots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or back to the pool.
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}
