import { randomUUID } from 'node:crypto';
import { EntityManager, type FilterQuery, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { lockForTransition } from '../../database/lock-for-transition.js';
import type { AuthUser } from '../auth/auth-user.js';
import { AuthService } from '../auth/auth.service.js';
import { LinkTokenPurpose } from '../link-tokens/link-token-purpose.js';
import { LinkTokensService } from '../link-tokens/link-tokens.service.js';
import { MailTemplate } from '../notifications/mail/mail-template.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { normalizeEmail } from '../users/email-address.js';
import { UsersService } from '../users/users.service.js';
import {
  type AcceptInvitationDto,
  type AcceptedInvitationDto,
  type CreatedRolesDto,
  INVITATIONS_DEFAULT_LIMIT,
  type InvitationDto,
  type InviteReviewerDto,
  type ListInvitationsQueryDto,
  type RemoveInvitationsDto,
  type RemovedInvitationsDto,
  type ReviewerOverviewDto,
  type VerifiedInvitationDto,
} from './dtos/invitation.dto.js';
import { ReviewerInvitation } from './entities/reviewer-invitation.entity.js';
import type { AssignableReviewer } from './entities/reviewer-invitation.repository.js';
import { InvitationsException } from './invitations.exception.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type { AssignableReviewer };

export interface AcceptedInvitation {
  body: AcceptedInvitationDto;
  /** True when accepting made a new account (201), false when it gave an existing one the role (200). */
  createdAccount: boolean;
}

/**
 * Reviewer invitations (docs/api.md, Reviewer invitations): admins invite an e-mail address, the
 * invitee accepts through the e-mailed link and becomes a reviewer. The link is a link token
 * (hashed, expiring, single use) whose subject is the address; the invitation row says what the
 * link is for and how far it got.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notifications: NotificationsService,
    private readonly linkTokens: LinkTokensService,
    private readonly users: UsersService,
    private readonly auth: AuthService,
  ) {}

  /**
   * Records the invitation, its link and its e-mail in one transaction: if the e-mail cannot be
   * recorded, no invitation remains. The partial unique index on pending invitations decides
   * between two admins inviting the same address at once.
   */
  async invite(admin: AuthUser, dto: InviteReviewerDto): Promise<InvitationDto> {
    const emailKey = normalizeEmail(dto.email);
    const inviterName = (await this.users.displayNamesOf([admin.id])).get(admin.id) ?? admin.email;
    const ttlMs = this.config.invitations.ttlDays * DAY_MS;
    try {
      const invitation = await this.notifications.inTransaction(async (tx, mail) => {
        // One whose time ran out before the expiry chore saw it must not block a new invitation.
        await tx.nativeUpdate(ReviewerInvitation, { emailKey, status: 'pending', expiresAt: { $lte: new Date() } }, { status: 'expired' });
        const id = randomUUID();
        const link = this.linkTokens.issue(tx, { purpose: LinkTokenPurpose.ReviewerInvitation, subject: { email: emailKey }, expiresInMs: ttlMs });
        const queued = mail.queue({
          template: MailTemplate.ReviewerInvitation,
          to: emailKey,
          data: { inviterName, invitationUrl: `${this.config.http.publicUrl}/reviewer-invitation?token=${encodeURIComponent(link.token)}` },
          dedupeKey: `reviewer-invitation:${id}`,
        });
        // The entities name no relations, so the ORM cannot order the inserts by the foreign keys itself.
        await tx.flush();
        const created = tx.create(ReviewerInvitation, {
          id,
          email: dto.email,
          emailKey,
          invitedBy: admin.id,
          status: 'pending',
          expiresAt: new Date(Date.now() + ttlMs),
          linkTokenId: link.id,
          outboxMailId: queued.id,
        });
        await tx.flush();
        return created;
      });
      const [described] = await this.describe([invitation]);
      return described;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw InvitationsException.pendingExists(dto.email);
      throw error;
    }
  }

  /** Newest first. A pending invitation past its expiry counts as expired before the chore has marked it. */
  async list(query: ListInvitationsQueryDto): Promise<InvitationDto[]> {
    const now = new Date();
    const where: FilterQuery<ReviewerInvitation> =
      query.status === 'pending'
        ? { status: 'pending', expiresAt: { $gt: now } }
        : query.status === 'expired'
          ? { $or: [{ status: 'expired' }, { status: 'pending', expiresAt: { $lte: now } }] }
          : query.status === 'accepted'
            ? { status: 'accepted' }
            : {};
    const rows = await this.em.find(ReviewerInvitation, where, {
      orderBy: { invitedAt: 'desc', id: 'desc' },
      limit: query.limit ?? INVITATIONS_DEFAULT_LIMIT,
    });
    return this.describe(rows, now);
  }

  /**
   * Deletes every invitation for the address and ends every link sent to it, in one transaction.
   * The links first, in the order accepting takes them (its link, then its invitation): the other
   * order deadlocks with an acceptance in between.
   */
  async remove(dto: RemoveInvitationsDto): Promise<RemovedInvitationsDto> {
    if (dto.email === '') return { removed: 0 };
    const emailKey = normalizeEmail(dto.email);
    return this.em.transactional(async (tx) => {
      await this.linkTokens.consumeAllOf(tx, LinkTokenPurpose.ReviewerInvitation, { email: emailKey });
      const removed = await tx.nativeDelete(ReviewerInvitation, { emailKey });
      return { removed };
    });
  }

  /** Looks at an invitation without using its link (the page then shows the form). */
  async verify(token: string): Promise<VerifiedInvitationDto> {
    const check = await this.linkTokens.check(LinkTokenPurpose.ReviewerInvitation, token);
    if (check.status !== 'valid') throw new InvitationsException('notFound');
    const invitation = await this.em.findOne(ReviewerInvitation, { linkTokenId: check.record.id, status: 'pending', expiresAt: { $gt: new Date() } });
    if (!invitation) throw new InvitationsException('notFound');
    return { email: invitation.email, accountExists: (await this.users.findByEmail(invitation.emailKey)) !== null };
  }

  /**
   * Uses the link and makes its address a reviewer, in one transaction: a visitor gets a new,
   * confirmed account (the link proved the inbox); the signed-in owner of the address gets the
   * role. Anything refused undoes everything, the link's use included.
   */
  async accept(user: AuthUser | undefined, dto: AcceptInvitationDto): Promise<AcceptedInvitation> {
    const newAccount = user ? null : await this.newAccountOf(dto);
    try {
      return await this.em.transactional(async (tx) => {
        const used = await this.linkTokens.consume(tx, LinkTokenPurpose.ReviewerInvitation, dto.token);
        if (used.status !== 'valid') throw new InvitationsException('notFound');
        // Locked and read again: a removal or the expiry chore that committed since is seen, and answered as after it.
        const invitation = await lockForTransition(tx, ReviewerInvitation, { linkTokenId: used.record.id, status: 'pending' }, { missing: () => new InvitationsException('notFound') });
        let userId: string;
        if (user) {
          if (normalizeEmail(user.email) !== invitation.emailKey) throw new InvitationsException('otherAccount');
          userId = user.id;
        } else {
          if (await this.users.findByEmail(invitation.emailKey, tx)) throw new InvitationsException('accountExists');
          const account = await this.users.createAccount(tx, {
            ...newAccount!,
            email: invitation.emailKey,
            schoolName: null,
            gradeLevel: null,
            emailConfirmedAt: new Date(),
          });
          userId = account.id;
        }
        await this.users.grantRole(userId, 'reviewer', tx);
        invitation.status = 'accepted';
        invitation.acceptedAt = new Date();
        await tx.flush();
        return { body: { email: invitation.email }, createdAccount: !user };
      });
    } catch (error) {
      // An account made for the address at the same moment (a sign-up): the unique index decides.
      if (error instanceof UniqueConstraintViolationException) throw new InvitationsException('accountExists');
      throw error;
    }
  }

  /** The Active Reviewers Debug panel. */
  async overview(): Promise<ReviewerOverviewDto> {
    const repository = this.em.getRepository(ReviewerInvitation);
    const acceptedInvitations = await this.em.count(ReviewerInvitation, { status: 'accepted' });
    const counts = await repository.inviteeCounts();
    const withoutAccount = await repository.acceptedWithoutAccount();
    const ready = await repository.assignableReviewers();
    return {
      counts: { acceptedInvitations, ...counts },
      acceptedWithoutAccount: withoutAccount.map((row) => ({ email: row.email, acceptedAt: row.acceptedAt.toISOString() })),
      readyReviewers: ready.map((row) => ({ ...row, acceptedAt: row.acceptedAt.toISOString() })),
    };
  }

  /** Gives the reviewer role to every account whose e-mail has an accepted invitation; running it again creates nothing. */
  async createMissingRoles(): Promise<CreatedRolesDto> {
    let created = 0;
    for (const userId of await this.em.getRepository(ReviewerInvitation).inviteesWithoutRole()) {
      if (await this.users.grantRole(userId, 'reviewer')) created += 1;
    }
    return { created };
  }

  /**
   * The reviewers a paper may be assigned to (spec: an accepted invitation, an account whose
   * e-mail matches it without regard to case, a profile, and the reviewer role), in one query.
   */
  assignableReviewers(): Promise<AssignableReviewer[]> {
    return this.em.getRepository(ReviewerInvitation).assignableReviewers();
  }

  private async newAccountOf(dto: AcceptInvitationDto): Promise<{ firstName: string; lastName: string; passwordHash: string }> {
    if (!dto.firstName || !dto.lastName || dto.password === undefined || dto.password === '') {
      throw new InvitationsException('signUpFieldsRequired');
    }
    return { firstName: dto.firstName, lastName: dto.lastName, passwordHash: await this.auth.hashNewPassword(dto.password) };
  }

  private async describe(rows: readonly ReviewerInvitation[], now = new Date()): Promise<InvitationDto[]> {
    const names = await this.users.displayNamesOf(rows.flatMap((row) => (row.invitedBy ? [row.invitedBy] : [])));
    const deliveries = await this.notifications.deliveryOf(rows.flatMap((row) => (row.outboxMailId ? [row.outboxMailId] : [])));
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      status: row.status === 'pending' && row.expiresAt <= now ? 'expired' : row.status,
      invitedAt: row.invitedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      acceptedAt: row.acceptedAt?.toISOString() ?? null,
      invitedByName: row.invitedBy ? (names.get(row.invitedBy) ?? null) : null,
      delivery: (row.outboxMailId && deliveries.get(row.outboxMailId)) || 'queued',
    }));
  }
}
