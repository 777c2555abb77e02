import { ApiProperty } from '@nestjs/swagger';
import { DECISION_NOTIFICATIONS, type DecisionNotification } from './paper-decision.dto.js';

/**
 * Where a version stands, as the version list shows it: `current` is the paper's PDF (public
 * when the paper is published); `pending` waits for an editor's approval; `superseded` was the
 * paper's PDF before a newer one, or was passed over while pending.
 */
export const VERSION_STATES = ['current', 'pending', 'superseded'] as const;
export type VersionState = (typeof VERSION_STATES)[number];

export class PaperVersionDto {
  @ApiProperty({ description: '1 = the submitted file' }) version: number;
  @ApiProperty({ description: 'As uploaded' }) fileName: string;
  @ApiProperty({ description: 'Bytes' }) size: number;
  @ApiProperty({ type: String, format: 'date-time' }) uploadedAt: string;
  @ApiProperty({ description: '/api/papers/{id}/versions/{version}/pdf' }) pdfUrl: string;
  @ApiProperty({ enum: VERSION_STATES, enumName: 'PaperVersionState' }) state: VersionState;
  @ApiProperty({ description: "state = current: the paper's PDF" }) current: boolean;
  @ApiProperty({ description: "The paper's PDF and the paper is published: what readers get at /api/papers/{id}/pdf" }) public: boolean;
}

export class VersionApprovedDto {
  @ApiProperty({ type: PaperVersionDto }) version: PaperVersionDto;
  @ApiProperty({ description: "False when it already was the paper's PDF (nothing recorded, nothing sent)" }) changed: boolean;
  @ApiProperty({ enum: DECISION_NOTIFICATIONS, description: 'The author is e-mailed when a version is approved' })
  notification: DecisionNotification;
}
