import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { ALL_CATEGORIES, PAPER_CATEGORIES } from '../entities/paper-category.js';

export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 50;
const CATEGORY_FILTERS = [ALL_CATEGORIES, ...PAPER_CATEGORIES];

export class ListPapersQueryDto {
  @ApiPropertyOptional({ maxLength: 200, description: 'Words to find in the title, an author’s name or the abstract (partial words too)' })
  @IsOptional()
  @IsString()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(200)
  q?: string;

  @ApiPropertyOptional({ enum: CATEGORY_FILTERS, description: `'${ALL_CATEGORIES}' or absent: every category` })
  @IsOptional()
  @IsIn(CATEGORY_FILTERS, { message: `category must be one of: ${CATEGORY_FILTERS.join(', ')}` })
  category?: string;

  @ApiPropertyOptional({ description: 'The nextCursor of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'cursor is not a cursor of this API' })
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;
}
