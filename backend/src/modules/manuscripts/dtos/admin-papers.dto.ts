import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { PAPER_STATUSES, PaperStatus } from '../entities/paper-status.js';
import { PAPER_STAGES, PaperStage } from '../paper-stage.js';
import { PaperStageDto, StageCountsDto } from './paper-stage.dto.js';
import { Trim } from '../../../common/dtos/trim.transform.js';

export const ADMIN_DEFAULT_PAGE_SIZE = 25;
export const ADMIN_MAX_PAGE_SIZE = 100;
export const ADMIN_SEARCH_MAX_LENGTH = 200;

export class AdminPapersQueryDto {
  @ApiPropertyOptional({ enum: PAPER_STATUSES, enumName: 'PaperStatus', description: 'Absent: every status' })
  @IsOptional()
  @IsIn(PAPER_STATUSES, { message: `status must be one of: ${PAPER_STATUSES.join(', ')}` })
  status?: PaperStatus;

  @ApiPropertyOptional({ enum: PAPER_STAGES, enumName: 'PaperStage', description: 'Absent: every stage (paper-stage.ts); with status, both must hold' })
  @IsOptional()
  @IsIn(PAPER_STAGES, { message: `stage must be one of: ${PAPER_STAGES.join(', ')}` })
  stage?: PaperStage;

  @ApiPropertyOptional({
    maxLength: ADMIN_SEARCH_MAX_LENGTH,
    description:
      "Every word must appear (case-insensitive, partial words too) in the title, an author's name or e-mail, or the owner's account e-mail or profile name. Empty: every paper",
  })
  @IsOptional()
  @IsString()
  @Trim()
  @MaxLength(ADMIN_SEARCH_MAX_LENGTH, { message: `q must be at most ${ADMIN_SEARCH_MAX_LENGTH} characters` })
  q?: string;

  @ApiPropertyOptional({ description: 'The nextCursor of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'cursor is not a cursor of this API' })
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: ADMIN_MAX_PAGE_SIZE, default: ADMIN_DEFAULT_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(ADMIN_MAX_PAGE_SIZE)
  limit?: number;
}

export class AdminPaperRowDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty({ type: [String], description: "The authors' names, in order" }) authors: string[];
  @ApiProperty() category: string;
  @ApiProperty({ enum: PAPER_STATUSES, enumName: 'PaperStatus' }) status: PaperStatus;
  @ApiProperty({ type: PaperStageDto }) stage: PaperStageDto;
  @ApiProperty({ type: String, format: 'date-time', description: 'createdAt' }) submittedAt: string;
  @ApiProperty({ description: 'Updated PDFs waiting for an editor’s approval' }) pendingVersions: number;
}

export class AdminPaperPageDto {
  @ApiProperty({ type: [AdminPaperRowDto] }) items: AdminPaperRowDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  nextCursor: string | null;
}

export class StatusCountsDto {
  @ApiProperty() all: number;
  @ApiProperty() submitted: number;
  @ApiProperty() under_review: number;
  @ApiProperty() accepted: number;
  @ApiProperty() published: number;
  @ApiProperty() rejected: number;
  @ApiProperty({ type: StageCountsDto, description: 'The papers before a decision (submitted or under review), by stage' }) stages: StageCountsDto;
}
