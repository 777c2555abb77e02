import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { Authenticated } from '../../../common/auth/auth.decorators.js';
import { uuidParam } from '../../../common/http/uuid-param.pipe.js';
import { type AuthUser, CurrentUser } from '../../auth/current-user.decorator.js';
import { ReviewException } from '../review.exception.js';
import { ReviewCertificatesService } from './review-certificates.service.js';

@ApiTags('reviews')
@Controller()
export class ReviewCertificatesController {
  constructor(private readonly certificates: ReviewCertificatesService) {}

  @Get('reviews/:id/certificate')
  @ApiOperation({ summary: 'Download the certificate for a submitted review' })
  @Authenticated()
  @ApiProduces('application/pdf')
  @ApiOkResponse({
    description: 'A one-page PDF naming the reviewer, the journal, the day the review was submitted and the linked ORCID iD, but not the paper; an attachment, Cache-Control: private, no-store',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiUnauthorizedResponse({ description: 'UNAUTHENTICATED' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: an editor who is not the assigned reviewer' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: as for reading the review' })
  @ApiConflictResponse({ description: 'REVIEW_NOT_SUBMITTED' })
  async certificate(@CurrentUser() user: AuthUser, @Param('id', uuidParam(() => new ReviewException('notFound'))) id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const { pdf, fileName } = await this.certificates.certificate(user, id);
    // Personal, and made afresh each time: no cache keeps it.
    void reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
    return new StreamableFile(pdf, { type: 'application/pdf', length: pdf.length, disposition: contentDisposition(fileName, { type: 'attachment' }) });
  }
}
