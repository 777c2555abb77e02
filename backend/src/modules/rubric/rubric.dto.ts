import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';
import { Trim } from '../../common/dtos/trim.transform.js';

export const CRITERION_NAME_MAX_LENGTH = 80;
export const CRITERION_HINT_MAX_LENGTH = 300;
export const CRITERION_COMMENT_MAX_LENGTH = 2000;
export const RUBRIC_MIN_CRITERIA = 1;
export const RUBRIC_MAX_CRITERIA = 12;
export const SCORE_MIN = 1;
export const SCORE_MAX = 5;

/** The first name that appears twice, ignoring case and surrounding spaces; undefined when all differ. */
export function duplicateName(items: readonly unknown[]): string | undefined {
  const seen = new Set<string>();
  for (const item of items) {
    const name = item !== null && typeof item === 'object' ? (item as { name?: unknown }).name : undefined;
    if (typeof name !== 'string') continue;
    const key = name.trim().toLowerCase();
    if (seen.has(key)) return name.trim();
    seen.add(key);
  }
  return undefined;
}

/** Criteria are matched by name, so a list may not name one twice: a VALIDATION_FAILED like any malformed field. */
function HasDistinctNames(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'hasDistinctNames',
      validator: {
        validate: (value: unknown) => !Array.isArray(value) || duplicateName(value) === undefined,
        defaultMessage: (args) => `criteria names must be distinct (ignoring case): "${duplicateName((args?.value as unknown[]) ?? [])}" appears more than once`,
      },
    },
    options,
  );
}

export class RubricCriterionDto {
  @ApiProperty({ maxLength: CRITERION_NAME_MAX_LENGTH }) name: string;
  @ApiProperty({ maxLength: CRITERION_HINT_MAX_LENGTH, description: 'One line for the reviewer: what to look for' }) hint: string;
}

export class RubricCriterionInputDto {
  @ApiProperty({ minLength: 1, maxLength: CRITERION_NAME_MAX_LENGTH })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'every criterion needs a name' })
  @MaxLength(CRITERION_NAME_MAX_LENGTH, { message: `a criterion's name may be at most ${CRITERION_NAME_MAX_LENGTH} characters` })
  name: string;

  @ApiPropertyOptional({ maxLength: CRITERION_HINT_MAX_LENGTH, description: "Default ''" })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(CRITERION_HINT_MAX_LENGTH, { message: `a criterion's hint may be at most ${CRITERION_HINT_MAX_LENGTH} characters` })
  hint?: string;
}

/** The whole new list, in order: it replaces the current one. */
export class ReplaceRubricDto {
  @ApiProperty({ type: [RubricCriterionInputDto], minItems: RUBRIC_MIN_CRITERIA, maxItems: RUBRIC_MAX_CRITERIA, description: 'Names distinct, ignoring case' })
  @IsArray()
  @ArrayMinSize(RUBRIC_MIN_CRITERIA, { message: 'the rubric needs at least one criterion' })
  @ArrayMaxSize(RUBRIC_MAX_CRITERIA, { message: `the rubric may have at most ${RUBRIC_MAX_CRITERIA} criteria` })
  @ValidateNested({ each: true })
  @Type(() => RubricCriterionInputDto)
  @HasDistinctNames()
  criteria: RubricCriterionInputDto[];
}

/** A reviewer's score and comment on one criterion, named as the rubric names it. */
export class ReviewCriterionInputDto {
  @ApiProperty({ minLength: 1, maxLength: CRITERION_NAME_MAX_LENGTH, description: "The rubric criterion's name (case is ignored)" })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'every criterion needs a name' })
  @MaxLength(CRITERION_NAME_MAX_LENGTH)
  name: string;

  @ApiProperty({ type: Number, minimum: SCORE_MIN, maximum: SCORE_MAX, nullable: true, description: 'A whole number; null (not scored yet) only in a draft' })
  @IsOptional()
  @IsInt({ message: `score must be a whole number from ${SCORE_MIN} to ${SCORE_MAX}` })
  @Min(SCORE_MIN, { message: `score must be a whole number from ${SCORE_MIN} to ${SCORE_MAX}` })
  @Max(SCORE_MAX, { message: `score must be a whole number from ${SCORE_MIN} to ${SCORE_MAX}` })
  score: number | null;

  @ApiPropertyOptional({ maxLength: CRITERION_COMMENT_MAX_LENGTH, description: "Default ''" })
  @IsOptional()
  @IsString()
  @MaxLength(CRITERION_COMMENT_MAX_LENGTH)
  comment?: string;
}

/** The review's criteria field, the same in a draft and a submission. */
export function ReviewCriteria(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: [ReviewCriterionInputDto], maxItems: RUBRIC_MAX_CRITERIA, description }),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(RUBRIC_MAX_CRITERIA, { message: `a review may score at most ${RUBRIC_MAX_CRITERIA} criteria` }),
    ValidateNested({ each: true }),
    Type(() => ReviewCriterionInputDto),
    HasDistinctNames(),
  );
}

export class ReviewCriterionDto {
  @ApiProperty() name: string;
  @ApiProperty({ description: 'What the rubric asked the reviewer to look for' }) hint: string;
  @ApiProperty({ type: Number, nullable: true, minimum: SCORE_MIN, maximum: SCORE_MAX, description: 'null: not scored yet (a draft)' }) score: number | null;
  @ApiProperty({ description: "'' when the reviewer wrote none" }) comment: string;
}
