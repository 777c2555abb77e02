import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Permission } from '../../common/access/permission.js';
import { Authenticated } from '../../common/auth/auth.decorators.js';
import { AdminPapersService } from './admin-papers.service.js';
import { AdminPaperPageDto, AdminPapersQueryDto, StatusCountsDto } from './dtos/admin-papers.dto.js';

@ApiTags('admin')
@Controller('admin/papers')
@Authenticated({ permission: Permission.PaperListAll })
@ApiUnauthorizedResponse({ description: 'UNAUTHENTICATED' })
@ApiForbiddenResponse({ description: 'FORBIDDEN: not an admin' })
export class AdminPapersController {
  constructor(private readonly papers: AdminPapersService) {}

  @Get()
  @ApiOperation({ summary: 'List and search every paper' })
  @ApiOkResponse({ type: AdminPaperPageDto, description: 'Every paper, newest first; with q, those matching every word of it' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED (status, cursor, limit, or q longer than 200 characters)' })
  list(@Query() query: AdminPapersQueryDto): Promise<AdminPaperPageDto> {
    return this.papers.list(query);
  }

  @Get('status-counts')
  @ApiOperation({ summary: 'Count the papers by status' })
  @ApiOkResponse({ type: StatusCountsDto })
  statusCounts(): Promise<StatusCountsDto> {
    return this.papers.statusCounts();
  }
}
