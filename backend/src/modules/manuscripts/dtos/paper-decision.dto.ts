import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { PAPER_STATUSES, PaperStatus } from '../entities/paper-status.js';
import { PaperDetailDto } from './paper-detail.dto.js';

/** The statuses an admin may set (spec section 4): any of them, in any order; never back to submitted. */
export const DECISION_STATUSES = [PaperStatus.UnderReview, PaperStatus.Accepted, PaperStatus.Published, PaperStatus.Rejected] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

export class ChangeStatusDto {
  @ApiProperty({ enum: DECISION_STATUSES, enumName: 'DecisionStatus' })
  @IsIn(DECISION_STATUSES, { message: `status must be one of: ${DECISION_STATUSES.join(', ')}` })
  status: DecisionStatus;
}

export const DECISION_NOTIFICATIONS = ['queued', 'none'] as const;
export type DecisionNotification = (typeof DECISION_NOTIFICATIONS)[number];

export class StatusChangedDto {
  @ApiProperty({ type: PaperDetailDto }) paper: PaperDetailDto;
  @ApiProperty({ description: 'False when the paper already had that status (nothing recorded, nothing sent)' }) changed: boolean;
  @ApiProperty({ enum: DECISION_NOTIFICATIONS, description: 'An e-mail to the author on accepted, rejected and published' })
  notification: DecisionNotification;
}

export const STATUS_CHANGERS = ['author', 'editorial'] as const;
export type StatusChanger = (typeof STATUS_CHANGERS)[number];

export class PaperStatusEventDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: PAPER_STATUSES, enumName: 'PaperStatus', nullable: true, description: 'Null for the submission itself' })
  fromStatus: PaperStatus | null;
  @ApiProperty({ enum: PAPER_STATUSES, enumName: 'PaperStatus' }) toStatus: PaperStatus;
  @ApiProperty({ enum: STATUS_CHANGERS, description: 'Who, as the author sees it' }) changedBy: StatusChanger;
  @ApiProperty({ type: String, nullable: true, description: "Admins only: the name (or e-mail) of who made the change; null for everyone else and for decisions recorded before the timeline existed" })
  changedByName: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) changedAt: string;
}
