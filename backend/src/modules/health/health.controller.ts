import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/auth.decorators.js';
import { HealthService, type Readiness } from './health.service.js';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({ summary: 'Check that the database, Redis and file storage are reachable' })
  @ApiOkResponse({ description: 'The database, Redis and file storage are reachable' })
  @ApiServiceUnavailableResponse({ description: 'The database, Redis or file storage is unreachable (storage: its directory or bucket missing, not writable, full or not answering)' })
  async readiness(@Res({ passthrough: true }) reply: FastifyReply): Promise<Readiness> {
    const result = await this.health.readiness();
    void reply.status(result.status === 'ok' ? 200 : 503);
    return result;
  }

  @Get('live')
  @ApiOperation({ summary: 'Check that the process is running' })
  liveness(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
