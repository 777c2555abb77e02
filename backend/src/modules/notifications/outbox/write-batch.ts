interface Waiting<I, O> {
  item: I;
  resolve: (result: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Turns many one-row writes into few statements: a write that arrives while `maxRunning`
 * statements are under way waits, and all that waited go together in the next one. Idle, a
 * write runs at once, alone; busy, a statement's round trip is paid once per batch instead of
 * once per row. Each caller still gets its own row's result, or its own error: when a batch
 * fails, its rows are written again one by one, so one bad row fails only itself.
 */
export class WriteBatch<I, O> {
  private readonly waiting: Waiting<I, O>[] = [];
  private running = 0;

  /** `write` returns one result per item, in the items' order. */
  constructor(
    private readonly write: (items: I[]) => Promise<O[]>,
    private readonly options: { maxSize: number; maxRunning: number },
  ) {}

  run(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.options.maxRunning && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxSize);
      this.running += 1;
      void this.settle(batch).finally(() => {
        this.running -= 1;
        this.next();
      });
    }
  }

  private async settle(batch: Waiting<I, O>[]): Promise<void> {
    try {
      const results = await this.write(batch.map((entry) => entry.item));
      batch.forEach((entry, index) => entry.resolve(results[index]));
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
      await Promise.all(batch.map((entry) => this.settle([entry])));
    }
  }
}
