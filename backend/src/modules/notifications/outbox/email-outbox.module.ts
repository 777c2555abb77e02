import { Module } from '@nestjs/common';
import { EmailOutboxController } from './email-outbox.controller.js';
import { EmailOutboxService } from './email-outbox.service.js';

/** What admins read of the outbox (API only): the summary at `/api/admin/email-outbox/summary`. */
@Module({
  controllers: [EmailOutboxController],
  providers: [EmailOutboxService],
})
export class EmailOutboxModule {}
