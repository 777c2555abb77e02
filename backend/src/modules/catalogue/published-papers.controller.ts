import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/auth.decorators.js';
import { type ConditionalOptions, NOT_MODIFIED_RESPONSE, ReadCaching, sendConditionally } from '../../common/http/conditional-get.js';
import { PAPER_ID } from './paper-id.param.js';
import { PaperCitationsService, sendCitation } from './citations/paper-citations.service.js';
import { ListPapersQueryDto } from './dtos/list-papers.query.js';
import { PaperCitationQueryDto } from './dtos/paper-citation.query.js';
import { PaperPageDto } from './dtos/paper.dto.js';
import { PaperListCache } from './list/paper-list-cache.service.js';


/** The list is the same for everyone, signed in or not. */
const LIST_CACHING: ConditionalOptions = { caching: ReadCaching.Shared };

/** The public reads of the catalogue under /api/papers; a paper's own page is the manuscripts' (PapersController). */
@ApiTags('papers')
@Controller('papers')
export class PublishedPapersController {
  constructor(
    private readonly listCache: PaperListCache,
    private readonly citations: PaperCitationsService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List the published papers' })
  @Public()
  @ApiOkResponse({ type: PaperPageDto, description: 'Published papers, newest first; ETag, Cache-Control: public, no-cache' })
  @ApiResponse(NOT_MODIFIED_RESPONSE)
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED (cursor, limit, category or q)' })
  async list(@Query() query: ListPapersQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer | undefined> {
    return sendConditionally(reply, await this.listCache.page(query), LIST_CACHING);
  }

  @Get(':id/citation')
  @ApiOperation({ summary: 'Cite a published paper' })
  @Public()
  @ApiProduces('text/plain', 'application/x-bibtex', 'application/x-research-info-systems')
  @ApiOkResponse({
    description:
      'apa, mla: the reference as one line of text/plain (CSL styles APA 7th and MLA 9th edition); bibtex, ris: application/x-bibtex or application/x-research-info-systems, as an attachment named after the title (.bib, .ris). UTF-8; ETag; Cache-Control: public, no-cache',
    schema: { type: 'string' },
  })
  @ApiResponse(NOT_MODIFIED_RESPONSE)
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: format is missing or not one of apa, mla, bibtex, ris' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no such paper, or not published (for everyone, its owner and admins too)' })
  async citation(@Param('id', PAPER_ID) id: string, @Query() query: PaperCitationQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer | undefined> {
    return sendCitation(reply, await this.citations.cite(id, query.format));
  }
}
