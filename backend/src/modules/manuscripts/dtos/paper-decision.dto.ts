import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { PAPER_EVENT_KINDS, PaperEventKind } from '../paper-event-kind.js';
import { PAPER_STATUSES, PaperStatus } from '../entities/paper-status.js';
import { LetterFieldsDto } from '../../decision-letters/decision-letter.dto.js';
import { PaperDetailDto } from './paper-detail.dto.js';

/** The statuses an admin may set (spec section 4): any of them, in any order; never back to submitted. */
export const DECISION_STATUSES = [PaperStatus.UnderReview, PaperStatus.Accepted, PaperStatus.Published, PaperStatus.Rejected] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

/**
 * The status, and for accepted and rejected the letter to the author (the note and the shared
 * reviews, optional: without them the e-mail is the usual one). Other statuses send no letter.
 */
export class ChangeStatusDto extends LetterFieldsDto {
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

export const STATUS_CHANGERS = ['author', 'editorial', 'reviewer'] as const;
export type StatusChanger = (typeof STATUS_CHANGERS)[number];

export class PaperStatusEventDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({
    enum: PAPER_EVENT_KINDS,
    enumName: 'PaperEventKind',
    description:
      'status_changed: the submission and each decision; revisions_requested and revision_submitted: a revision request and the revised paper that opens the next round; reviewer_assigned and review_declined: a reviewer of the round',
  })
  kind: PaperEventKind;
  @ApiProperty({ enum: PAPER_STATUSES, enumName: 'PaperStatus', nullable: true, description: 'Null for the submission itself and for events that are not status changes' })
  fromStatus: PaperStatus | null;
  @ApiProperty({ enum: PAPER_STATUSES, enumName: 'PaperStatus', nullable: true, description: 'Set exactly for a status change' })
  toStatus: PaperStatus | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The review round the event belongs to; null for status changes' }) round: number | null;
  @ApiProperty({ enum: STATUS_CHANGERS, description: 'Who, as the author sees it: a decline is a reviewer\'s' }) changedBy: StatusChanger;
  @ApiProperty({ type: String, nullable: true, description: "The editors only: the name (or e-mail) of who made the change; null for everyone else and for decisions recorded before the timeline existed" })
  changedByName: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The editors only: the reviewer an assignment or a decline is about; null for everyone else (the author never reads a reviewer\'s name)' })
  reviewerName: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) changedAt: string;
}
