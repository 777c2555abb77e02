import { ApiProperty } from '@nestjs/swagger';
import { PAPER_STAGES, PaperStage, type PaperStageView } from '../paper-stage.js';

/** Where the paper is beside its status (paper-stage.ts): derived on every read, never stored. */
export class PaperStageDto implements PaperStageView {
  @ApiProperty({
    enum: PAPER_STAGES,
    enumName: 'PaperStage',
    description:
      'submitted (no reviewer asked yet); awaiting_reviewer (round 1, none standing); in_review (reviewsIn of reviewsExpected in); revisions_requested (due dueAt); revised (the author answered, the new round has no reviewer yet); accepted; published; rejected',
  })
  name: PaperStage;

  @ApiProperty({ description: 'The current review round (1 until the author answers a revision request)' }) round: number;
  @ApiProperty({ type: Number, nullable: true, description: 'in_review: the submitted reviews of the round; null otherwise' }) reviewsIn: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'in_review: the round’s assignments that are not declined; null otherwise' })
  reviewsExpected: number | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'revisions_requested: when the revision is due; null otherwise' })
  dueAt: string | null;
}

/** The editors' tiles: how many papers before a decision are in each stage. */
export class StageCountsDto {
  @ApiProperty() submitted: number;
  @ApiProperty() awaiting_reviewer: number;
  @ApiProperty() in_review: number;
  @ApiProperty() revisions_requested: number;
  @ApiProperty() revised: number;
}
