import { ApiProperty } from '@nestjs/swagger';

export class PaperVersionDto {
  @ApiProperty({ description: '1 = the submitted file' }) version: number;
  @ApiProperty({ description: 'As uploaded' }) fileName: string;
  @ApiProperty({ description: 'Bytes' }) size: number;
  @ApiProperty({ type: String, format: 'date-time' }) uploadedAt: string;
  @ApiProperty({ description: '/api/papers/{id}/versions/{version}/pdf' }) pdfUrl: string;
  @ApiProperty({ description: "The newest: the paper's PDF" }) current: boolean;
}
