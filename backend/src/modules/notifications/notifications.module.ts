import { MikroOrmModule } from '@mikro-orm/nestjs';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QueueModule } from '../../queue/queue.module.js';
import { OutboxMail } from './entities/outbox-mail.entity.js';
import { MAIL_JOB_OPTIONS, MAIL_QUEUE } from './mail/mail-job.js';
import { NotificationsService } from './notifications.service.js';

/**
 * The producer side of e-mail, imported by the API and by the worker: the `mail` queue and
 * `NotificationsService`. The processor lives in `NotificationsWorkerModule` (worker only).
 */
@Module({
  imports: [MikroOrmModule.forFeature([OutboxMail]), QueueModule, BullModule.registerQueue({ name: MAIL_QUEUE, defaultJobOptions: MAIL_JOB_OPTIONS })],
  providers: [NotificationsService],
  exports: [NotificationsService, BullModule],
})
export class NotificationsModule {}
