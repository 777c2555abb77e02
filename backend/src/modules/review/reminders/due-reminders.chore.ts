import { Injectable, Logger } from '@nestjs/common';
import { type Chore, RecurringChore } from '../../../chores/recurring-chore.decorator.js';
import { DUE_REMINDERS_INTERVAL_MS } from './due-reminders.js';
import { DueRemindersService } from './due-reminders.service.js';

/**
 * Every quarter of an hour, so a reminder goes out at most that late. Overlapping runs (a slow
 * run, several workers) are harmless: the reminders' rows decide what was sent.
 */
@Injectable()
@RecurringChore({ name: 'send-due-reminders', everyMs: DUE_REMINDERS_INTERVAL_MS })
export class DueRemindersChore implements Chore {
  private readonly logger = new Logger(DueRemindersChore.name);

  constructor(private readonly reminders: DueRemindersService) {}

  async run(): Promise<number> {
    const sent = await this.reminders.sendDue();
    if (sent > 0) this.logger.log(`Sent ${sent} due-date reminder(s)`);
    return sent;
  }
}
