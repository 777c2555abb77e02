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
 * nothing. The same ranks are written in SQL in payments.service.ts (STATUS_RANK_SQL).
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
