import { Controller, Get } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Permission } from '../../../common/access/permission.js';
import { Authenticated } from '../../../common/auth/auth.decorators.js';
import { EmailOutboxSummaryDto } from '../dtos/email-outbox-summary.dto.js';
import { EmailOutboxService } from './email-outbox.service.js';

@ApiTags('admin')
@Controller('admin/email-outbox')
@Authenticated({ permission: Permission.MailReadOutbox })
@ApiUnauthorizedResponse({ description: 'UNAUTHENTICATED' })
@ApiForbiddenResponse({ description: 'FORBIDDEN: not an admin' })
export class EmailOutboxController {
  constructor(private readonly outbox: EmailOutboxService) {}

  @Get('summary')
  @ApiOperation({ summary: 'Summarise the outgoing e-mail' })
  @ApiOkResponse({ type: EmailOutboxSummaryDto, description: 'E-mails waiting, retrying, failed for good, and sent in the last day' })
  summary(): Promise<EmailOutboxSummaryDto> {
    return this.outbox.summary();
  }
}
