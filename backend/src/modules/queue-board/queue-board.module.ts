import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { BullBoardModule } from '@bull-board/nestjs';
import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { CHORES_QUEUE } from '../../chores/chore-job.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { QueueModule } from '../../queue/queue.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { MAIL_QUEUE } from '../notifications/mail/mail-job.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { QUEUE_BOARD_PATH, QueueBoardAccessHook } from './queue-board-access.hook.js';

/**
 * Bull Board for admins (API only) at `/admin/queues` (`app.factory.ts` keeps the path out of the
 * `/api` prefix): the `mail` queue with its delayed and failed jobs and their errors, and the
 * `chores` queue of recurring work. A module of its own because it needs the session check of
 * `auth`, which itself sends e-mail through `notifications`.
 */
@Module({
  imports: [
    AuthModule,
    NotificationsModule,
    QueueModule,
    BullModule.registerQueue({ name: CHORES_QUEUE }),
    BullBoardModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        route: QUEUE_BOARD_PATH,
        adapter: FastifyAdapter,
        boardOptions: { uiConfig: { boardTitle: `${config.journal.name} queues` } },
      }),
    }),
    BullBoardModule.forFeature({ name: MAIL_QUEUE, adapter: BullMQAdapter }, { name: CHORES_QUEUE, adapter: BullMQAdapter }),
  ],
  providers: [QueueBoardAccessHook],
})
export class QueueBoardModule {}
