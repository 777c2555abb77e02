import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { LETTER_REVIEWS_MAX } from '../../decision-letters/decision-letter.dto.js';
import { REVIEW_RECOMMENDATIONS, REVIEW_STATUSES, type ReviewRecommendation, type ReviewStatus } from '../entities/review-status.js';
import { REVISION_KINDS, type RevisionKind } from '../entities/revision-request.entity.js';
import { IsDueDate, REVIEW_DUE_MAX_DAYS } from '../dtos/review.dto.js';

export const EDITOR_NOTE_MAX_LENGTH = 10_000;
export const RESPONSE_LETTER_MAX_LENGTH = 20_000;

export class RequestRevisionsDto {
  @ApiProperty({ enum: REVISION_KINDS, enumName: 'RevisionKind' })
  @IsIn(REVISION_KINDS, { message: `kind must be one of: ${REVISION_KINDS.join(', ')}` })
  kind: RevisionKind;

  @ApiPropertyOptional({ maxLength: EDITOR_NOTE_MAX_LENGTH, description: "The editors' own words to the author, beside the shared review" })
  @IsOptional()
  @IsString()
  @MaxLength(EDITOR_NOTE_MAX_LENGTH)
  editorNote?: string;

  @ApiProperty({ description: "Show the author the text of this round's review" })
  @IsBoolean()
  shareText: boolean;

  @ApiProperty({ description: "Show the author the rubric's scores and comments of this round's review" })
  @IsBoolean()
  shareCriteria: boolean;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: LETTER_REVIEWS_MAX,
    description: "The submitted reviews of this round whose parts (shareText, shareCriteria) the author sees and the letter quotes; the others are not shared. Default: every submitted review of the round",
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(LETTER_REVIEWS_MAX)
  @IsUUID('all', { each: true })
  sharedReviewIds?: string[];

  @ApiPropertyOptional({
    format: 'date-time',
    description: `When the revision is due: in the future, at most ${REVIEW_DUE_MAX_DAYS} days ahead. Default: 14 days for minor revisions, 30 for major`,
  })
  @IsOptional()
  @IsDueDate()
  dueAt?: string;
}

/** The text part of the revision form (multipart, beside the PDF). */
export class SubmitRevisionFieldsDto {
  @ApiProperty({ maxLength: RESPONSE_LETTER_MAX_LENGTH, description: 'How the author answered the feedback. Must not be blank' })
  @IsString()
  @MaxLength(RESPONSE_LETTER_MAX_LENGTH)
  responseLetter: string;
}

export const SUBMIT_REVISION_BODY_SCHEMA = {
  type: 'object',
  required: ['pdf', 'responseLetter'],
  properties: {
    pdf: { type: 'string', format: 'binary', description: 'The revised paper, a PDF of at most 10 MB' },
    responseLetter: { type: 'string', maxLength: RESPONSE_LETTER_MAX_LENGTH, description: 'How the author answered the feedback' },
  },
};

export class RevisionRequestDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'The round whose review prompted it; the answer opens the next' }) round: number;
  @ApiProperty({ enum: REVISION_KINDS, enumName: 'RevisionKind' }) kind: RevisionKind;
  @ApiProperty() editorNote: string;
  @ApiProperty({ format: 'date-time' }) requestedAt: string;
  @ApiProperty({ format: 'date-time' }) dueAt: string;
  @ApiProperty({ description: 'The due date has passed and the author has not answered' }) overdue: boolean;
  @ApiProperty({ type: String, nullable: true }) responseLetter: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) respondedAt: string | null;
}

/** A criterion of the rubric as a review scored it. */
export class RoundCriterionDto {
  @ApiProperty() name: string;
  @ApiProperty({ type: Number, nullable: true, minimum: 1, maximum: 5 }) score: number | null;
  @ApiProperty() comment: string;
}

/**
 * One review of a round as the caller may see it. The author sees submitted reviews only, under
 * "Reviewer 1", "Reviewer 2"… and only what the editors shared; the editors see everything.
 */
export class RoundReviewDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The review, for the editors to choose which to share; null for anyone else' })
  id: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'What the author reads this reviewer as ("Reviewer 1"…), for the editors; null for anyone else, and before the reviewer submits' })
  authorLabel: string | null;
  @ApiProperty({ description: '"Reviewer 1", "Reviewer 2"… for the author and other reviewers; the name for the editors and the reviewer themself' })
  reviewer: string;
  @ApiProperty({ description: 'The caller wrote this review' }) mine: boolean;
  @ApiProperty({ enum: REVIEW_STATUSES, enumName: 'ReviewStatus' }) status: ReviewStatus;
  @ApiProperty({ enum: REVIEW_RECOMMENDATIONS, enumName: 'ReviewRecommendation', nullable: true, description: 'Not shown to the author' })
  recommendation: ReviewRecommendation | null;
  @ApiProperty({ type: String, nullable: true, description: 'null when not shared with the caller' }) text: string | null;
  @ApiProperty({ type: [RoundCriterionDto], description: 'Empty when not shared with the caller' }) criteria: RoundCriterionDto[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) submittedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The reviewer's reason for declining: editors only" }) declineReason: string | null;
  @ApiProperty({ description: 'What the editors chose to show the author' }) sharedWithAuthor: boolean;
}

export class ReviewRoundDto {
  @ApiProperty() round: number;
  @ApiProperty({ description: 'The version of the PDF this round reviewed' }) version: number;
  @ApiProperty({ description: "This round's PDF" }) pdfUrl: string;
  @ApiProperty({ type: [RoundReviewDto] }) reviews: RoundReviewDto[];
  @ApiProperty({ type: RevisionRequestDto, nullable: true, description: 'The editors asked for revisions after this round' })
  revisionRequest: RevisionRequestDto | null;
}

export class ReviewRoundsDto {
  @ApiProperty({ description: 'The round the paper is in' }) currentRound: number;
  @ApiProperty({ type: RevisionRequestDto, nullable: true, description: 'The revision request waiting for the author, if any' })
  openRequest: RevisionRequestDto | null;
  @ApiProperty({ description: "The editors may request revisions now: this round's review is submitted and no request is open" })
  canRequestRevisions: boolean;
  @ApiProperty({ type: [ReviewRoundDto], description: 'Oldest first; each as the caller may see it' }) rounds: ReviewRoundDto[];
}
