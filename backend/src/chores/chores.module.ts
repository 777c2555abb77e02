import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { QueueModule } from '../queue/queue.module.js';
import { CHORES_QUEUE } from './chore-job.js';
import { ChoreScheduler } from './chore-scheduler.service.js';
import { ChoresProcessor } from './chores.processor.js';

/** The worker's recurring chores: each module's `@RecurringChore` providers (purges, invitation expiry, DOIs, due reminders, the storage orphan sweep). */
@Module({
  imports: [QueueModule, DiscoveryModule, BullModule.registerQueue({ name: CHORES_QUEUE })],
  providers: [ChoreScheduler, ChoresProcessor],
})
export class ChoresModule {}
