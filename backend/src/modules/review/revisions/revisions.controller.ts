import { Body, Controller, Get, Param, Post, Res, StreamableFile } from '@nestjs/common';
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
  ApiProduces,
  ApiResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated } from '../../../common/auth/auth.decorators.js';
import { uuidParam } from '../../../common/http/uuid-param.pipe.js';
import { type AuthUser, CurrentUser } from '../../auth/current-user.decorator.js';
import { PaperNotFoundException } from '../../catalogue/catalogue.exception.js';
import { DownloadCaching, PDF_NOT_MODIFIED, PDF_PARTIAL, PDF_RANGE_NOT_SATISFIABLE, sendDownload } from '../../storage/file-download.js';
import type { IncomingUpload } from '../../storage/upload/incoming-upload.js';
import { UploadedForm } from '../../storage/upload/uploaded-form.decorator.js';
import { UploadKind } from '../../storage/upload/upload-policy.js';
import { RevisionRequestsService } from './revision-requests.service.js';
import { ReviewRoundsService } from './review-rounds.service.js';
import { RequestRevisionsDto, ReviewRoundsDto, RevisionRequestDto, SUBMIT_REVISION_BODY_SCHEMA } from './revision.dto.js';

const PAPER_ID = uuidParam(() => new PaperNotFoundException());

@ApiTags('reviews')
@Controller('papers/:id')
export class RevisionsController {
  constructor(
    private readonly requests: RevisionRequestsService,
    private readonly rounds: ReviewRoundsService,
  ) {}

  @Get('rounds')
  @ApiOperation({ summary: "List a paper's review rounds" })
  @Authenticated()
  @ApiOkResponse({ type: ReviewRoundsDto, description: 'Oldest first, each as the caller may see it (the author: what the editors shared)' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: a published paper of someone who is neither its author, its reviewer nor an editor' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for the paper' })
  list(@CurrentUser() user: AuthUser, @Param('id', PAPER_ID) id: string): Promise<ReviewRoundsDto> {
    return this.rounds.rounds(user, id);
  }

  @Get('rounds/:round/pdf')
  @ApiOperation({ summary: "Download the PDF a review round reviewed" })
  @Authenticated()
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: "The round's PDF, inline; Cache-Control: private", schema: { type: 'string', format: 'binary' } })
  @ApiResponse(PDF_PARTIAL)
  @ApiResponse(PDF_NOT_MODIFIED)
  @ApiResponse(PDF_RANGE_NOT_SATISFIABLE)
  @ApiForbiddenResponse({ description: 'FORBIDDEN: as for the rounds' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for the paper, or no such round (for a reviewer: none after their own)' })
  async roundPdf(
    @CurrentUser() user: AuthUser,
    @Param('id', PAPER_ID) id: string,
    @Param('round') round: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile | undefined> {
    return sendDownload(reply, await this.rounds.roundPdf(user, id, round), { caching: DownloadCaching.Keep });
  }

  @Post('revision-requests')
  @ApiOperation({ summary: 'Request revisions of a paper' })
  @Authenticated()
  @ApiCreatedResponse({ type: RevisionRequestDto, description: 'Requested; the author is e-mailed and sees the shared feedback on the paper page' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: kind, shareText or shareCriteria missing or wrong; a due date in the past or too far ahead' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: not an editor (and the caller can see the paper)' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for the paper' })
  @ApiConflictResponse({ description: "REVISION_NEEDS_REVIEW: this round's review is not submitted; REVISION_ALREADY_REQUESTED" })
  request(@CurrentUser() admin: AuthUser, @Param('id', PAPER_ID) id: string, @Body() dto: RequestRevisionsDto): Promise<RevisionRequestDto> {
    return this.requests.request(admin, id, dto);
  }

  @Post('revisions')
  @ApiOperation({ summary: 'Submit a revised paper' })
  @Authenticated()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: SUBMIT_REVISION_BODY_SCHEMA })
  @ApiCreatedResponse({ type: RevisionRequestDto, description: 'The answered request: the PDF is the paper’s new version, the next round begins, the editors are e-mailed' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: no PDF, a blank or too long response letter, an unknown field' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: not the author (editors too)' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for the paper' })
  @ApiConflictResponse({ description: 'REVISION_NOT_REQUESTED: no open revision request' })
  @ApiUnsupportedMediaTypeResponse({ description: '415 INVALID_FILE_TYPE (not a PDF by content); 413 FILE_TOO_LARGE' })
  submit(@CurrentUser() author: AuthUser, @Param('id', PAPER_ID) id: string, @UploadedForm(UploadKind.PaperPdf) form: IncomingUpload): Promise<RevisionRequestDto> {
    return this.requests.submit(author, id, form);
  }
}
