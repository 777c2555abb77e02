import { Module } from '@nestjs/common';
import { loggerModule } from './common/logging/logger.module.js';
import { RateLimitModule } from './common/rate-limit/rate-limit.module.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { InvitationsModule } from './modules/invitations/invitations.module.js';
import { OaiPmhModule } from './modules/oai-pmh/oai-pmh.module.js';
import { MessagingModule } from './modules/messaging/messaging.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { OrcidModule } from './modules/orcid/orcid.module.js';
import { EmailOutboxModule } from './modules/notifications/outbox/email-outbox.module.js';
import { CatalogueModule } from './modules/catalogue/catalogue.module.js';
import { ManuscriptsModule } from './modules/manuscripts/manuscripts.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { QueueBoardModule } from './modules/queue-board/queue-board.module.js';
import { ReviewModule } from './modules/review/review.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { RedisModule } from './redis/redis.module.js';
import { StorageModule } from './modules/storage/storage.module.js';

export { loggerModule };

@Module({
  imports: [ConfigModule, loggerModule, DatabaseModule, RedisModule, RateLimitModule, StorageModule, HealthModule, NotificationsModule, QueueBoardModule, EmailOutboxModule, UsersModule, AuthModule, CatalogueModule, OaiPmhModule, ManuscriptsModule, PaymentsModule, InvitationsModule, ReviewModule, MessagingModule, OrcidModule],
})
export class AppModule {}
