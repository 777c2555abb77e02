import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, ValidateBy, type ValidationOptions, isISO8601 } from 'class-validator';
import { type PaperSummary, REVIEWABLE_STATUSES } from '../../manuscripts/manuscripts.service.js';
import { REVIEW_RECOMMENDATIONS, REVIEW_STATUSES, type ReviewRecommendation, type ReviewStatus } from '../entities/review-status.js';
import { ReviewCriteria, ReviewCriterionDto, type ReviewCriterionInputDto } from '../../rubric/rubric.dto.js';

/** A review's text is long-form, but bounded. */
export const REVIEW_TEXT_MAX_LENGTH = 50_000;

const RECOMMENDATION_MESSAGE = `recommendation must be one of: ${REVIEW_RECOMMENDATIONS.join(', ')}`;

/** The furthest an editor may set a due date, from now. */
export const REVIEW_DUE_MAX_DAYS = 365;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date and a time with its offset: a bare date would leave the hour (and so the day, somewhere) to the server. */
const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A due date: an ISO date-time in the future and at most REVIEW_DUE_MAX_DAYS ahead. Checked here
 * so that a bad one is the same VALIDATION_FAILED as any other malformed field.
 */
export function IsDueDate(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isDueDate',
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string' || !DATE_TIME_PATTERN.test(value) || !isISO8601(value, { strict: true })) return false;
          const due = Date.parse(value);
          const now = Date.now();
          return due > now && due <= now + REVIEW_DUE_MAX_DAYS * DAY_MS;
        },
        defaultMessage: () => `dueAt must be an ISO date-time (e.g. 2026-12-24T23:59:59Z) in the future and at most ${REVIEW_DUE_MAX_DAYS} days ahead`,
      },
    },
    options,
  );
}

/** Both fields are optional here so that a missing one gets the spec's 'Missing required fields'. */
export class AssignReviewDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Required' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  paperId?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Required' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  reviewerId?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description: `When the review is due: in the future, at most ${REVIEW_DUE_MAX_DAYS} days ahead. Default: REVIEW_DUE_DAYS (21) days from now`,
  })
  @IsOptional()
  @IsDueDate()
  dueAt?: string;
}

export class ChangeReviewDueDateDto {
  @ApiProperty({ format: 'date-time', description: `In the future, at most ${REVIEW_DUE_MAX_DAYS} days ahead` })
  @IsDueDate()
  dueAt: string;
}

/** The most a decline reason may say. */
export const DECLINE_REASON_MAX_LENGTH = 2000;

/** A blank reason is REVIEW_INCOMPLETE-like but for declining: the service refuses it with its own words. */
export class DeclineReviewDto {
  @ApiProperty({ maxLength: DECLINE_REASON_MAX_LENGTH, description: 'Why the reviewer declines; shown to the editors. Must not be blank' })
  @IsString()
  @MaxLength(DECLINE_REASON_MAX_LENGTH)
  declineReason: string;
}

export class SaveReviewDraftDto {
  @ApiProperty({ maxLength: REVIEW_TEXT_MAX_LENGTH })
  @IsString()
  @MaxLength(REVIEW_TEXT_MAX_LENGTH)
  text: string;

  @ApiProperty({ enum: REVIEW_RECOMMENDATIONS, enumName: 'ReviewRecommendation', nullable: true })
  @IsOptional()
  @IsIn(REVIEW_RECOMMENDATIONS, { message: RECOMMENDATION_MESSAGE })
  recommendation: ReviewRecommendation | null;

  @ReviewCriteria('Stored as given: scores may be null. Left out, the stored criteria stay as they are')
  criteria?: ReviewCriterionInputDto[];
}

/** A missing recommendation or blank text is REVIEW_INCOMPLETE, not a malformed request. */
export class SubmitReviewDto {
  @ApiProperty({ maxLength: REVIEW_TEXT_MAX_LENGTH, description: 'Must not be blank' })
  @IsString()
  @MaxLength(REVIEW_TEXT_MAX_LENGTH)
  text: string;

  @ApiProperty({ enum: REVIEW_RECOMMENDATIONS, enumName: 'ReviewRecommendation', nullable: true, description: 'Required to submit' })
  @IsOptional()
  @IsIn(REVIEW_RECOMMENDATIONS, { message: RECOMMENDATION_MESSAGE })
  recommendation: ReviewRecommendation | null;

  /** An unscored or unknown criterion is REVIEW_INCOMPLETE (the service checks against the rubric), not a malformed request. */
  @ReviewCriteria('A score from 1 to 5 for every criterion of the current rubric (REVIEW_INCOMPLETE otherwise); comments optional')
  criteria?: ReviewCriterionInputDto[];
}

export class AssignablePaperDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty() category: string;
  @ApiProperty({ enum: REVIEWABLE_STATUSES, description: 'submitted or under_review' }) status: PaperSummary['status'];
  @ApiProperty({ description: 'The review round the assignment will be for' }) round: number;
  @ApiProperty({ description: "Standing (not declined) assignments of that round: fewer than reviewersPerRound, or the paper would not be listed" }) assignedReviewers: number;
  @ApiProperty({ description: 'Reviewers a round may have (REVIEWERS_PER_ROUND; 1 is the spec’s one reviewer per paper)' }) reviewersPerRound: number;
  @ApiProperty({ type: [String], format: 'uuid', description: 'Reviewers standing in that round, who cannot be assigned it again' }) reviewerIds: string[];
}

export class AssignableReviewerDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) firstName: string | null;
  @ApiProperty({ type: String, nullable: true }) lastName: string | null;
}

export class ReviewAssignmentDto {
  @ApiProperty({ format: 'uuid', description: 'The assignment, which is also the review (/review/{id})' }) id: string;
  @ApiProperty({ format: 'uuid' }) paperId: string;
  @ApiProperty() paperTitle: string;
  @ApiProperty() category: string;
  @ApiProperty({ format: 'uuid' }) reviewerId: string;
  @ApiProperty({ description: "The reviewer's name, or e-mail when the profile has none" }) reviewerName: string;
  @ApiProperty() reviewerEmail: string;
  @ApiProperty({ enum: REVIEW_STATUSES, enumName: 'ReviewStatus' }) status: ReviewStatus;
  @ApiProperty({ enum: REVIEW_RECOMMENDATIONS, enumName: 'ReviewRecommendation', nullable: true }) recommendation: ReviewRecommendation | null;
  @ApiProperty({ format: 'date-time' }) assignedAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) submittedAt: string | null;
  @ApiProperty({ format: 'date-time', description: 'When the review is due' }) dueAt: string;
  @ApiProperty({ description: 'The due date has passed and the review is not submitted' }) overdue: boolean;
  @ApiProperty({ description: "The paper's review round this assignment is for" }) round: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) declinedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The reviewer's reason for declining" }) declineReason: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the reviewer was last reminded of the due date, automatically or by an editor' })
  lastReminderAt: string | null;
}

export class ReminderSentDto {
  @ApiProperty({ format: 'date-time', description: 'When the reminder was recorded; its e-mail goes out after' }) sentAt: string;
}

export class MyReviewAssignmentDto {
  @ApiProperty({ format: 'uuid', description: 'The assignment id' }) id: string;
  @ApiProperty({ format: 'uuid' }) paperId: string;
  @ApiProperty() title: string;
  @ApiProperty() category: string;
  @ApiProperty({ format: 'date-time', description: "The paper's submission date" }) paperSubmittedAt: string;
  @ApiProperty() abstract: string;
  @ApiProperty({ enum: REVIEW_STATUSES, enumName: 'ReviewStatus' }) status: ReviewStatus;
  @ApiProperty({ format: 'date-time' }) assignedAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the review was submitted' }) submittedAt: string | null;
  @ApiProperty({ format: 'date-time', description: 'When the review is due' }) dueAt: string;
  @ApiProperty({ description: 'The due date has passed and the review is not submitted' }) overdue: boolean;
  @ApiProperty({ description: "The paper's review round this assignment is for" }) round: number;
}

export class MyReviewCountsDto {
  @ApiProperty() total: number;
  @ApiProperty({ description: 'Not submitted yet' }) pending: number;
  @ApiProperty({ description: 'Submitted' }) completed: number;
}

export class MyReviewsDto {
  @ApiProperty({ type: MyReviewCountsDto }) counts: MyReviewCountsDto;
  @ApiProperty({ type: [MyReviewAssignmentDto], description: 'Newest assignment first' }) assignments: MyReviewAssignmentDto[];
}

export class ReviewPaperDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty() category: string;
}

export class ReviewReviewerDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
}

/** What the caller may do with the review, as the access policy answers it; the server enforces it anyway. */
export class ReviewAccessDto {
  @ApiProperty({ description: 'Save a draft and submit it (review.write): its reviewer only' }) write: boolean;
  @ApiProperty({ description: 'Decline the assignment (review.decline): its reviewer only' }) decline: boolean;
}

export class ReviewDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: ReviewPaperDto }) paper: ReviewPaperDto;
  @ApiProperty({ type: ReviewReviewerDto }) reviewer: ReviewReviewerDto;
  @ApiProperty({ enum: REVIEW_STATUSES, enumName: 'ReviewStatus' }) status: ReviewStatus;
  @ApiProperty({ enum: REVIEW_RECOMMENDATIONS, enumName: 'ReviewRecommendation', nullable: true }) recommendation: ReviewRecommendation | null;
  @ApiProperty({ description: "'' until a draft is saved" }) text: string;
  @ApiProperty({ format: 'date-time' }) assignedAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) submittedAt: string | null;
  @ApiProperty({ format: 'date-time', description: 'When the review is due' }) dueAt: string;
  @ApiProperty({ description: 'The due date has passed and the review is not submitted' }) overdue: boolean;
  @ApiProperty({ description: "The paper's review round this review is for" }) round: number;
  @ApiProperty({
    type: [ReviewCriterionDto],
    description: "The rubric's scores and comments: a submitted review's own snapshot ([] if it predates the rubric), a draft's scores on the current rubric",
  })
  criteria: ReviewCriterionDto[];
  @ApiProperty({ type: ReviewAccessDto }) access: ReviewAccessDto;
}
