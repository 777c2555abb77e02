import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { Trim } from '../../../common/dtos/trim.transform.js';

export const MESSAGE_SUBJECT_MAX_LENGTH = 200;
export const MESSAGE_BODY_MAX_LENGTH = 10_000;
export const MESSAGES_DEFAULT_LIMIT = 100;
export const MESSAGES_MAX_LIMIT = 500;

const SUBJECT_TOO_LONG = `subject must be at most ${MESSAGE_SUBJECT_MAX_LENGTH} characters`;
const BODY_TOO_LONG = `body must be at most ${MESSAGE_BODY_MAX_LENGTH.toLocaleString('en-US')} characters`;

/** The text fields of a reviewer's message to the editorial team (multipart/form-data; images in the part `images`). */
export class SendToEditorsDto {
  @Trim()
  @IsString({ message: 'subject must be text' })
  @IsNotEmpty({ message: 'subject must not be blank' })
  @MaxLength(MESSAGE_SUBJECT_MAX_LENGTH, { message: SUBJECT_TOO_LONG })
  subject: string;

  @Trim()
  @IsString({ message: 'body must be text' })
  @IsNotEmpty({ message: 'body must not be blank' })
  @MaxLength(MESSAGE_BODY_MAX_LENGTH, { message: BODY_TOO_LONG })
  body: string;
}

/** The text fields of an editor's message to one active reviewer. */
export class SendToReviewerDto extends SendToEditorsDto {
  @IsUUID('all', { message: 'recipientId must be the id of an active reviewer' })
  recipientId: string;
}

/** The text field of a reply; its subject is the original's, prefixed 'Re: ' once. */
export class ReplyDto {
  @Trim()
  @IsString({ message: 'body must be text' })
  @IsNotEmpty({ message: 'body must not be blank' })
  @MaxLength(MESSAGE_BODY_MAX_LENGTH, { message: BODY_TOO_LONG })
  body: string;
}

export class ListMessagesQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MESSAGES_MAX_LIMIT, default: MESSAGES_DEFAULT_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MESSAGES_MAX_LIMIT)
  limit?: number;
}

const IMAGES_PROPERTY = {
  type: 'array',
  items: { type: 'string', format: 'binary' },
  description: 'PNG, JPEG, GIF or WebP, decided by the content (never SVG); at most UPLOAD_MAX_IMAGES of UPLOAD_MAX_IMAGE_BYTES each (5 of 5 MB by default). Location and camera metadata are removed.',
};
const SUBJECT_PROPERTY = { type: 'string', minLength: 1, maxLength: MESSAGE_SUBJECT_MAX_LENGTH, description: 'Trimmed; must not be blank' };
const BODY_PROPERTY = { type: 'string', minLength: 1, maxLength: MESSAGE_BODY_MAX_LENGTH, description: 'Plain text, trimmed; must not be blank' };

export const SEND_TO_REVIEWER_BODY_SCHEMA = {
  type: 'object',
  required: ['recipientId', 'subject', 'body'],
  properties: { recipientId: { type: 'string', format: 'uuid', description: 'An active reviewer' }, subject: SUBJECT_PROPERTY, body: BODY_PROPERTY, images: IMAGES_PROPERTY },
};

export const SEND_TO_EDITORS_BODY_SCHEMA = {
  type: 'object',
  required: ['subject', 'body'],
  properties: { subject: SUBJECT_PROPERTY, body: BODY_PROPERTY, images: IMAGES_PROPERTY },
};

export const REPLY_BODY_SCHEMA = {
  type: 'object',
  required: ['body'],
  properties: { body: BODY_PROPERTY, images: IMAGES_PROPERTY },
};

export class MessagePartyDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null for the editorial team' }) id: string | null;
  @ApiProperty({ description: "The person's name or e-mail; 'Editorial Team' for the team" }) name: string;
}

export class MessageAttachmentDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'GET it with the session: /api/messages/{messageId}/attachments/{id}' }) url: string;
  @ApiProperty({ enum: ['image'] }) type: 'image';
  @ApiProperty({ description: 'Sniffed from the content' }) contentType: string;
  @ApiProperty() size: number;
  @ApiProperty() name: string;
}

export class MessageDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The message this one replies to' }) parentId: string | null;
  @ApiProperty({ type: MessagePartyDto, description: "An editor's message is from the editorial team, named" }) sender: MessagePartyDto;
  @ApiProperty({ description: 'Sent by the editorial team (to a reviewer), else by a reviewer (to the team)' }) fromEditorialTeam: boolean;
  @ApiProperty({ type: MessagePartyDto }) recipient: MessagePartyDto;
  @ApiProperty() subject: string;
  @ApiProperty({ description: 'Plain text' }) body: string;
  @ApiProperty({ description: 'The recipient side has opened it' }) isRead: boolean;
  @ApiProperty({ description: 'Unread by the caller: sent to them (or, for an editor, to the team) and not opened yet' }) unread: boolean;
  @ApiProperty({ description: 'The caller may reply: it was sent to them (or, for an editor, to the team)' }) canReply: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: [MessageAttachmentDto] }) attachments: MessageAttachmentDto[];
}

export class MessageListDto {
  @ApiProperty({ description: 'Messages unread by the caller (the badge)' }) unread: number;
  @ApiProperty({ type: [MessageDto], description: 'Newest first' }) messages: MessageDto[];
}
