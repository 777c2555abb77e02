import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { LETTER_DECISIONS, type LetterDecision } from '../../common/web-shared/decision-letter.js';

export const LETTER_NOTE_MAX_LENGTH = 10_000;
/** More than any round has reviews: the list names reviews of one round. */
export const LETTER_REVIEWS_MAX = 20;

/** What an editor may add to a decision or a revision request: all optional, none changes a call without them. */
export class LetterFieldsDto {
  @ApiPropertyOptional({ maxLength: LETTER_NOTE_MAX_LENGTH, description: "The editors' own words to the author, quoted first in the letter" })
  @IsOptional()
  @IsString()
  @MaxLength(LETTER_NOTE_MAX_LENGTH)
  editorNote?: string;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: LETTER_REVIEWS_MAX,
    description: "Submitted reviews of the paper's current round to quote to the author (unnamed: \"Reviewer 1\"…). Default: none for a decision, every submitted review of the round for a revision request",
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(LETTER_REVIEWS_MAX)
  @IsUUID('all', { each: true })
  sharedReviewIds?: string[];
}

export class DecisionLetterPreviewRequestDto extends LetterFieldsDto {
  @ApiProperty({ enum: LETTER_DECISIONS, enumName: 'LetterDecision', description: 'accepted or rejected (a status change), minor_revisions or major_revisions (a revision request)' })
  @IsIn(LETTER_DECISIONS, { message: `decision must be one of: ${LETTER_DECISIONS.join(', ')}` })
  decision: LetterDecision;

  @ApiPropertyOptional({ description: "Quote the shared reviews' text (default true)" })
  @IsOptional()
  @IsBoolean()
  shareText?: boolean;

  @ApiPropertyOptional({ description: "Quote the shared reviews' rubric scores and comments (default true)" })
  @IsOptional()
  @IsBoolean()
  shareCriteria?: boolean;
}

export class DecisionLetterDto {
  @ApiProperty({ description: 'The letter the e-mail to the author will carry, as plain text; empty when the editors wrote no note and share no review (the e-mail is then the usual one)' })
  letter: string;
}
