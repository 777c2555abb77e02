import { Module } from '@nestjs/common';
import { NotificationsModule } from '../../notifications/notifications.module.js';
import { UsersModule } from '../../users/users.module.js';
import { DueRemindersChore } from './due-reminders.chore.js';
import { DueRemindersService } from './due-reminders.service.js';

/** The review module's scheduled work (the due-date reminders), for the worker process only. */
@Module({
  imports: [NotificationsModule, UsersModule],
  providers: [DueRemindersService, DueRemindersChore],
  exports: [DueRemindersService, DueRemindersChore],
})
export class ReviewMaintenanceModule {}
