import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Trim } from '../../../common/dtos/trim.transform.js';

export class CommentBodyDto {
  @ApiProperty({ minLength: 1, maxLength: 10000, description: 'Plain text; trimmed' })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'comment must not be blank' })
  @MaxLength(10000)
  comment: string;
}

export class PaperCommentDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) paperId: string;
  @ApiProperty({ description: 'Plain text as written (trimmed)' }) comment: string;
  @ApiProperty({ description: "Shown as 'Editorial Team', else 'Author'" }) isAdminComment: boolean;
  @ApiProperty({ description: 'The caller wrote it: may edit it' }) mine: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt: string;
}

export const COMMENT_NOTIFICATIONS = ['queued', 'failed', 'none'] as const;
export type CommentNotification = (typeof COMMENT_NOTIFICATIONS)[number];

export class CommentPostedDto {
  @ApiProperty({ type: PaperCommentDto }) comment: PaperCommentDto;
  @ApiProperty({ enum: COMMENT_NOTIFICATIONS, description: "An admin's comment on another person's paper e-mails the author" })
  notification: CommentNotification;
}
