import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Authenticated } from '../../common/auth/auth.decorators.js';
import { Permission } from '../../common/access/permission.js';
import { uuidParam } from '../../common/http/uuid-param.pipe.js';
import { type AuthUser, CurrentUser } from '../auth/current-user.decorator.js';
import {
  AssignablePaperDto,
  AssignableReviewerDto,
  AssignReviewDto,
  ChangeReviewDueDateDto,
  DeclineReviewDto,
  MyReviewsDto,
  ReviewAssignmentDto,
  ReviewDto,
  SaveReviewDraftDto,
  SubmitReviewDto,
} from './dtos/review.dto.js';
import { ReviewException } from './review.exception.js';
import { ReviewService } from './review.service.js';

/** An id that is not a UUID names no review (nor a paper with one). */
const REVIEW_ID = uuidParam(() => new ReviewException('notFound'));

@ApiTags('reviews')
@Controller()
export class ReviewController {
  constructor(private readonly reviews: ReviewService) {}

  @Get('admin/reviews/assignable-papers')
  @ApiOperation({ summary: 'List the papers that can be assigned for review' })
  @Authenticated({ permission: Permission.ReviewManage })
  @ApiOkResponse({ type: [AssignablePaperDto], description: 'Submitted or under review, without an assignment; newest first' })
  assignablePapers(): Promise<AssignablePaperDto[]> {
    return this.reviews.assignablePapers();
  }

  @Get('admin/reviews/assignable-reviewers')
  @ApiOperation({ summary: 'List the reviewers who can be assigned' })
  @Authenticated({ permission: Permission.ReviewManage })
  @ApiOkResponse({ type: [AssignableReviewerDto], description: 'An accepted invitation, an account and the reviewer role' })
  assignableReviewers(): Promise<AssignableReviewerDto[]> {
    return this.reviews.assignableReviewers();
  }

  @Post('admin/reviews')
  @ApiOperation({ summary: 'Assign a paper to a reviewer' })
  @Authenticated({ permission: Permission.ReviewManage })
  @ApiCreatedResponse({ type: ReviewAssignmentDto, description: "The assignment and the reviewer's e-mail, recorded together" })
  @ApiBadRequestResponse({ description: "VALIDATION_FAILED: 'Missing required fields', or a due date not in the future or more than 365 days ahead" })
  @ApiConflictResponse({ description: 'REVIEW_ALREADY_ASSIGNED, REVIEW_PAPER_NOT_ASSIGNABLE, REVIEW_REVIEWER_NOT_ASSIGNABLE' })
  assign(@CurrentUser() admin: AuthUser, @Body() dto: AssignReviewDto): Promise<ReviewAssignmentDto> {
    return this.reviews.assign(admin, dto);
  }

  @Get('admin/reviews')
  @ApiOperation({ summary: 'List the review assignments' })
  @Authenticated({ permission: Permission.ReviewManage })
  @ApiOkResponse({ type: [ReviewAssignmentDto], description: 'Newest assignment first' })
  list(): Promise<ReviewAssignmentDto[]> {
    return this.reviews.list();
  }

  @Patch('admin/reviews/:id')
  @ApiOperation({ summary: "Change a review assignment's due date" })
  @Authenticated({ permission: Permission.ReviewManage })
  @ApiOkResponse({ type: ReviewAssignmentDto, description: 'The assignment with its new due date' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: dueAt missing, not an ISO date-time, not in the future, or more than 365 days ahead' })
  @ApiConflictResponse({ description: 'REVIEW_SUBMITTED, REVIEW_DECLINED' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: unknown or withdrawn' })
  changeDueDate(@CurrentUser() admin: AuthUser, @Param('id', REVIEW_ID) id: string, @Body() dto: ChangeReviewDueDateDto): Promise<ReviewAssignmentDto> {
    return this.reviews.changeDueDate(admin, id, dto);
  }

  @Delete('admin/reviews/:id')
  @ApiOperation({ summary: 'Withdraw a review assignment' })
  @Authenticated({ permission: Permission.ReviewManage })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Withdrawn; the reviewer is e-mailed and the paper is assignable again' })
  @ApiConflictResponse({ description: 'REVIEW_SUBMITTED, REVIEW_DECLINED' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND' })
  withdraw(@CurrentUser() admin: AuthUser, @Param('id', REVIEW_ID) id: string): Promise<void> {
    return this.reviews.withdraw(admin, id);
  }

  @Get('reviews/mine')
  @ApiOperation({ summary: 'List my review assignments' })
  @Authenticated({ permission: Permission.ReviewListOwn })
  @ApiOkResponse({ type: MyReviewsDto, description: "The caller's own assignments and their counts" })
  mine(@CurrentUser() reviewer: AuthUser): Promise<MyReviewsDto> {
    return this.reviews.mine(reviewer);
  }

  @Get('reviews/:id')
  @ApiOperation({ summary: 'Get a review' })
  @Authenticated()
  @ApiOkResponse({ type: ReviewDto })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: unknown, or neither the assigned reviewer nor an editor' })
  get(@CurrentUser() user: AuthUser, @Param('id', REVIEW_ID) id: string): Promise<ReviewDto> {
    return this.reviews.get(user, id);
  }

  @Put('reviews/:id/draft')
  @ApiOperation({ summary: 'Save a review draft' })
  @Authenticated()
  @ApiOkResponse({ type: ReviewDto, description: 'Saved; assigned becomes in_progress' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: an editor who is not the assigned reviewer' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for reading the review' })
  @ApiConflictResponse({ description: 'REVIEW_SUBMITTED' })
  saveDraft(@CurrentUser() user: AuthUser, @Param('id', REVIEW_ID) id: string, @Body() dto: SaveReviewDraftDto): Promise<ReviewDto> {
    return this.reviews.saveDraft(user, id, dto);
  }

  @Post('reviews/:id/submit')
  @ApiOperation({ summary: 'Submit a review' })
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ type: ReviewDto, description: 'Submitted; every editor is e-mailed once' })
  @ApiBadRequestResponse({ description: 'REVIEW_INCOMPLETE: no recommendation, or blank text' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: an editor who is not the assigned reviewer' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for reading the review' })
  @ApiConflictResponse({ description: 'REVIEW_SUBMITTED' })
  submit(@CurrentUser() user: AuthUser, @Param('id', REVIEW_ID) id: string, @Body() dto: SubmitReviewDto): Promise<ReviewDto> {
    return this.reviews.submit(user, id, dto);
  }

  @Post('reviews/:id/decline')
  @ApiOperation({ summary: 'Decline a review assignment' })
  @Authenticated()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Declined; every editor is e-mailed the reason, and the paper is assignable again' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: declineReason missing, blank or too long' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: an editor who is not the assigned reviewer' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for reading the review, or already declined' })
  @ApiConflictResponse({ description: 'REVIEW_SUBMITTED' })
  decline(@CurrentUser() user: AuthUser, @Param('id', REVIEW_ID) id: string, @Body() dto: DeclineReviewDto): Promise<void> {
    return this.reviews.decline(user, id, dto);
  }

  @Get('papers/:id/review')
  @ApiOperation({ summary: "Get a paper's review" })
  @Authenticated({ permission: Permission.PaperReadReviews })
  @ApiOkResponse({ type: ReviewDto, description: "The review of the paper's current round (a declined assignment is not one), for its page" })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: not one of the editorial team, whatever the id' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such paper, or no assignment' })
  ofPaper(@CurrentUser() admin: AuthUser, @Param('id', REVIEW_ID) paperId: string): Promise<ReviewDto> {
    return this.reviews.ofPaper(admin, paperId);
  }
}
