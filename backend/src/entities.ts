import { RotatedRefreshToken } from './modules/auth/entities/rotated-refresh-token.entity.js';
import { Session } from './modules/auth/entities/session.entity.js';
import { ReviewerInvitation } from './modules/invitations/entities/reviewer-invitation.entity.js';
import { LinkToken } from './modules/link-tokens/entities/link-token.entity.js';
import { MessageAttachment } from './modules/messaging/entities/message-attachment.entity.js';
import { MessageMailWindow } from './modules/messaging/entities/message-mail-window.entity.js';
import { ReviewerMessage } from './modules/messaging/entities/reviewer-message.entity.js';
import { OutboxMail } from './modules/notifications/entities/outbox-mail.entity.js';
import { PaperComment } from './modules/manuscripts/entities/paper-comment.entity.js';
import { PaperFile } from './modules/manuscripts/entities/paper-file.entity.js';
import { PaperStatusEvent } from './modules/manuscripts/entities/paper-status-event.entity.js';
import { ResearchPaper } from './modules/manuscripts/entities/research-paper.entity.js';
import { PaymentCheckoutAttempt } from './modules/payments/entities/payment-checkout-attempt.entity.js';
import { Payment } from './modules/payments/entities/payment.entity.js';
import { PaperReview } from './modules/review/entities/paper-review.entity.js';
import { RevisionRequest } from './modules/review/entities/revision-request.entity.js';
import { DueReminder } from './modules/review/entities/due-reminder.entity.js';
import { ReviewCriterion } from './modules/rubric/entities/review-criterion.entity.js';
import { Profile } from './modules/users/entities/profile.entity.js';
import { UserRole } from './modules/users/entities/user-role.entity.js';
import { User } from './modules/users/entities/user.entity.js';

/**
 * Every entity schema of the application, for what runs outside Nest's modules: the integration
 * tests' own ORM instances (orm-options.ts) and the check that the API registers each one. The
 * API, the worker and the CLI do not read this: each module registers its own entities
 * (`MikroOrmModule.forFeature`), and the ORM loads those of the modules a process imports.
 */
export const ENTITIES = [User, Profile, UserRole, Session, RotatedRefreshToken, LinkToken, OutboxMail, ResearchPaper, PaperFile, PaperComment, PaperStatusEvent, Payment, PaymentCheckoutAttempt, ReviewerInvitation, PaperReview, RevisionRequest, DueReminder, ReviewCriterion, ReviewerMessage, MessageAttachment, MessageMailWindow] as const;
