import { EntityRepository } from '@mikro-orm/postgresql';
import type { ReviewerInvitation } from './reviewer-invitation.entity.js';

/** A row of the `accepted_invitees` view (the spec's assignable-reviewer view). */
interface AcceptedInviteeRow {
  email_key: string;
  email: string;
  invitation_accepted_at: Date;
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  has_profile: boolean;
  has_user_role: boolean;
}

export interface AssignableReviewer {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  acceptedAt: Date;
}

export interface InviteeCounts {
  activeReviewers: number;
  withProfiles: number;
  withoutProfiles: number;
  missingRoles: number;
}

/**
 * Reads of the `accepted_invitees` view. It joins accepted invitations to the users module's
 * accounts, profiles and roles by e-mail; the view is the one place that join is written (the
 * migration), and these are the only statements that read it, because the ORM maps no view here.
 */
export class ReviewerInvitationRepository extends EntityRepository<ReviewerInvitation> {
  /** An account with an accepted invitation for its e-mail (compared without regard to case), a profile and the reviewer role. */
  async assignableReviewers(): Promise<AssignableReviewer[]> {
    const rows = await this.em.execute<AcceptedInviteeRow[]>(
      `select * from accepted_invitees
        where user_id is not null and has_profile and has_user_role
        order by invitation_accepted_at desc, email_key`,
    );
    return rows.map((row) => ({
      userId: row.user_id!,
      email: row.email_key,
      firstName: row.first_name,
      lastName: row.last_name,
      acceptedAt: new Date(row.invitation_accepted_at),
    }));
  }

  /** Addresses with an accepted invitation and no account, newest acceptance first. */
  async acceptedWithoutAccount(): Promise<{ email: string; acceptedAt: Date }[]> {
    const rows = await this.em.execute<AcceptedInviteeRow[]>(
      'select * from accepted_invitees where user_id is null order by invitation_accepted_at desc, email_key',
    );
    return rows.map((row) => ({ email: row.email, acceptedAt: new Date(row.invitation_accepted_at) }));
  }

  /** Accounts whose e-mail has an accepted invitation but which do not hold the reviewer role. */
  async inviteesWithoutRole(): Promise<string[]> {
    const rows = await this.em.execute<{ user_id: string }[]>('select user_id from accepted_invitees where user_id is not null and not has_user_role');
    return rows.map((row) => row.user_id);
  }

  async inviteeCounts(): Promise<InviteeCounts> {
    const [row] = await this.em.execute<{ active: string; with_profiles: string; without_profiles: string; missing_roles: string }[]>(
      `select count(*) filter (where user_id is not null and has_profile and has_user_role) as active,
              count(*) filter (where has_profile) as with_profiles,
              count(*) filter (where not has_profile) as without_profiles,
              count(*) filter (where user_id is not null and not has_user_role) as missing_roles
         from accepted_invitees`,
    );
    return {
      activeReviewers: Number(row?.active ?? 0),
      withProfiles: Number(row?.with_profiles ?? 0),
      withoutProfiles: Number(row?.without_profiles ?? 0),
      missingRoles: Number(row?.missing_roles ?? 0),
    };
  }
}
