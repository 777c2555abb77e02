import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { ReviewCriterion } from './entities/review-criterion.entity.js';
import { RubricController } from './rubric.controller.js';
import { RubricService } from './rubric.service.js';

/** The review rubric: the criteria the editors keep, and how a review's scores meet them (review reads it). */
@Module({
  imports: [MikroOrmModule.forFeature([ReviewCriterion])],
  controllers: [RubricController],
  providers: [RubricService],
  exports: [RubricService],
})
export class RubricModule {}
