import { Module } from '@nestjs/common';
import { AccessRepository } from './access.repository.js';
import { AccessService } from './access.service.js';

/** Imported by every module that checks access; the policy itself belongs to none of them. */
@Module({
  providers: [AccessRepository, AccessService],
  exports: [AccessService],
})
export class AccessModule {}
