import { Body, Controller, Get, HttpCode, Param, Patch, Post, Res, StreamableFile } from '@nestjs/common';
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
  ApiResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { Permission } from '../../common/access/permission.js';
import { Authenticated, Public } from '../../common/auth/auth.decorators.js';
import { type ConditionalOptions, jsonRepresentation, NOT_MODIFIED_RESPONSE, ReadCaching, sendConditionally } from '../../common/http/conditional-get.js';
import { uuidParam } from '../../common/http/uuid-param.pipe.js';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator.js';
import { DownloadCaching, PDF_NOT_MODIFIED, PDF_PARTIAL, PDF_RANGE_NOT_SATISFIABLE, sendDownload } from '../storage/file-download.js';
import type { IncomingUpload } from '../storage/upload/incoming-upload.js';
import { UploadedForm } from '../storage/upload/uploaded-form.decorator.js';
import { UploadKind } from '../storage/upload/upload-policy.js';
import { DecisionLetterDto, DecisionLetterPreviewRequestDto } from '../decision-letters/decision-letter.dto.js';
import { PaperDepositsService } from '../dois/paper-deposits.service.js';
import { MyDashboardDto, MySubmissionDto } from './dtos/my-submission.dto.js';
import { CommentBodyDto, CommentPostedDto, PaperCommentDto } from './dtos/paper-comment.dto.js';
import { ChangeStatusDto, PaperStatusEventDto, StatusChangedDto } from './dtos/paper-decision.dto.js';
import { PaperVersionDto, VersionApprovedDto } from './dtos/paper-version.dto.js';
import { PaperDetailDto } from './dtos/paper-detail.dto.js';
import { SUBMIT_PAPER_BODY_SCHEMA, UPLOAD_VERSION_BODY_SCHEMA } from './dtos/submit-paper.dto.js';
import { PaperCommentsService } from './paper-comments.service.js';
import { PaperDecisionsService } from './paper-decisions.service.js';
import { PaperSubmissionService } from './paper-submission.service.js';
import { PaperVersionsService } from './paper-versions.service.js';
import { CommentNotFoundException } from './manuscripts.exception.js';
import { PAPER_ID } from '../catalogue/paper-id.param.js';
import { ManuscriptsService } from './manuscripts.service.js';

const FILE_ERRORS = '415 INVALID_FILE_TYPE (not a PDF by content); 413 FILE_TOO_LARGE (above UPLOAD_MAX_PDF_BYTES, 10 MB by default); 503 STORAGE_UNAVAILABLE';

const COMMENT_ID = uuidParam(() => new CommentNotFoundException());

/** A paper as a visitor sees it is the same for every visitor; a signed-in caller's view is theirs. */
const detailCaching = (user: AuthUser | undefined): ConditionalOptions => ({
  caching: user ? ReadCaching.Private : ReadCaching.Shared,
  vary: 'Authorization, Cookie',
});

@ApiTags('papers')
@Controller('papers')
export class PapersController {
  constructor(
    private readonly papers: ManuscriptsService,
    private readonly submissions: PaperSubmissionService,
    private readonly versions: PaperVersionsService,
    private readonly comments: PaperCommentsService,
    private readonly decisions: PaperDecisionsService,
    private readonly deposits: PaperDepositsService,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Submit a paper' })
  @Authenticated()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: SUBMIT_PAPER_BODY_SCHEMA })
  @ApiCreatedResponse({ type: PaperDetailDto, description: 'Stored as submitted; the paid fee is used; a confirmation e-mail is queued' })
  @ApiResponse({ status: 402, description: 'PAYMENT_REQUIRED: no unused paid fee' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: a missing, malformed or unknown field' })
  @ApiUnsupportedMediaTypeResponse({ description: 'INVALID_FILE_TYPE: not a PDF by content' })
  @ApiPayloadTooLargeResponse({ description: 'FILE_TOO_LARGE: above UPLOAD_MAX_PDF_BYTES (10 MB by default)' })
  @ApiServiceUnavailableResponse({ description: 'STORAGE_UNAVAILABLE: the bucket or storage directory is missing' })
  submit(@UploadedForm(UploadKind.PaperPdf) form: IncomingUpload, @CurrentUser() user: AuthUser): Promise<PaperDetailDto> {
    return this.submissions.submit(form, user);
  }

  @Get('mine')
  @ApiOperation({ summary: 'List my papers' })
  @Authenticated()
  @ApiOkResponse({ type: [MySubmissionDto], description: 'The caller’s own papers, newest first' })
  mine(@CurrentUser() user: AuthUser): Promise<MySubmissionDto[]> {
    return this.papers.mine(user.id);
  }

  @Get('mine/dashboard')
  @ApiOperation({ summary: 'Get my dashboard' })
  @Authenticated()
  @ApiOkResponse({ type: MyDashboardDto })
  dashboard(@CurrentUser() user: AuthUser): Promise<MyDashboardDto> {
    return this.papers.dashboard(user.id);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a paper' })
  @Public()
  @ApiOkResponse({ type: PaperDetailDto, description: 'ETag; Cache-Control: public, no-cache for a visitor, private, no-cache for a signed-in caller; Vary: Authorization, Cookie' })
  @ApiResponse(NOT_MODIFIED_RESPONSE)
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such paper, or not published and the caller is neither its owner nor an admin' })
  async detail(@Param('id', PAPER_ID) id: string, @Res({ passthrough: true }) reply: FastifyReply, @CurrentUser({ optional: true }) user?: AuthUser): Promise<Buffer | undefined> {
    return sendConditionally(reply, jsonRepresentation(await this.papers.detail(id, user)), detailCaching(user));
  }

  @Get(':id/pdf')
  @ApiOperation({ summary: "Download a paper's PDF" })
  @Public()
  @ApiProduces('application/pdf')
  @ApiOkResponse({
    description: 'The PDF, inline; ETag, Accept-Ranges: bytes; Cache-Control: public, no-cache when the paper is published, private, no-cache otherwise',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiResponse(PDF_PARTIAL)
  @ApiResponse(PDF_NOT_MODIFIED)
  @ApiResponse(PDF_RANGE_NOT_SATISFIABLE)
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for the paper, or the paper has no file' })
  async pdf(@Param('id', PAPER_ID) id: string, @Res({ passthrough: true }) reply: FastifyReply, @CurrentUser({ optional: true }) user?: AuthUser): Promise<StreamableFile | undefined> {
    const file = await this.papers.openPdf(id, user);
    return sendDownload(reply, file, { caching: file.published ? DownloadCaching.SharedRevalidate : DownloadCaching.Revalidate });
  }

  @Get(':id/versions')
  @ApiOperation({ summary: "List a paper's versions" })
  @Authenticated()
  @ApiOkResponse({ type: [PaperVersionDto], description: 'Newest first' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: a published paper of someone else' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for the paper' })
  listVersions(@Param('id', PAPER_ID) id: string, @CurrentUser() user: AuthUser): Promise<PaperVersionDto[]> {
    return this.versions.list(id, user);
  }

  @Post(':id/versions')
  @ApiOperation({ summary: 'Upload a new version of a paper' })
  @Authenticated()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: UPLOAD_VERSION_BODY_SCHEMA })
  @ApiCreatedResponse({ type: PaperVersionDto, description: 'The new version: the paper’s PDF at once before publication; after it, pending until an editor approves it' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: not the owner (admins too)' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for the paper' })
  @ApiConflictResponse({
    description: "VERSION_REVISION_REQUESTED: the editors' revision request is open (the revision form is the upload); VERSION_IN_REVIEW: the current round's review is not in yet",
  })
  @ApiUnsupportedMediaTypeResponse({ description: FILE_ERRORS })
  uploadVersion(@Param('id', PAPER_ID) id: string, @UploadedForm(UploadKind.PaperPdf) form: IncomingUpload, @CurrentUser() user: AuthUser): Promise<PaperVersionDto> {
    return this.versions.upload(form, id, user);
  }

  @Post(':id/versions/:version/approve')
  @ApiOperation({ summary: 'Approve a pending version' })
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ type: VersionApprovedDto, description: 'The version becomes the paper’s PDF, older pending versions are passed over and the author is e-mailed, together; the current version again changes and sends nothing' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: not an admin (and the caller can see the paper)' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for the paper, or no such version' })
  @ApiConflictResponse({ description: 'CONFLICT: the version is not pending (passed over by a newer one, or never pending)' })
  approveVersion(@Param('id', PAPER_ID) id: string, @Param('version') version: string, @CurrentUser() user: AuthUser): Promise<VersionApprovedDto> {
    return this.versions.approve(id, version, user);
  }

  @Get(':id/versions/:version/pdf')
  @ApiOperation({ summary: "Download a version's PDF" })
  @Authenticated()
  @ApiProduces('application/pdf')
  @ApiOkResponse({
    description: 'That version’s PDF, inline; ETag, Accept-Ranges: bytes; Cache-Control: private, max-age=3600 (owner and admins only, so never shared)',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiResponse(PDF_PARTIAL)
  @ApiResponse(PDF_NOT_MODIFIED)
  @ApiResponse(PDF_RANGE_NOT_SATISFIABLE)
  @ApiForbiddenResponse({ description: 'FORBIDDEN: a published paper of someone else (pending versions too: owner and admins only)' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for the paper, or no such version' })
  async versionPdf(@Param('id', PAPER_ID) id: string, @Param('version') version: string, @Res({ passthrough: true }) reply: FastifyReply, @CurrentUser() user: AuthUser): Promise<StreamableFile | undefined> {
    return sendDownload(reply, await this.versions.openVersion(id, version, user), { caching: DownloadCaching.Keep });
  }

  @Get(':id/comments')
  @ApiOperation({ summary: "List a paper's comments" })
  @Authenticated()
  @ApiOkResponse({ type: [PaperCommentDto], description: 'Oldest first' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: a published paper of someone else' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for the paper' })
  listComments(@Param('id', PAPER_ID) id: string, @CurrentUser() user: AuthUser): Promise<PaperCommentDto[]> {
    return this.comments.list(id, user);
  }

  @Post(':id/comments')
  @ApiOperation({ summary: 'Comment on a paper' })
  @Authenticated()
  @ApiCreatedResponse({ type: CommentPostedDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: blank or longer than 10000 characters' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: a published paper of someone else' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for the paper' })
  postComment(@Param('id', PAPER_ID) id: string, @Body() body: CommentBodyDto, @CurrentUser() user: AuthUser): Promise<CommentPostedDto> {
    return this.comments.post(id, user, body);
  }

  @Patch(':id/comments/:commentId')
  @ApiOperation({ summary: 'Edit a comment' })
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ type: PaperCommentDto })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: someone else’s comment, or a published paper of someone else' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for the paper, or no such comment on it' })
  editComment(@Param('id', PAPER_ID) id: string, @Param('commentId', COMMENT_ID) commentId: string, @Body() body: CommentBodyDto, @CurrentUser() user: AuthUser): Promise<PaperCommentDto> {
    return this.comments.edit(id, commentId, user, body);
  }

  @Patch(':id/status')
  @ApiOperation({ summary: "Change a paper's status" })
  @Authenticated({ permission: Permission.PaperDecide })
  @HttpCode(200)
  @ApiOkResponse({ type: StatusChangedDto, description: 'The status, its timeline event and the author’s e-mail, committed together; the same status again changes and sends nothing' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: not one of under_review, accepted, published, rejected' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: not one of the editorial team, whatever the id' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such paper' })
  changeStatus(@Param('id', PAPER_ID) id: string, @Body() body: ChangeStatusDto, @CurrentUser() user: AuthUser): Promise<StatusChangedDto> {
    return this.decisions.changeStatus(id, body, user);
  }

  @Post(':id/decision-letter/preview')
  @ApiOperation({ summary: 'Preview the letter a decision or a revision request sends the author' })
  @Authenticated({ permission: Permission.PaperDecide })
  @HttpCode(200)
  @ApiOkResponse({ type: DecisionLetterDto, description: 'The letter as the e-mail will carry it: the note, then the shared reviews unnamed ("Reviewer 1"…). Nothing is recorded or sent' })
  @ApiBadRequestResponse({ description: "VALIDATION_FAILED: an unknown decision, a note too long, or a shared review that is not a submitted review of the paper's current round" })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: not one of the editorial team, whatever the id' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such paper' })
  previewDecisionLetter(@Param('id', PAPER_ID) id: string, @Body() body: DecisionLetterPreviewRequestDto, @CurrentUser() user: AuthUser): Promise<DecisionLetterDto> {
    return this.decisions.previewLetter(id, body, user);
  }

  @Get(':id/crossref-deposit')
  @ApiOperation({ summary: "Download a published paper's Crossref deposit" })
  @Authenticated({ permission: Permission.PaperExportDeposit })
  @ApiProduces('application/xml')
  @ApiOkResponse({
    description: 'The Crossref deposit XML (schema 5.3.1) that registers the paper’s DOI, as an attachment; the DOI is given now if the paper has none yet. Nothing is sent to Crossref.',
    schema: { type: 'string' },
  })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: not one of the editorial team, whatever the id' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such paper' })
  @ApiConflictResponse({ description: 'CONFLICT: the paper is not published, or the journal has no Crossref DOI prefix (CROSSREF_DOI_PREFIX)' })
  async crossrefDeposit(@Param('id', PAPER_ID) id: string, @Res({ passthrough: true }) reply: FastifyReply, @CurrentUser() user: AuthUser): Promise<string> {
    const deposit = await this.deposits.crossrefDeposit(id, user);
    void reply
      .type('application/xml; charset=utf-8')
      .header('content-disposition', contentDisposition(deposit.fileName, { type: 'attachment' }))
      .header('cache-control', 'no-store');
    return deposit.xml;
  }

  @Get(':id/status-history')
  @ApiOperation({ summary: "Get a paper's status history" })
  @Authenticated()
  @ApiOkResponse({ type: [PaperStatusEventDto], description: 'Oldest first: the submission, then each decision' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: a published paper of someone else' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for the paper' })
  statusHistory(@Param('id', PAPER_ID) id: string, @CurrentUser() user: AuthUser): Promise<PaperStatusEventDto[]> {
    return this.decisions.history(id, user);
  }
}
