import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { isEditorialTeam } from '../../common/access/access-policy.js';
import { AccessService } from '../../common/access/access.service.js';
import { Permission } from '../../common/access/permission.js';
import { RateLimitPolicy } from '../../common/rate-limit/rate-limit.decorator.js';
import { RateLimits } from '../../common/rate-limit/rate-limits.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { AuthUser } from '../auth/auth-user.js';
import { MailTemplate } from '../notifications/mail/mail-template.js';
import { type MailOutbox, type QueuedMail, NotificationsService } from '../notifications/notifications.service.js';
import { UsersService } from '../users/users.service.js';
import type { CommentBodyDto, CommentNotification, CommentPostedDto, PaperCommentDto } from './dtos/paper-comment.dto.js';
import { PaperComment } from './entities/paper-comment.entity.js';
import type { ResearchPaper } from './entities/research-paper.entity.js';
import { CommentNotFoundException, PaperForbiddenException } from './manuscripts.exception.js';
import { ManuscriptsService } from './manuscripts.service.js';

/** The discussion of a paper between its owner and the editorial team (spec sections 2, 6). */
@Injectable()
export class PaperCommentsService {
  private readonly logger = new Logger(PaperCommentsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly access: AccessService,
    private readonly papers: ManuscriptsService,
    private readonly notifications: NotificationsService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limits: RateLimits,
  ) {}

  async list(paperId: string, user: AuthUser): Promise<PaperCommentDto[]> {
    await this.access.requireAccess(user, Permission.PaperDiscuss, [paperId]);
    const comments = await this.em.fork().find(PaperComment, { paperId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return comments.map((comment) => toComment(comment, user));
  }

  /** Counted per user (429 past `RATE_LIMIT_COMMENTS_*`): each comment may e-mail the paper's owner. */
  async post(paperId: string, user: AuthUser, body: CommentBodyDto): Promise<CommentPostedDto> {
    await this.access.requireAccess(user, Permission.PaperDiscuss, [paperId]);
    await this.limits.admit(RateLimitPolicy.Comment, { userId: user.id });
    const paper = await this.papers.get(paperId);
    const isAdminComment = isEditorialTeam(user);
    const notifyOwner = isAdminComment && paper.userId !== user.id;
    const ownerEmail = notifyOwner ? ((await this.users.getIdentity(paper.userId))?.email ?? null) : null;
    const { comment, notification } = await this.notifications.inTransaction(async (tx, outbox) => {
      const created = tx.create(PaperComment, { paperId: paper.id, userId: user.id, comment: body.comment, isAdminComment });
      await tx.flush();
      if (!notifyOwner) return { comment: created, notification: 'none' as CommentNotification };
      // In a savepoint: if the e-mail cannot be recorded, the comment is kept and the answer says so.
      try {
        await outbox.savepoint(async (inner, innerOutbox) => {
          if (!ownerEmail) throw new Error(`No e-mail for the owner of paper ${paper.id}`);
          this.queueCommentMail(innerOutbox, paper, ownerEmail, created);
          await inner.flush();
        });
        return { comment: created, notification: 'queued' as CommentNotification };
      } catch (error) {
        this.logger.error({ err: error, paperId: paper.id }, 'Could not queue the comment notification');
        return { comment: created, notification: 'failed' as CommentNotification };
      }
    });
    return { comment: toComment(comment, user), notification };
  }

  async edit(paperId: string, commentId: string, user: AuthUser, body: CommentBodyDto): Promise<PaperCommentDto> {
    await this.access.requireAccess(user, Permission.PaperDiscuss, [paperId]);
    const em = this.em.fork();
    const comment = await em.findOne(PaperComment, { id: commentId, paperId });
    if (!comment) throw new CommentNotFoundException();
    if (comment.userId !== user.id) throw new PaperForbiddenException('You can only edit your own comments');
    comment.comment = body.comment;
    await em.flush();
    return toComment(comment, user);
  }

  private queueCommentMail(outbox: MailOutbox, paper: ResearchPaper, to: string, comment: PaperComment): QueuedMail {
    return outbox.queue({
      template: MailTemplate.PaperComment,
      to,
      data: { title: paper.title, comment: comment.comment, paperUrl: `${this.config.http.publicUrl}/papers/${paper.id}` },
      dedupeKey: `paper-comment:${comment.id}`,
    });
  }
}

function toComment(comment: PaperComment, user: AuthUser): PaperCommentDto {
  return {
    id: comment.id,
    paperId: comment.paperId,
    comment: comment.comment,
    isAdminComment: comment.isAdminComment,
    mine: comment.userId === user.id,
    createdAt: comment.createdAt.toISOString(),
    updatedAt: comment.updatedAt.toISOString(),
  };
}
