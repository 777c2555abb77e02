/** Where a checkout session stands. A paid fee is "used" once `paperId` is set. */
export enum PaymentStatus {
  Pending = 'pending',
  Expired = 'expired',
  Canceled = 'canceled',
  Paid = 'paid',
}

/**
 * States only move forward (docs/api.md): pending → expired/canceled → paid. A late
 * `expired` event after the payment completed must not undo it, and a duplicate must change
 * nothing. SQL updates use statusRankSql so that the database applies the same order.
 */
export const STATUS_RANK: Record<PaymentStatus, number> = {
  [PaymentStatus.Pending]: 0,
  [PaymentStatus.Expired]: 1,
  [PaymentStatus.Canceled]: 1,
  [PaymentStatus.Paid]: 2,
};

export function isForwardMove(from: PaymentStatus, to: PaymentStatus): boolean {
  return STATUS_RANK[to] > STATUS_RANK[from];
}

/** STATUS_RANK as an SQL expression over a status column, e.g. `payments.status`. */
export function statusRankSql(column: string): string {
  const cases = Object.entries(STATUS_RANK).map(([status, rank]) => `when '${status}' then ${rank}`);
  return `(case ${column} ${cases.join(' ')} end)`;
}
