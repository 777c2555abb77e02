import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { Payment } from './entities/payment.entity.js';
import { PaymentsService } from './payments.service.js';

/**
 * The $100 submission fee (docs/api.md, "Payments"): checkout, verification, the signed Stripe
 * webhook, the test provider's checkout page, and `consumeSubmissionFee` for the papers module.
 */
@Module({
  imports: [MikroOrmModule.forFeature([Payment])],
  providers: [PaymentsService],
  exports: [PaymentsService],
})
export class PaymentsModule {}
