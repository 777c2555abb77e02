import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { ALL_CATEGORIES, PAPER_CATEGORIES } from '../paper-category.js';
import { Trim } from '../../../common/dtos/trim.transform.js';

export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 50;
const CATEGORY_FILTERS: readonly string[] = [ALL_CATEGORIES, ...PAPER_CATEGORIES];
const MAX_TEXT_LENGTH = 200;
const CURSOR_PATTERN = /^[A-Za-z0-9_-]+$/;

export class ListPapersQueryDto {
  @ApiPropertyOptional({ maxLength: MAX_TEXT_LENGTH, description: 'Words to find in the title, an author’s name or the abstract (partial words too)' })
  @IsOptional()
  @IsString()
  @Trim()
  @MaxLength(MAX_TEXT_LENGTH)
  q?: string;

  @ApiPropertyOptional({ enum: CATEGORY_FILTERS, description: `'${ALL_CATEGORIES}' or absent: every category` })
  @IsOptional()
  @IsIn(CATEGORY_FILTERS, { message: `category must be one of: ${CATEGORY_FILTERS.join(', ')}` })
  category?: string;

  @ApiPropertyOptional({ description: 'The nextCursor of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT_LENGTH)
  @Matches(CURSOR_PATTERN, { message: 'cursor is not a cursor of this API' })
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;

  /**
   * The valid queries of the busiest public route, checked without class-transformer and
   * class-validator (see AppValidationPipe): the same rules as the decorators above, applied
   * only to what is certainly valid. Anything else, an unknown or repeated parameter included,
   * returns undefined and goes through the decorators, which then word the error.
   */
  static quickParse(value: unknown): ListPapersQueryDto | undefined {
    if (typeof value !== 'object' || value === null) return undefined;
    const dto = new ListPapersQueryDto();
    for (const [key, raw] of Object.entries(value)) {
      if (typeof raw !== 'string') return undefined;
      switch (key) {
        case 'q': {
          const q = raw.trim();
          if (q.length > MAX_TEXT_LENGTH) return undefined;
          dto.q = q;
          break;
        }
        case 'category':
          if (!CATEGORY_FILTERS.includes(raw)) return undefined;
          dto.category = raw;
          break;
        case 'cursor':
          if (raw.length > MAX_TEXT_LENGTH || !CURSOR_PATTERN.test(raw)) return undefined;
          dto.cursor = raw;
          break;
        case 'limit': {
          // What @Type(() => Number) does, then @IsInt, @Min and @Max.
          const limit = Number(raw);
          if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) return undefined;
          dto.limit = limit;
          break;
        }
        default:
          return undefined;
      }
    }
    return dto;
  }
}
