import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { BullBoardModule } from '@bull-board/nestjs';
import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { AuthModule } from '../../auth/auth.module.js';
import { MAIL_QUEUE } from '../mail/mail-job.js';
import { NotificationsModule } from '../notifications.module.js';
import { QUEUE_BOARD_PATH, QueueBoardAccessHook } from './queue-board-access.hook.js';

/**
 * Bull Board at `/admin/queues` (API only), for admins: the `mail` queue with its failed jobs
 * and their errors. `app.factory.ts` keeps the path out of the `/api` prefix.
 */
@Module({
  imports: [
    AuthModule,
    NotificationsModule,
    BullBoardModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        route: QUEUE_BOARD_PATH,
        adapter: FastifyAdapter,
        boardOptions: { uiConfig: { boardTitle: `${config.journal.name} queues` } },
      }),
    }),
    BullBoardModule.forFeature({ name: MAIL_QUEUE, adapter: BullMQAdapter }),
  ],
  providers: [QueueBoardAccessHook],
})
export class QueueBoardModule {}
