import { type EntityManager, type EntityName, type FilterQuery, LockMode } from '@mikro-orm/postgresql';

export interface TransitionGuard<T> {
  /** The answer when the row is not there (any more): the 404 a request after its removal gets. */
  missing: () => Error;
  /**
   * The transition's preconditions, run on the locked row: throws the 404 or 409 a request sent
   * after the other one's commit gets. May query, on `tx` only (the access check on the row).
   */
  check?: (row: T) => void | Promise<void>;
}

/**
 * How every state transition reads the row it changes: `select ... for update` inside the
 * transaction, read afresh (never the identity map's copy), then the guard on what the lock holds.
 * Whatever was checked before the lock (the access check, a read for an e-mail's text) may be out
 * of date by the time a racing transition commits and the lock is granted; checked again here, the
 * race ends as if the two had been sent one after the other, instead of writing on a state the
 * transition does not allow (a check constraint's 500, or the other's change undone).
 */
export async function lockForTransition<T extends object>(tx: EntityManager, entity: EntityName<T>, where: FilterQuery<NoInfer<T>>, guard: TransitionGuard<T>): Promise<T> {
  // Outside a transaction the lock would end with the statement, and the check would guard nothing.
  if (!tx.isInTransaction()) throw new Error('lockForTransition needs a transaction');
  const row = (await tx.findOne(entity, where, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true })) as T | null;
  if (!row) throw guard.missing();
  await guard.check?.(row);
  return row;
}
