import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { READ_POOL } from '../read-pool.js';

/** Prepared once per connection: the statement is parsed and planned once, not on every request. */
const CURRENT_VERSION: pg.QueryConfig = { name: 'paper-list-version', text: 'select version::text as version from paper_list_version' };

interface Round {
  promise: Promise<string>;
  resolve: (version: string) => void;
  reject: (error: unknown) => void;
}

/**
 * The public list's version, which PostgreSQL raises in the transaction of every change to a
 * published paper (Migration20261126001000_paper_list_version). Hand-written SQL on the read
 * pool: a read on the hot path whose cost was measured (docs/performance.md), for every request
 * of the list.
 *
 * Requests share reads, but never one sent before they arrived, which could predate a change
 * they must see: while a read is on its way, the requests that arrive wait for the next one,
 * sent when it returns, and share it. So under load one read answers several requests, and a
 * lone request reads at once.
 */
@Injectable()
export class PaperListVersionRepository {
  private next: Round | null = null;
  private reading = false;

  constructor(@Inject(READ_POOL) private readonly pool: pg.Pool) {}

  /** The version as of a read sent after this call. */
  current(): Promise<string> {
    if (this.next) return this.next.promise;
    let resolve!: Round['resolve'];
    let reject!: Round['reject'];
    const promise = new Promise<string>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.next = { promise, resolve, reject };
    if (!this.reading) this.send();
    return promise;
  }

  private send(): void {
    const round = this.next;
    if (!round) return;
    this.next = null;
    this.reading = true;
    this.pool.query<{ version: string }>(CURRENT_VERSION).then(
      ({ rows }) => this.settle(() => round.resolve(rows[0].version)),
      (error: unknown) => this.settle(() => round.reject(error)),
    );
  }

  private settle(answer: () => void): void {
    this.reading = false;
    answer();
    this.send();
  }
}
