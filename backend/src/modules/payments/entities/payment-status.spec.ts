import { isForwardMove, PaymentStatus, STATUS_RANK, statusRankSql } from './payment-status.js';

describe('payment status order', () => {
  const { Pending, Expired, Canceled, Paid } = PaymentStatus;

  it('only moves forward: pending → expired/canceled → paid', () => {
    expect(isForwardMove(Pending, Expired)).toBe(true);
    expect(isForwardMove(Pending, Canceled)).toBe(true);
    expect(isForwardMove(Pending, Paid)).toBe(true);
    expect(isForwardMove(Expired, Paid)).toBe(true);
    expect(isForwardMove(Canceled, Paid)).toBe(true);
  });

  it('never moves back or sideways, and a duplicate changes nothing', () => {
    expect(isForwardMove(Paid, Expired)).toBe(false);
    expect(isForwardMove(Paid, Canceled)).toBe(false);
    expect(isForwardMove(Paid, Pending)).toBe(false);
    expect(isForwardMove(Expired, Pending)).toBe(false);
    expect(isForwardMove(Expired, Canceled)).toBe(false);
    expect(isForwardMove(Canceled, Expired)).toBe(false);
    for (const status of Object.values(PaymentStatus)) expect(isForwardMove(status, status)).toBe(false);
  });

  it('ranks every status, in SQL the same way', () => {
    expect(Object.keys(STATUS_RANK).sort()).toEqual(Object.values(PaymentStatus).sort());
    expect(statusRankSql('payments.status')).toBe(
      "(case payments.status when 'pending' then 0 when 'expired' then 1 when 'canceled' then 1 when 'paid' then 2 end)",
    );
  });
});
