import { Module } from '@nestjs/common';
import { loggerModule } from './common/logging/logger.module.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { ChoresModule } from './chores/chores.module.js';
import { AuthMaintenanceModule } from './modules/auth/auth-maintenance.module.js';
import { DoisMaintenanceModule } from './modules/dois/dois-maintenance.module.js';
import { InvitationsMaintenanceModule } from './modules/invitations/invitations-maintenance.module.js';
import { NotificationsWorkerModule } from './modules/notifications/notifications-worker.module.js';
import { ManuscriptsMaintenanceModule } from './modules/manuscripts/manuscripts-maintenance.module.js';
import { ReviewMaintenanceModule } from './modules/review/reminders/review-maintenance.module.js';
import { StorageMaintenanceModule } from './modules/storage/storage-maintenance.module.js';
import { QueueWorkersModule } from './queue/queue-workers.module.js';
import { RedisModule } from './redis/redis.module.js';

/** Root module of the worker process: the queue processors and housekeeping, no HTTP. */
@Module({
  imports: [ConfigModule, loggerModule, DatabaseModule, RedisModule, QueueWorkersModule, NotificationsWorkerModule, AuthMaintenanceModule, InvitationsMaintenanceModule, ManuscriptsMaintenanceModule, DoisMaintenanceModule, ReviewMaintenanceModule, StorageMaintenanceModule, ChoresModule],
})
export class WorkerModule {}
