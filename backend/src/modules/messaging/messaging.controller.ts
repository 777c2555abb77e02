import { Controller, Get, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated } from '../../common/auth/auth.decorators.js';
import { Permission } from '../../common/access/permission.js';
import { uuidParam } from '../../common/http/uuid-param.pipe.js';
import { MESSAGE_IMAGE_TYPES } from '../../common/web-shared/message-images.js';
import { type AuthUser, CurrentUser } from '../auth/current-user.decorator.js';
import { DownloadCaching, sendDownload } from '../storage/file-download.js';
import type { IncomingUpload } from '../storage/upload/incoming-upload.js';
import { UploadedForm } from '../storage/upload/uploaded-form.decorator.js';
import { UploadKind } from '../storage/upload/upload-policy.js';
import {
  ListMessagesQueryDto,
  MessageDto,
  MessageListDto,
  REPLY_BODY_SCHEMA,
  SEND_TO_EDITORS_BODY_SCHEMA,
  SEND_TO_REVIEWER_BODY_SCHEMA,
} from './dtos/message.dto.js';
import { MessagingException } from './messaging.exception.js';
import { MessagingService } from './messaging.service.js';

/** An id that is not a UUID names no message, nor an attachment. */
const MESSAGE_ID = uuidParam(() => new MessagingException('notFound'));

const IMAGES_REFUSED = 'INVALID_FILE_TYPE: not PNG, JPEG, GIF or WebP by its content (SVG never)';
const IMAGE_TOO_LARGE = 'FILE_TOO_LARGE: an image over UPLOAD_MAX_IMAGE_BYTES';
const FORM_REFUSED = 'VALIDATION_FAILED: a blank or overlong subject or body, more images than UPLOAD_MAX_IMAGES, an unknown field';

@ApiTags('messages')
@Controller()
export class MessagingController {
  constructor(private readonly messages: MessagingService) {}

  @Get('admin/messages')
  @ApiOperation({ summary: 'List every message' })
  @Authenticated({ permission: Permission.MessageListAll })
  @ApiOkResponse({ type: MessageListDto, description: "Every message, newest first; `unread`: reviewers' messages no editor has opened" })
  listAll(@CurrentUser() editor: AuthUser, @Query() query: ListMessagesQueryDto): Promise<MessageListDto> {
    return this.messages.listAll(editor, query);
  }

  @Post('admin/messages')
  @ApiOperation({ summary: 'Send a message to a reviewer' })
  @Authenticated({ permission: Permission.MessageSendToReviewer })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: SEND_TO_REVIEWER_BODY_SCHEMA })
  @ApiCreatedResponse({ type: MessageDto, description: "The message, its images and the reviewer's e-mail, recorded together" })
  @ApiBadRequestResponse({ description: FORM_REFUSED })
  @ApiConflictResponse({ description: 'MESSAGE_RECIPIENT_NOT_REVIEWER: not an active reviewer' })
  @ApiPayloadTooLargeResponse({ description: IMAGE_TOO_LARGE })
  @ApiUnsupportedMediaTypeResponse({ description: IMAGES_REFUSED })
  sendToReviewer(@CurrentUser() editor: AuthUser, @UploadedForm(UploadKind.MessageImage) form: IncomingUpload): Promise<MessageDto> {
    return this.messages.sendToReviewer(editor, form);
  }

  @Get('messages/mine')
  @ApiOperation({ summary: 'List my messages' })
  @Authenticated({ permission: Permission.MessageListOwn })
  @ApiOkResponse({ type: MessageListDto, description: "The caller's conversation with the editorial team, newest first; `unread`: sent to them, not opened" })
  listOwn(@CurrentUser() reviewer: AuthUser, @Query() query: ListMessagesQueryDto): Promise<MessageListDto> {
    return this.messages.listOwn(reviewer, query);
  }

  @Post('messages')
  @ApiOperation({ summary: 'Send a message to the editorial team' })
  @Authenticated({ permission: Permission.MessageSendToEditors })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: SEND_TO_EDITORS_BODY_SCHEMA })
  @ApiCreatedResponse({ type: MessageDto, description: 'To the editorial team: every editor sees it and is e-mailed once' })
  @ApiBadRequestResponse({ description: FORM_REFUSED })
  @ApiConflictResponse({ description: "MESSAGE_NO_EDITORS: 'No admin users found. Please contact support at {email}'" })
  @ApiPayloadTooLargeResponse({ description: IMAGE_TOO_LARGE })
  @ApiUnsupportedMediaTypeResponse({ description: IMAGES_REFUSED })
  sendToEditors(@CurrentUser() reviewer: AuthUser, @UploadedForm(UploadKind.MessageImage) form: IncomingUpload): Promise<MessageDto> {
    return this.messages.sendToEditors(reviewer, form);
  }

  @Get('messages/:id')
  @ApiOperation({ summary: 'Open a message' })
  @Authenticated()
  @ApiOkResponse({ type: MessageDto, description: 'Opened: read from now on when the caller is its recipient side' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: unknown, or neither its sender, its recipient nor an editor' })
  get(@CurrentUser() user: AuthUser, @Param('id', MESSAGE_ID) id: string): Promise<MessageDto> {
    return this.messages.get(user, id);
  }

  @Post('messages/:id/replies')
  @ApiOperation({ summary: 'Reply to a message' })
  @Authenticated()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: REPLY_BODY_SCHEMA })
  @ApiCreatedResponse({ type: MessageDto, description: "To the other side, subject 'Re: ' and the original's (once)" })
  @ApiBadRequestResponse({ description: FORM_REFUSED })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: the caller sent it (or an editor, for an editor’s message)' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for reading it' })
  @ApiConflictResponse({ description: "MESSAGE_NO_EDITORS: 'No admin users found. Please contact support at {email}'" })
  @ApiPayloadTooLargeResponse({ description: IMAGE_TOO_LARGE })
  @ApiUnsupportedMediaTypeResponse({ description: IMAGES_REFUSED })
  reply(@CurrentUser() user: AuthUser, @Param('id', MESSAGE_ID) id: string, @UploadedForm(UploadKind.MessageImage) form: IncomingUpload): Promise<MessageDto> {
    return this.messages.reply(user, id, form);
  }

  @Get('messages/:id/attachments/:attachmentId')
  @ApiOperation({ summary: "Download a message's image" })
  @Authenticated()
  @ApiProduces(...Object.keys(MESSAGE_IMAGE_TYPES))
  @ApiOkResponse({ description: 'The image, inline, with its sniffed type and nosniff', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for reading the message, or not one of its images' })
  async attachment(@CurrentUser() user: AuthUser, @Param('id', MESSAGE_ID) id: string, @Param('attachmentId', uuidParam(() => new MessagingException('attachmentNotFound'))) attachmentId: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile | undefined> {
    return sendDownload(reply, await this.messages.openAttachment(user, id, attachmentId), { caching: DownloadCaching.Keep });
  }
}
