import { Controller, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Permission } from '../../../common/access/permission.js';
import { Authenticated } from '../../../common/auth/auth.decorators.js';
import { uuidParam } from '../../../common/http/uuid-param.pipe.js';
import { type AuthUser, CurrentUser } from '../../auth/current-user.decorator.js';
import { ReminderSentDto } from '../dtos/review.dto.js';
import { ReviewException } from '../review.exception.js';
import { ReviewRemindersService } from './review-reminders.service.js';

@ApiTags('reviews')
@Controller()
export class ReviewRemindersController {
  constructor(private readonly reminders: ReviewRemindersService) {}

  @Post('admin/reviews/:id/reminders')
  @ApiOperation({ summary: 'Remind a reviewer of the due date' })
  @Authenticated({ permission: Permission.ReviewRemind })
  @ApiCreatedResponse({ type: ReminderSentDto, description: "Recorded, with the reviewer's e-mail (review-reminder)" })
  @ApiUnauthorizedResponse({ description: 'UNAUTHENTICATED' })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: not one of the editorial team, whatever the id' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: unknown or withdrawn' })
  @ApiConflictResponse({ description: 'REVIEW_SUBMITTED, REVIEW_DECLINED, REVIEW_REMINDER_TOO_SOON (a reminder was sent by hand less than a day ago)' })
  // An id that is not a UUID names no review.
  send(@CurrentUser() admin: AuthUser, @Param('id', uuidParam(() => new ReviewException('notFound'))) id: string): Promise<ReminderSentDto> {
    return this.reminders.send(admin, id);
  }
}
