import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { Trim } from '../../../common/dtos/trim.transform.js';
import { MAX_PASSWORD_LENGTH } from '../../auth/password-hasher.js';
import { INVITATION_STATUSES, type InvitationStatus } from '../invitation-status.js';

export const INVITATIONS_DEFAULT_LIMIT = 10;
export const INVITATIONS_MAX_LIMIT = 100;
const MAIL_DELIVERIES = ['queued', 'sent', 'failed'] as const;

export class InviteReviewerDto {
  @ApiProperty({ format: 'email', maxLength: 254, example: 'reviewer@example.org' })
  @Trim()
  @IsEmail()
  @MaxLength(254)
  email: string;
}

export class ListInvitationsQueryDto {
  @ApiPropertyOptional({ enum: INVITATION_STATUSES, enumName: 'InvitationStatus', description: 'Absent: every status' })
  @IsOptional()
  @IsIn(INVITATION_STATUSES, { message: `status must be one of: ${INVITATION_STATUSES.join(', ')}` })
  status?: InvitationStatus;

  @ApiPropertyOptional({ minimum: 1, maximum: INVITATIONS_MAX_LIMIT, default: INVITATIONS_DEFAULT_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(INVITATIONS_MAX_LIMIT)
  limit?: number;
}

export class InvitationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'As the admin typed it, trimmed' }) email: string;
  @ApiProperty({ enum: INVITATION_STATUSES, enumName: 'InvitationStatus' }) status: InvitationStatus;
  @ApiProperty({ format: 'date-time' }) invitedAt: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) acceptedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The inviting editor's name or e-mail; null once that account is gone" }) invitedByName: string | null;
  @ApiProperty({ enum: MAIL_DELIVERIES, enumName: 'MailDelivery', description: "The invitation e-mail's outbox state" }) delivery: (typeof MAIL_DELIVERIES)[number];
}

export class RemoveInvitationsDto {
  @ApiProperty({ maxLength: 254, description: 'Trimmed; empty removes nothing' })
  @Trim()
  @IsString()
  @ValidateIf((dto: RemoveInvitationsDto) => dto.email !== '')
  @IsEmail()
  @MaxLength(254)
  email: string;
}

export class RemovedInvitationsDto {
  @ApiProperty() removed: number;
}

export class InvitationTokenDto {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token: string;
}

export class VerifiedInvitationDto {
  @ApiProperty() email: string;
  @ApiProperty({ description: 'Whether an account exists for the e-mail (the person signs in, then accepts)' }) accountExists: boolean;
}

export class AcceptInvitationDto extends InvitationTokenDto {
  @ApiPropertyOptional({ maxLength: 100, description: 'Required from a visitor (a new account)' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(100)
  firstName?: string;

  @ApiPropertyOptional({ maxLength: 100, description: 'Required from a visitor (a new account)' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(100)
  lastName?: string;

  @ApiPropertyOptional({ minLength: 6, maxLength: MAX_PASSWORD_LENGTH, description: 'Required from a visitor; at least 6 characters (else AUTH_WEAK_PASSWORD)' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_PASSWORD_LENGTH)
  password?: string;
}

export class AcceptedInvitationDto {
  @ApiProperty() email: string;
}

export class ReviewerCountsDto {
  @ApiProperty() acceptedInvitations: number;
  @ApiProperty() activeReviewers: number;
  @ApiProperty() withProfiles: number;
  @ApiProperty() withoutProfiles: number;
  @ApiProperty() missingRoles: number;
}

export class AcceptedWithoutAccountDto {
  @ApiProperty() email: string;
  @ApiProperty({ format: 'date-time' }) acceptedAt: string;
}

export class ReadyReviewerDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) firstName: string | null;
  @ApiProperty({ type: String, nullable: true }) lastName: string | null;
  @ApiProperty({ format: 'date-time' }) acceptedAt: string;
}

export class ReviewerOverviewDto {
  @ApiProperty({ type: ReviewerCountsDto }) counts: ReviewerCountsDto;
  @ApiProperty({ type: [AcceptedWithoutAccountDto] }) acceptedWithoutAccount: AcceptedWithoutAccountDto[];
  @ApiProperty({ type: [ReadyReviewerDto] }) readyReviewers: ReadyReviewerDto[];
}

export class CreatedRolesDto {
  @ApiProperty() created: number;
}
