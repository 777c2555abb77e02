import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { PaymentStatus } from './payment-status.js';
import { PaymentRepository } from './payment.repository.js';

export type PaymentProviderName = 'stripe' | 'test';

/**
 * One checkout session for the submission fee. The user and the paper are referenced by id
 * only: the payments module does not reach into other modules' entities. Writes that must be
 * race-free (claiming a fee, webhook upserts) are single SQL statements in PaymentRepository.
 */
const PaymentSchema = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  repository: () => PaymentRepository,
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid(),
    provider: p.string().$type<PaymentProviderName>(),
    providerSessionId: p.text().unique(),
    amount: p.integer(),
    currency: p.text(),
    status: p.enum(() => PaymentStatus).default(PaymentStatus.Pending),
    /** The submission this fee paid for; null while unused. */
    paperId: p.uuid().nullable().unique(),
    /** null when the session was first recorded from a webhook. */
    checkoutUrl: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    paidAt: p.datetime().nullable(),
    usedAt: p.datetime().nullable(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class Payment extends PaymentSchema.class {}
PaymentSchema.setClass(Payment);
export { PaymentSchema };
