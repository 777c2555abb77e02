import { Controller, Get, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator.js';
import { ListPapersQueryDto } from './dtos/list-papers.query.js';
import { PaperDetailDto, PaperPageDto } from './dtos/paper.dto.js';
import { PapersService } from './papers.service.js';

@ApiTags('papers')
@Controller('papers')
export class PapersController {
  constructor(private readonly papers: PapersService) {}

  @Get()
  @Public()
  @ApiOkResponse({ type: PaperPageDto, description: 'Published papers, newest first' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED (cursor, limit, category or q)' })
  list(@Query() query: ListPapersQueryDto): Promise<PaperPageDto> {
    return this.papers.list(query);
  }

  @Get(':id')
  @Public()
  @ApiOkResponse({ type: PaperDetailDto })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such paper, or not published and the caller is neither its owner nor an admin' })
  detail(@Param('id') id: string, @CurrentUser({ optional: true }) user?: AuthUser): Promise<PaperDetailDto> {
    return this.papers.detail(id, user);
  }

  @Get(':id/pdf')
  @Public()
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF, inline', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for the paper, or the paper has no file' })
  async pdf(@Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply, @CurrentUser({ optional: true }) user?: AuthUser): Promise<StreamableFile> {
    const pdf = await this.papers.openPdf(id, user);
    void reply.header('x-content-type-options', 'nosniff').header('cache-control', 'private, max-age=3600');
    return new StreamableFile(pdf.stream, { type: 'application/pdf', length: pdf.size, disposition: `inline; filename="${pdf.fileName}"` });
  }
}
