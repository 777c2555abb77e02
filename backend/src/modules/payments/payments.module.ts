import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { REDIS_CLIENT } from '../../redis/redis.module.js';
import { UsersModule } from '../users/users.module.js';
import { PaymentCheckoutAttempt } from './entities/payment-checkout-attempt.entity.js';
import { Payment } from './entities/payment.entity.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsService } from './payments.service.js';
import { PaymentProvider } from './providers/payment-provider.js';
import { StripePaymentProvider } from './providers/stripe-payment.provider.js';
import { TestPaymentProvider } from './providers/test-payment.provider.js';

/**
 * The $100 submission fee (docs/api.md, "Payments"): checkout, verification, the signed Stripe
 * webhook, the test provider's checkout page, and `consumeSubmissionFee` for the papers module.
 */
@Module({
  imports: [MikroOrmModule.forFeature([Payment, PaymentCheckoutAttempt]), UsersModule],
  controllers: [PaymentsController],
  providers: [
    {
      provide: PaymentProvider,
      inject: [APP_CONFIG, REDIS_CLIENT],
      useFactory: (config: AppConfig, redis: Redis): PaymentProvider => {
        const payments = config.payments;
        switch (payments.provider) {
          case 'stripe':
            return new StripePaymentProvider({
              secretKey: payments.stripeSecretKey,
              webhookSecret: payments.stripeWebhookSecret,
              apiUrl: payments.stripeApiUrl,
              productName: `${config.journal.name} submission fee`,
            });
          case 'test':
            return new TestPaymentProvider(redis, config.redis.prefix, config.http.publicUrl);
        }
      },
    },
    PaymentsService,
  ],
  exports: [PaymentsService],
})
export class PaymentsModule {}
