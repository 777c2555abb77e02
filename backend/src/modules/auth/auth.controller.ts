import { Body, Controller, Get, HttpCode, Post, Query, Redirect, Req, Res, UseFilters } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiFoundResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, Public } from '../../common/auth/auth.decorators.js';
import { RateLimit, RateLimitPolicy } from '../../common/rate-limit/rate-limit.decorator.js';
import { AuthCookies } from './auth-cookies.js';
import type { RedirectTarget } from './auth-redirects.js';
import { AuthService } from './auth.service.js';
import { CurrentUser, type AuthUser } from './current-user.decorator.js';
import { EmailLinkExceptionFilter } from './email-link-exception.filter.js';
import { ForgotPasswordDto } from './dtos/forgot-password.dto.js';
import { MessageResponseDto } from './dtos/message-response.dto.js';
import { ResendConfirmationDto } from './dtos/resend-confirmation.dto.js';
import { ResetPasswordDto } from './dtos/reset-password.dto.js';
import { SessionResponseDto } from './dtos/session-response.dto.js';
import { SignInDto } from './dtos/sign-in.dto.js';
import { SignUpDto } from './dtos/sign-up.dto.js';
import { readAccessToken } from './session-authenticator.service.js';
import { clientInfoOf } from './sessions.service.js';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookies: AuthCookies,
  ) {}

  @Post('sign-up')
  @ApiOperation({ summary: 'Create an account' })
  @Public()
  @RateLimit(RateLimitPolicy.AuthAction)
  @ApiCreatedResponse({ type: MessageResponseDto, description: 'Account created; the confirmation e-mail is queued' })
  @ApiConflictResponse({ description: 'AUTH_ACCOUNT_EXISTS' })
  @ApiBadRequestResponse({ description: 'AUTH_WEAK_PASSWORD or VALIDATION_FAILED' })
  signUp(@Body() dto: SignUpDto): Promise<MessageResponseDto> {
    return this.auth.signUp(dto);
  }

  @Get('confirm')
  @ApiOperation({ summary: 'Confirm an e-mail address (the link in the confirmation e-mail)' })
  @Public()
  @RateLimit(RateLimitPolicy.EmailLink)
  @UseFilters(EmailLinkExceptionFilter)
  @Redirect()
  @ApiQuery({ name: 'token', required: false })
  @ApiFoundResponse({ description: 'To /auth?success=email_confirmed, or to /auth with error parameters (also when rate-limited or failing)' })
  confirm(@Query('token') token?: string): Promise<RedirectTarget> {
    return this.auth.confirmEmail(token);
  }

  @Post('resend-confirmation')
  @ApiOperation({ summary: 'Send the confirmation e-mail again' })
  @Public()
  @HttpCode(202)
  @RateLimit(RateLimitPolicy.AuthAction)
  @ApiAcceptedResponse({ type: MessageResponseDto, description: 'The same answer whether or not the address exists or is confirmed' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED' })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMITED' })
  resendConfirmation(@Body() dto: ResendConfirmationDto): Promise<MessageResponseDto> {
    return this.auth.resendConfirmation(dto);
  }

  @Post('sign-in')
  @ApiOperation({ summary: 'Sign in with e-mail and password' })
  @Public()
  @HttpCode(200)
  @RateLimit(RateLimitPolicy.SignIn)
  @ApiOkResponse({ type: SessionResponseDto, description: 'Signed in; sets the access_token and refresh_token cookies' })
  @ApiUnauthorizedResponse({ description: 'AUTH_INVALID_CREDENTIALS' })
  @ApiForbiddenResponse({ description: 'AUTH_EMAIL_NOT_CONFIRMED' })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMITED' })
  async signIn(@Body() dto: SignInDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<SessionResponseDto> {
    return this.cookies.issue(reply, await this.auth.signIn(dto, clientInfoOf(request)));
  }

  @Post('refresh')
  @ApiOperation({ summary: 'Refresh the session' })
  @Public()
  @HttpCode(200)
  @RateLimit(RateLimitPolicy.Refresh)
  @ApiOkResponse({ type: SessionResponseDto, description: 'Both cookies rotated' })
  @ApiUnauthorizedResponse({ description: 'AUTH_REFRESH_INVALID (cookies cleared)' })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMITED (per session; the cookies stay, try again after Retry-After)' })
  refresh(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<SessionResponseDto> {
    return this.cookies.issueOrClear(reply, () => this.auth.refresh(this.cookies.readRefreshToken(request), clientInfoOf(request)));
  }

  @Get('session')
  @ApiOperation({ summary: 'Get the signed-in user and session' })
  @Authenticated()
  @ApiOkResponse({ type: SessionResponseDto })
  session(@CurrentUser() user: AuthUser): Promise<SessionResponseDto> {
    return this.auth.describeSession(user);
  }

  @Post('sign-out')
  @ApiOperation({ summary: 'Sign out' })
  @Public()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'This session revoked (if any) and the cookies cleared' })
  async signOut(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    return this.cookies.clearAfter(reply, this.auth.signOut(this.cookies.readRefreshToken(request), readAccessToken(request)));
  }

  @Post('sign-out-everywhere')
  @ApiOperation({ summary: 'Sign out of every session' })
  @Authenticated()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Every session of the user revoked and the cookies cleared' })
  signOutEverywhere(@CurrentUser() user: AuthUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    return this.cookies.clearAfter(reply, this.auth.signOutEverywhere(user));
  }

  @Post('forgot-password')
  @ApiOperation({ summary: 'Request a password-reset e-mail' })
  @Public()
  @HttpCode(202)
  @RateLimit(RateLimitPolicy.AuthAction)
  @ApiAcceptedResponse({ type: MessageResponseDto, description: 'The same answer whether or not the address exists' })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMITED' })
  forgotPassword(@Body() dto: ForgotPasswordDto): Promise<MessageResponseDto> {
    return this.auth.forgotPassword(dto);
  }

  @Get('recover')
  @ApiOperation({ summary: 'Open a password-reset link (the link in the reset e-mail)' })
  @Public()
  @RateLimit(RateLimitPolicy.EmailLink)
  @UseFilters(EmailLinkExceptionFilter)
  @Redirect()
  @ApiQuery({ name: 'token', required: false })
  @ApiFoundResponse({ description: 'To /auth?type=recovery#recovery_token=…, or to /auth with error parameters (also when rate-limited or failing)' })
  recover(@Query('token') token?: string): Promise<RedirectTarget> {
    return this.auth.recoverLink(token);
  }

  @Post('reset-password')
  @ApiOperation({ summary: 'Set a new password' })
  @Public()
  @HttpCode(204)
  @RateLimit(RateLimitPolicy.AuthAction)
  @ApiNoContentResponse({ description: 'Password set, token used up, every session revoked' })
  @ApiBadRequestResponse({ description: 'AUTH_RESET_EXPIRED, AUTH_RESET_INVALID, AUTH_WEAK_PASSWORD or VALIDATION_FAILED' })
  resetPassword(@Body() dto: ResetPasswordDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    return this.cookies.clearAfter(reply, this.auth.resetPassword(dto));
  }
}
