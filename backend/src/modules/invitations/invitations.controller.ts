import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated, Public } from '../../common/auth/auth.decorators.js';
import { Permission } from '../../common/access/permission.js';
import { RateLimit, RateLimitPolicy } from '../../common/rate-limit/rate-limit.decorator.js';
import { type AuthUser, CurrentUser } from '../auth/current-user.decorator.js';
import {
  AcceptInvitationDto,
  AcceptedInvitationDto,
  CreatedRolesDto,
  InvitationDto,
  InvitationTokenDto,
  InviteReviewerDto,
  ListInvitationsQueryDto,
  RemoveInvitationsDto,
  RemovedInvitationsDto,
  ReviewerOverviewDto,
  VerifiedInvitationDto,
} from './dtos/invitation.dto.js';
import { InvitationsService } from './invitations.service.js';

@ApiTags('invitations')
@Controller()
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post('admin/invitations')
  @ApiOperation({ summary: 'Invite a reviewer' })
  @Authenticated({ permission: Permission.InvitationSend })
  @ApiCreatedResponse({ type: InvitationDto, description: 'The invitation, its link and its e-mail, recorded together' })
  @ApiConflictResponse({ description: 'INVITATION_PENDING_EXISTS' })
  invite(@CurrentUser() admin: AuthUser, @Body() dto: InviteReviewerDto): Promise<InvitationDto> {
    return this.invitations.invite(admin, dto);
  }

  @Get('admin/invitations')
  @ApiOperation({ summary: 'List the reviewer invitations' })
  @Authenticated({ permission: Permission.InvitationRead })
  @ApiOkResponse({ type: [InvitationDto], description: 'Newest first' })
  list(@Query() query: ListInvitationsQueryDto): Promise<InvitationDto[]> {
    return this.invitations.list(query);
  }

  @Post('admin/invitations/remove')
  @ApiOperation({ summary: "Remove an e-mail's invitations" })
  @Authenticated({ permission: Permission.InvitationRemove })
  @HttpCode(200)
  @ApiOkResponse({ type: RemovedInvitationsDto, description: "Every invitation for the e-mail, and its links; an empty e-mail removes nothing" })
  remove(@Body() dto: RemoveInvitationsDto): Promise<RemovedInvitationsDto> {
    return this.invitations.remove(dto);
  }

  @Get('admin/reviewers/overview')
  @ApiOperation({ summary: 'Get the reviewers overview' })
  @Authenticated({ permission: Permission.InvitationRead })
  @ApiOkResponse({ type: ReviewerOverviewDto })
  overview(): Promise<ReviewerOverviewDto> {
    return this.invitations.overview();
  }

  @Post('admin/reviewers/missing-roles')
  @ApiOperation({ summary: 'Give the reviewer role to every accepted invitation' })
  @Authenticated({ permission: Permission.InvitationGrantRole })
  @HttpCode(200)
  @ApiOkResponse({ type: CreatedRolesDto, description: 'The reviewer role for every account with an accepted invitation (idempotent)' })
  createMissingRoles(): Promise<CreatedRolesDto> {
    return this.invitations.createMissingRoles();
  }

  @Post('invitations/verify')
  @ApiOperation({ summary: 'Check an invitation link' })
  @Public()
  @RateLimit(RateLimitPolicy.AuthAction)
  @HttpCode(200)
  @ApiOkResponse({ type: VerifiedInvitationDto, description: 'A pending invitation; the link is not used' })
  @ApiNotFoundResponse({ description: 'INVITATION_NOT_FOUND' })
  verify(@Body() dto: InvitationTokenDto): Promise<VerifiedInvitationDto> {
    return this.invitations.verify(dto.token);
  }

  /** 201 when a visitor's account is created, 200 when a signed-in owner of the address gets the role. */
  @Post('invitations/accept')
  @ApiOperation({ summary: 'Accept an invitation' })
  @Public()
  @RateLimit(RateLimitPolicy.AuthAction)
  @ApiCreatedResponse({ type: AcceptedInvitationDto, description: 'A visitor: the new reviewer account' })
  @ApiOkResponse({ type: AcceptedInvitationDto, description: 'Signed in as the invited e-mail: the reviewer role added' })
  @ApiConflictResponse({ description: 'INVITATION_ACCOUNT_EXISTS' })
  @ApiForbiddenResponse({ description: 'INVITATION_OTHER_ACCOUNT' })
  @ApiNotFoundResponse({ description: 'INVITATION_NOT_FOUND' })
  async accept(@CurrentUser({ optional: true }) user: AuthUser | undefined, @Body() dto: AcceptInvitationDto, @Res() reply: FastifyReply): Promise<void> {
    const accepted = await this.invitations.accept(user, dto);
    await reply.status(accepted.createdAccount ? 201 : 200).send(accepted.body);
  }
}
