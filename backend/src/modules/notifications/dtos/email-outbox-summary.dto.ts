import { ApiProperty } from '@nestjs/swagger';

/** What editors see of outgoing e-mail: how much is waiting, retrying, given up, delivered. */
export class EmailOutboxSummaryDto {
  @ApiProperty({ description: 'Not sent yet and not failed so far' })
  waiting: number;

  @ApiProperty({ description: 'Not sent yet after a failed attempt; will be tried again' })
  retrying: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the soonest retry is due; null when nothing is retrying' })
  nextRetryAt: string | null;

  @ApiProperty({ description: 'Given up: refused by the mail server, or still failing after about a day of retries' })
  failed: number;

  @ApiProperty({ description: 'Delivered to the mail server in the last 24 hours' })
  sentLastDay: number;
}
