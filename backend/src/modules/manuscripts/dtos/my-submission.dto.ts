import { ApiProperty } from '@nestjs/swagger';
import { PAPER_STATUSES, PaperStatus } from '../entities/paper-status.js';
import { PaperStageDto } from './paper-stage.dto.js';

export class MySubmissionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty() category: string;
  @ApiProperty({ enum: PAPER_STATUSES, enumName: 'PaperStatus' }) status: PaperStatus;
  @ApiProperty({ description: 'submitted 25, under_review 50, accepted 75, published 100, rejected 0' }) progress: number;
  @ApiProperty({ type: PaperStageDto, description: 'Where it is beside its status; the progress stays the status’s' }) stage: PaperStageDto;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) publishedAt: string | null;
  @ApiProperty() commentCount: number;
}

export class MyDashboardDto {
  @ApiProperty() totalSubmissions: number;
  @ApiProperty() published: number;
  @ApiProperty({ description: 'Comments on all of the caller’s papers' }) comments: number;
  @ApiProperty({ description: 'The caller’s papers whose stage is revisions_requested: waiting on the author' }) revisionsRequested: number;
  @ApiProperty({ type: [MySubmissionDto], description: 'The 5 newest by createdAt' }) recent: MySubmissionDto[];
}
