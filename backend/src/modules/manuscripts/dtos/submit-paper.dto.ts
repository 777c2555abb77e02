import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { SUBMISSION_CATEGORIES, type SubmissionCategory } from '../../catalogue/paper-category.js';
import { Trim } from '../../../common/dtos/trim.transform.js';

export class PaperAuthorDto {
  @ApiProperty({ minLength: 1, maxLength: 200 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  @ApiProperty({ format: 'email' })
  @Trim()
  @IsEmail({}, { message: 'each author needs a valid email' })
  @MaxLength(320)
  email: string;

  @ApiProperty({ minLength: 1, maxLength: 200 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  school: string;
}

/** The form sends the authors as one JSON text field; anything that is not JSON stays a string and fails `IsArray`. */
function parseAuthors({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return value;
  }
  return Array.isArray(parsed) ? parsed.map((author: unknown) => (author !== null && typeof author === 'object' ? plainToInstance(PaperAuthorDto, author) : author)) : parsed;
}

/** The text fields of `POST /api/papers` (multipart/form-data; the file is the part `pdf`). */
export class SubmitPaperDto {
  @ApiProperty({ minLength: 1, maxLength: 300 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(300)
  title: string;

  @ApiProperty({ type: [PaperAuthorDto], minItems: 1, maxItems: 20, description: 'Sent as a JSON text field' })
  @Transform(parseAuthors)
  @IsArray({ message: 'authors must be a JSON array of {name, email, school}' })
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  authors: PaperAuthorDto[];

  @ApiProperty({ enum: SUBMISSION_CATEGORIES, enumName: 'SubmissionCategory' })
  @IsIn(SUBMISSION_CATEGORIES, { message: `category must be one of: ${SUBMISSION_CATEGORIES.join(', ')}` })
  category: SubmissionCategory;

  @ApiPropertyOptional({ maxLength: 500, description: 'Comma-separated' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(500)
  keywords?: string;

  @ApiProperty({ minLength: 1, maxLength: 20000, description: '250-500 words is guidance only' })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(20000)
  abstract: string;
}

/** The multipart body as the OpenAPI document describes it. */
export const SUBMIT_PAPER_BODY_SCHEMA = {
  type: 'object',
  required: ['title', 'authors', 'category', 'abstract', 'pdf'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 300 },
    authors: { type: 'string', description: 'JSON array of 1-20 {name, email, school}' },
    category: { type: 'string', enum: [...SUBMISSION_CATEGORIES] },
    keywords: { type: 'string', maxLength: 500 },
    abstract: { type: 'string', minLength: 1, maxLength: 20000 },
    pdf: { type: 'string', format: 'binary', description: 'The paper, a PDF of at most 10 MB' },
  },
};

export const UPLOAD_VERSION_BODY_SCHEMA = {
  type: 'object',
  required: ['pdf'],
  properties: { pdf: { type: 'string', format: 'binary', description: 'The updated paper, a PDF of at most 10 MB' } },
};
