import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Authenticated, Public } from '../../common/auth/auth.decorators.js';
import { type AuthUser, CurrentUser } from '../auth/current-user.decorator.js';
import {
  CheckoutSessionDto,
  RedirectUrlDto,
  SubmissionFeeDto,
  TestCheckoutDto,
  VerifyPaymentDto,
  VerifyPaymentResultDto,
  WebhookReceivedDto,
} from './dtos/payment.dto.js';
import { PaymentsService } from './payments.service.js';

@ApiTags('payments')
@Controller('payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Get('submission-fee')
  @ApiOperation({ summary: 'Get the submission fee and whether it is paid' })
  @Authenticated()
  @ApiOkResponse({ type: SubmissionFeeDto })
  submissionFee(@CurrentUser() user: AuthUser): Promise<SubmissionFeeDto> {
    return this.payments.getSubmissionFee(user.id);
  }

  @Post('checkout')
  @ApiOperation({ summary: 'Start paying the submission fee' })
  @Authenticated()
  @ApiCreatedResponse({ type: CheckoutSessionDto, description: 'The open session of the last 30 minutes, or a new one' })
  @ApiConflictResponse({ description: 'PAYMENT_ALREADY_PAID' })
  @ApiServiceUnavailableResponse({ description: 'PAYMENT_PROVIDER_UNAVAILABLE' })
  checkout(@CurrentUser() user: AuthUser): Promise<CheckoutSessionDto> {
    return this.payments.createCheckout(user);
  }

  @Post('verify')
  @ApiOperation({ summary: 'Verify a payment' })
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ type: VerifyPaymentResultDto })
  @ApiServiceUnavailableResponse({ description: 'PAYMENT_PROVIDER_UNAVAILABLE' })
  verify(@CurrentUser() user: AuthUser, @Body() dto: VerifyPaymentDto): Promise<VerifyPaymentResultDto> {
    return this.payments.verify(user.id, dto.sessionId);
  }

  @Post('webhook')
  @ApiOperation({ summary: 'Receive a Stripe event' })
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookReceivedDto, description: 'A Stripe event, verified by its Stripe-Signature header' })
  @ApiBadRequestResponse({ description: 'WEBHOOK_SIGNATURE_INVALID' })
  @ApiNotFoundResponse({ description: 'Stripe is not the payment provider' })
  webhook(@Req() request: RawBodyRequest<FastifyRequest>, @Headers('stripe-signature') signature?: string): Promise<WebhookReceivedDto> {
    return this.payments.handleWebhook(request.rawBody, signature);
  }

  @Get('test-checkout/:sessionId')
  @ApiOperation({ summary: 'Get a test-mode checkout' })
  @Authenticated()
  @ApiOkResponse({ type: TestCheckoutDto })
  @ApiNotFoundResponse({ description: "Not the test provider, or not the caller's session" })
  testCheckout(@CurrentUser() user: AuthUser, @Param('sessionId') sessionId: string): Promise<TestCheckoutDto> {
    return this.payments.getTestCheckout(user.id, sessionId);
  }

  @Post('test-checkout/:sessionId/complete')
  @ApiOperation({ summary: 'Pay a test-mode checkout' })
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ type: RedirectUrlDto, description: 'The success URL with the session id' })
  @ApiNotFoundResponse({ description: "Not the test provider, or not the caller's session" })
  completeTestCheckout(@CurrentUser() user: AuthUser, @Param('sessionId') sessionId: string): Promise<RedirectUrlDto> {
    return this.payments.completeTestCheckout(user.id, sessionId);
  }

  @Post('test-checkout/:sessionId/cancel')
  @ApiOperation({ summary: 'Cancel a test-mode checkout' })
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ type: RedirectUrlDto, description: 'The cancel URL' })
  @ApiNotFoundResponse({ description: "Not the test provider, or not the caller's session" })
  cancelTestCheckout(@CurrentUser() user: AuthUser, @Param('sessionId') sessionId: string): Promise<RedirectUrlDto> {
    return this.payments.cancelTestCheckout(user.id, sessionId);
  }
}
