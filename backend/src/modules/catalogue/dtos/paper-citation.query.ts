import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { CITATION_FORMATS, type CitationFormat } from '../citations/paper-citation.js';

export class PaperCitationQueryDto {
  @ApiProperty({ enum: CITATION_FORMATS, enumName: 'CitationFormat', description: 'apa and mla: one line of plain text; bibtex and ris: a file to download' })
  @IsIn(CITATION_FORMATS, { message: `format must be one of: ${CITATION_FORMATS.join(', ')}` })
  format: CitationFormat;
}
