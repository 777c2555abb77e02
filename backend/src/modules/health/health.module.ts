import { Module } from '@nestjs/common';
import { DatabasePingRepository } from './database-ping.repository.js';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';

@Module({ controllers: [HealthController], providers: [HealthService, DatabasePingRepository] })
export class HealthModule {}
