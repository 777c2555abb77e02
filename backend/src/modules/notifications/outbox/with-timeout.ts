/** Rejects if the promise has not settled within `ms`: a request or a relay pass must not hang on Redis. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
