import { ApiProperty } from '@nestjs/swagger';
import { LICENSE_IDS, type LicenseId } from '../../../config/licenses.js';
import { PAPER_STATUSES, PaperStatus } from '../../manuscripts/entities/paper-status.js';

/** An author as the public sees them: never the e-mail. */
export class PaperAuthorPublicDto {
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) school: string | null;
}

export class PaperCardDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty({ type: [PaperAuthorPublicDto] }) authors: PaperAuthorPublicDto[];
  @ApiProperty() abstract: string;
  @ApiProperty({ description: 'After the display rules (docs/api.md)' }) category: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'After the display rules; null only for an unpublished paper' })
  publishedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The first author's school" }) school: string | null;
  @ApiProperty({ type: String, nullable: true, description: '/api/papers/{id}/pdf when the paper has a file' }) pdfUrl: string | null;
  @ApiProperty({ description: 'The card opens the PDF in a new tab instead of /papers/{id}' }) opensPdfDirectly: boolean;
}

export class PaperPageDto {
  @ApiProperty({ type: [PaperCardDto] }) items: PaperCardDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  nextCursor: string | null;
}

/** What the caller may do with a paper; the server enforces it anyway. */
export class PaperAccessDto {
  @ApiProperty({ description: 'The caller submitted it' }) owner: boolean;
  @ApiProperty({ description: 'Read and post comments: owner or admin' }) discuss: boolean;
  @ApiProperty({ description: 'Upload an updated PDF: owner only' }) uploadVersion: boolean;
  @ApiProperty({ description: 'Change the status: admin only' }) changeStatus: boolean;
}

/** The licence a paper is published under (config/licenses.ts). */
export class PaperLicenseDto {
  @ApiProperty({ enum: LICENSE_IDS, enumName: 'LicenseId', description: 'SPDX identifier' }) id: LicenseId;
  @ApiProperty({ example: 'CC BY 4.0' }) label: string;
  @ApiProperty({ example: 'Creative Commons Attribution 4.0 International' }) name: string;
  @ApiProperty({ format: 'uri' }) url: string;
}

export class PaperDetailDto extends PaperCardDto {
  @ApiProperty({ enum: PAPER_STATUSES, enumName: 'PaperStatus' }) status: PaperStatus;
  @ApiProperty({ type: String, nullable: true }) keywords: string | null;
  @ApiProperty({ type: PaperLicenseDto, description: 'The licence it is, or will be, published under: the journal\'s when it was submitted' })
  license: PaperLicenseDto;
  @ApiProperty({ type: String, nullable: true, example: '10.12345/ysj.2026.00042', description: 'Given at publication when the journal has a Crossref prefix' })
  doi: string | null;
  @ApiProperty({ type: PaperAccessDto }) access: PaperAccessDto;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time' }) updatedAt: string;
  @ApiProperty({ type: [String], nullable: true, description: "The authors' e-mails, only for the owner and admins" })
  authorEmails: string[] | null;
}
