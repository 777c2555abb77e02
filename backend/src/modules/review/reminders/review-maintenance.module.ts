import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { NotificationsModule } from '../../notifications/notifications.module.js';
import { UsersModule } from '../../users/users.module.js';
import { DueReminder } from '../entities/due-reminder.entity.js';
import { PaperReview } from '../entities/paper-review.entity.js';
import { RevisionRequest } from '../entities/revision-request.entity.js';
import { DueRemindersChore } from './due-reminders.chore.js';
import { DueRemindersService } from './due-reminders.service.js';

/** The review module's scheduled work (the due-date reminders), for the worker process only. */
@Module({
  imports: [MikroOrmModule.forFeature([PaperReview, RevisionRequest, DueReminder]), NotificationsModule, UsersModule],
  providers: [DueRemindersService, DueRemindersChore],
  exports: [DueRemindersService, DueRemindersChore],
})
export class ReviewMaintenanceModule {}
