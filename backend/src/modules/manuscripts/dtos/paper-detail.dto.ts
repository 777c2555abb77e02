import { ApiProperty } from '@nestjs/swagger';
import { PaperCardDto, PaperLicenseDto } from '../../catalogue/dtos/paper.dto.js';
import { PAPER_STATUSES, PaperStatus } from '../entities/paper-status.js';
import { PaperStageDto } from './paper-stage.dto.js';
import { VERSION_UPLOAD_WINDOWS, type VersionUploadWindow } from '../version-upload-window.js';

/** What the caller may do with a paper; the server enforces it anyway. */
export class PaperAccessDto {
  @ApiProperty({ description: 'The caller submitted it' }) owner: boolean;
  @ApiProperty({ description: 'Read and post comments: owner or admin' }) discuss: boolean;
  @ApiProperty({ description: 'Upload an updated PDF: owner only' }) uploadVersion: boolean;
  @ApiProperty({ description: 'Change the status (paper.decide): the editorial team' }) changeStatus: boolean;
}

/** What else the caller may do with the paper, as the access policy answers it, for the page's other panels. */
export class PaperActionsDto {
  @ApiProperty({ description: 'Follow its progress and status timeline (paper.readHistory): owner or the editorial team' }) readHistory: boolean;
  @ApiProperty({ description: 'Read every review, with the reviewers named (paper.readReviews): the editorial team' }) readReviews: boolean;
  @ApiProperty({ description: 'Approve an uploaded version (paper.approveVersion): the editorial team' }) approveVersion: boolean;
  @ApiProperty({ description: 'Download the Crossref deposit (paper.exportDeposit): the editorial team' }) exportDeposit: boolean;
  @ApiProperty({ description: "Assign reviewers to its current round, withdraw them, move their due dates and remind them (review.assign): the editorial team" })
  assignReviewers: boolean;
  @ApiProperty({
    enum: VERSION_UPLOAD_WINDOWS,
    enumName: 'VersionUploadWindow',
    description:
      'Whether an updated PDF may be uploaded now (for those with access.uploadVersion): open; revisionRequested (only through the revision form); inReview (not until the round\'s review is in or revisions are requested)',
  })
  versionUpload: VersionUploadWindow;
}

export class PaperDetailDto extends PaperCardDto {
  @ApiProperty({ enum: PAPER_STATUSES, enumName: 'PaperStatus' }) status: PaperStatus;
  @ApiProperty({ type: PaperStageDto, description: 'Where it is beside its status (derived, never stored)' }) stage: PaperStageDto;
  @ApiProperty({ type: String, nullable: true }) keywords: string | null;
  @ApiProperty({ type: PaperLicenseDto, description: 'The licence it is, or will be, published under: the journal\'s when it was submitted' })
  license: PaperLicenseDto;
  @ApiProperty({ type: String, nullable: true, example: '10.12345/ysj.2026.00042', description: 'Given at publication when the journal has a Crossref prefix' })
  doi: string | null;
  @ApiProperty({ type: PaperAccessDto }) access: PaperAccessDto;
  @ApiProperty({ type: PaperActionsDto }) actions: PaperActionsDto;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt: string;
  @ApiProperty({ type: [String], nullable: true, description: "The authors' e-mails, only for the owner and admins" })
  authorEmails: string[] | null;
}
