import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

const PROVIDERS = ['stripe', 'test'] as const;
const TEST_CHECKOUT_STATUSES = ['open', 'complete', 'expired'] as const;

/** Checkout session ids as the providers issue them (`cs_test_…`, `cs_live_…`). */
export const SESSION_ID_PATTERN = /^cs_[A-Za-z0-9_-]{1,250}$/;

export class SubmissionFeeDto {
  @ApiProperty({ enum: ['unpaid', 'paid'], description: 'paid = the user has a paid fee not yet used by a submission' })
  status: 'unpaid' | 'paid';

  @ApiProperty({ example: 10000, description: 'In cents' })
  amount: number;

  @ApiProperty({ example: 'usd' })
  currency: string;

  @ApiProperty({ enum: PROVIDERS, description: "'test' is the built-in test mode: no real money" })
  provider: 'stripe' | 'test';
}

export class CheckoutSessionDto {
  @ApiProperty({ description: "The provider's checkout page" })
  url: string;

  @ApiProperty()
  sessionId: string;
}

export class VerifyPaymentDto {
  @ApiProperty({ maxLength: 255, example: 'cs_test_a1b2c3' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  @Matches(SESSION_ID_PATTERN, { message: 'sessionId must be a checkout session id' })
  sessionId: string;
}

export class VerifyPaymentResultDto {
  @ApiProperty()
  verified: boolean;
}

export class WebhookReceivedDto {
  @ApiProperty({ enum: [true] })
  received: true;
}

export class TestCheckoutDto {
  @ApiProperty()
  sessionId: string;

  @ApiProperty({ example: 10000 })
  amount: number;

  @ApiProperty({ example: 'usd' })
  currency: string;

  @ApiProperty({ enum: TEST_CHECKOUT_STATUSES })
  status: 'open' | 'complete' | 'expired';

  @ApiProperty({ description: 'Where the page sends the buyer after paying (with the session id)' })
  successUrl: string;

  @ApiProperty()
  cancelUrl: string;
}

export class RedirectUrlDto {
  @ApiProperty()
  redirectUrl: string;
}
