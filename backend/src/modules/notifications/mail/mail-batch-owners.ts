import type { IRedisClient } from 'bullmq';
import type { MailQueue } from './mail-job.js';

/** Makes ARGV[1] the owner of each row in ARGV[2..] that has none yet. */
const CLAIM = `
for i = 2, #ARGV do redis.call('hsetnx', KEYS[1], ARGV[i], ARGV[1]) end
return #ARGV - 1`;

/**
 * Gives row ARGV[1] to its own job if its owner is still ARGV[2] (no entry counts as the row's
 * own job) and, when that owner is a batch, the batch (hash KEYS[2]) can no longer run: gone, or
 * finished. In one script, so a batch cannot start (its first step reads which rows it owns)
 * and no late request can claim the row between the check and the change.
 */
const TAKE_OVER = `
local owner = redis.call('hget', KEYS[1], ARGV[1]) or ARGV[1]
if owner ~= ARGV[2] then return 0 end
if owner ~= ARGV[1] and redis.call('exists', KEYS[2]) == 1 and redis.call('hexists', KEYS[2], 'finishedOn') == 0 then return 0 end
redis.call('hset', KEYS[1], ARGV[1], ARGV[1])
return 1`;

const CLAIM_COMMAND = 'journalMailClaimOwners';
const TAKE_OVER_COMMAND = 'journalMailTakeOver';
const scriptsDefined = new WeakSet<IRedisClient>();

/**
 * Which job may send an outbox row: the job named for it in one Redis hash, else (no entry) the
 * row's own job (job id = row id). Every job sends only rows it owns, so a row never has two
 * jobs that may send it, whichever of the request, the relay and a batch's hand-over adds its
 * job first. A row gets an entry only when it goes in a batch, or when the relay or a batch gives
 * it to its own job; entries go once the row is settled. It lives in Redis beside the jobs, so
 * emptying Redis drops both together, and the relay sends the rows again with jobs of their own.
 */
export class MailBatchOwners {
  private readonly key: string;

  constructor(private readonly queue: MailQueue) {
    this.key = queue.toKey('batch-owners');
  }

  /** The queue's Redis client, with this class's scripts registered on it. */
  private async redis(): Promise<IRedisClient> {
    const client = await this.queue.getBackend().client;
    if (!scriptsDefined.has(client)) {
      client.defineCommand(CLAIM_COMMAND, { numberOfKeys: 1, lua: CLAIM });
      client.defineCommand(TAKE_OVER_COMMAND, { numberOfKeys: 2, lua: TAKE_OVER });
      scriptsDefined.add(client);
    }
    return client;
  }

  /** Makes the batch `jobId` the owner of each row that has none yet; before the batch is added, so it never runs rows it does not own. */
  async claim(jobId: string, outboxIds: readonly string[]): Promise<void> {
    await (await this.redis()).runCommand(CLAIM_COMMAND, [this.key, jobId, ...outboxIds]);
  }

  /** The rows of `outboxIds` that the batch `jobId` owns, in their order. */
  async ownedBy(jobId: string, outboxIds: readonly string[]): Promise<string[]> {
    if (outboxIds.length === 0) return [];
    const owners = await (await this.redis()).hmget(this.key, ...outboxIds);
    return outboxIds.filter((_id, index) => owners[index] === jobId);
  }

  /** The owner recorded for the row, or null: then it is its own job's. */
  async recordedOwner(outboxId: string): Promise<string | null> {
    return (await this.redis()).hget(this.key, outboxId);
  }

  /**
   * Forgets the owners of rows that need no entry any more: sent and recorded, or found done.
   * Only the owning job (while it runs) or the relay (once it has settled the row) calls it, so
   * no other job's claim is lost.
   */
  async release(outboxIds: readonly string[]): Promise<void> {
    if (outboxIds.length === 0) return;
    await (await this.redis()).hdel(this.key, ...outboxIds);
  }

  /** A batch gives up a row it owns (it failed there) to the row's own job, before adding that job. */
  async handOver(outboxId: string): Promise<void> {
    await (await this.redis()).hset(this.key, { [outboxId]: outboxId });
  }

  /**
   * The relay gives the row to its own job if `expectedOwner` (a batch's id, or the row's own)
   * still owns it and, being a batch, can no longer run; says whether it did.
   */
  async takeOver(outboxId: string, expectedOwner: string): Promise<boolean> {
    const result: unknown = await (await this.redis()).runCommand(TAKE_OVER_COMMAND, [this.key, this.queue.toKey(expectedOwner), outboxId, expectedOwner]);
    return result === 1;
  }
}
