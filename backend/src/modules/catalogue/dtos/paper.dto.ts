import { ApiProperty } from '@nestjs/swagger';
import { LICENSE_IDS, type LicenseId } from '../../../config/licenses.js';

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

/** The licence a paper is published under (config/licenses.ts). */
export class PaperLicenseDto {
  @ApiProperty({ enum: LICENSE_IDS, enumName: 'LicenseId', description: 'SPDX identifier' }) id: LicenseId;
  @ApiProperty({ example: 'CC BY 4.0' }) label: string;
  @ApiProperty({ example: 'Creative Commons Attribution 4.0 International' }) name: string;
  @ApiProperty({ format: 'uri' }) url: string;
}
