import { type Role, ROLES } from '../web-shared/roles.js';
import { Permission } from './permission.js';

/**
 * Who may do what, in one place. A role is something a person holds (several at once: an admin
 * may also review); a relation is what the database says about the person and one thing (they
 * own the paper, it is published). A permission is granted by any of the roles and relations its
 * row names. This file is the only one that compares roles (users/role-resolution.ts apart, which
 * picks the landing page by the spec's order).
 */

export { ROLES, type Role };

/**
 * The role whose holders are the editorial team: they decide on papers, read every review and
 * message, and mail meant for "the editors" goes to each of them (`UsersService.editorialTeam`).
 * Who the editors are is decided here and nowhere else.
 */
export const EDITORIAL_TEAM_ROLE = 'admin' satisfies Role;
const EDITORS = EDITORIAL_TEAM_ROLE;

/** The signed-in caller as the policy sees it; `AuthUser` is one. Visitors are `undefined`. */
export interface Caller {
  id: string;
  roles: ReadonlySet<Role>;
}

/** One row of `AccessRepository.paperRelations`: each relation is a column of that one query. */
export interface PaperRelation {
  published: boolean;
  owner: boolean;
  /** The caller holds the paper's review assignment (withdrawing it ends this at once). */
  assignedReviewer: boolean;
}

/** One row of `AccessRepository.messageRelations` (or `attachmentRelations`, through the attachment's message). */
export interface MessageRelation {
  sender: boolean;
  /** The caller is the reviewer the message was sent to. */
  recipient: boolean;
  /**
   * A reviewer's message to the editorial team as a whole (no one recipient), sent by someone
   * other than the caller: an editor who also reviews does not answer their own message.
   */
  toEditorialTeam: boolean;
}

/** One row of `AccessRepository.reviewRelations`: a review is one assignment of a paper to a reviewer. */
export interface ReviewRelation {
  /** The caller is the assignment's reviewer and has not declined it (declining ends it as withdrawing does). */
  assignee: boolean;
}

/** What a permission is about: the ids `requireAccess` is given name papers, reviews, messages or attachments. */
export type AccessSubject = 'paper' | 'review' | 'message' | 'attachment';

/** The caller's relation to one thing; a relation the thing's kind does not have is never held. */
export type Relation = PaperRelation | ReviewRelation | MessageRelation;

type Fact = Role | keyof PaperRelation | keyof ReviewRelation | keyof MessageRelation;

/** What grants a permission: a role the caller holds, a relation to the thing, or every fact of a list at once. */
export type Grantor = Fact | readonly Fact[];

interface PermissionRule {
  /** Absent: a paper. */
  subject?: AccessSubject;
  grantedBy: readonly Grantor[];
  /** The 403's message, for a caller who may see the thing but not do this. */
  forbidden?: string;
}

const OWNER_OR_EDITOR = 'Only the paper’s author and the editorial team can do this';

export const ACCESS_RULES: { readonly [P in Permission]: PermissionRule } = {
  // The assigned reviewer reads the paper and its current PDF, and nothing else of it.
  [Permission.PaperRead]: { grantedBy: ['published', 'owner', EDITORS, 'assignedReviewer'] },
  [Permission.PaperReadFile]: { grantedBy: ['published', 'owner', EDITORS, 'assignedReviewer'] },
  [Permission.PaperDiscuss]: { grantedBy: ['owner', EDITORS], forbidden: OWNER_OR_EDITOR },
  [Permission.PaperReadHistory]: { grantedBy: ['owner', EDITORS], forbidden: OWNER_OR_EDITOR },
  [Permission.PaperListVersions]: { grantedBy: ['owner', EDITORS], forbidden: OWNER_OR_EDITOR },
  [Permission.PaperReadVersionFile]: { grantedBy: ['owner', EDITORS], forbidden: OWNER_OR_EDITOR },
  [Permission.PaperUploadVersion]: { grantedBy: ['owner'], forbidden: 'Only the paper’s author can upload an updated version' },
  [Permission.PaperApproveVersion]: { grantedBy: [EDITORS], forbidden: 'Only the editorial team can approve a version' },
  [Permission.PaperDecide]: { grantedBy: [EDITORS], forbidden: 'Only the editorial team can change the status' },
  [Permission.PaperExportDeposit]: { grantedBy: [EDITORS], forbidden: 'Only the editorial team can register DOIs' },
  [Permission.PaperReadReviews]: { grantedBy: [EDITORS], forbidden: 'Only the editorial team can read every review of a paper' },
  // Each sees their own part of the rounds (review/rounds): the author only what the editors shared.
  [Permission.PaperReadRounds]: { grantedBy: ['owner', EDITORS, 'assignedReviewer'], forbidden: 'Only the paper’s author, its reviewer and the editorial team can see its review rounds' },
  [Permission.PaperRequestRevisions]: { grantedBy: [EDITORS], forbidden: 'Only the editorial team can request revisions' },
  [Permission.PaperSubmitRevision]: { grantedBy: ['owner'], forbidden: 'Only the paper’s author can submit a revision' },
  [Permission.ReviewAssign]: { grantedBy: [EDITORS], forbidden: 'Only the editorial team can assign reviews' },
  [Permission.ReviewRead]: { subject: 'review', grantedBy: ['assignee', EDITORS] },
  [Permission.ReviewWrite]: { subject: 'review', grantedBy: ['assignee'], forbidden: 'Only the assigned reviewer can write this review' },
  [Permission.ReviewDecline]: { subject: 'review', grantedBy: ['assignee'], forbidden: 'Only the assigned reviewer can decline this review' },
  [Permission.ReviewRemind]: { subject: 'review', grantedBy: [EDITORS], forbidden: 'Only the editorial team can send reminders' },
  [Permission.ReviewCertificate]: { subject: 'review', grantedBy: ['assignee'], forbidden: 'Only the reviewer can download this certificate' },
  // The editors read every message; a reviewer only the messages they sent or received.
  [Permission.MessageRead]: { subject: 'message', grantedBy: ['sender', 'recipient', EDITORS] },
  // A reply goes back to the other side: the reviewer it was sent to, or the editors for a reviewer's message.
  [Permission.MessageSend]: { subject: 'message', grantedBy: ['recipient', [EDITORS, 'toEditorialTeam']], forbidden: 'You can only reply to messages sent to you' },
  [Permission.AttachmentRead]: { subject: 'attachment', grantedBy: ['sender', 'recipient', EDITORS] },
  [Permission.PaperListAll]: { grantedBy: [EDITORS] },
  [Permission.InvitationSend]: { grantedBy: [EDITORS] },
  [Permission.InvitationRead]: { grantedBy: [EDITORS] },
  [Permission.InvitationRemove]: { grantedBy: [EDITORS] },
  [Permission.InvitationGrantRole]: { grantedBy: [EDITORS] },
  [Permission.ReviewManage]: { grantedBy: [EDITORS] },
  [Permission.ReviewListOwn]: { grantedBy: ['reviewer'] },
  [Permission.RubricRead]: { grantedBy: ['reviewer', EDITORS] },
  [Permission.RubricManage]: { grantedBy: [EDITORS], forbidden: 'Only the editorial team can change the rubric' },
  [Permission.MailReadOutbox]: { grantedBy: [EDITORS] },
  [Permission.MessageListAll]: { grantedBy: [EDITORS] },
  [Permission.MessageSendToReviewer]: { grantedBy: [EDITORS] },
  [Permission.MessageListOwn]: { grantedBy: ['reviewer'] },
  [Permission.MessageSendToEditors]: { grantedBy: ['reviewer'] },
  // Every account is a 'user': anyone signed in links their own iD, whatever else they are.
  [Permission.OrcidLink]: { grantedBy: ['user'] },
};

/** Permissions about no one paper: granted by roles only, checked without ids. */
export const STANDING_PERMISSIONS: ReadonlySet<Permission> = new Set([
  Permission.PaperListAll,
  Permission.InvitationSend,
  Permission.InvitationRead,
  Permission.InvitationRemove,
  Permission.InvitationGrantRole,
  Permission.ReviewManage,
  Permission.ReviewListOwn,
  Permission.RubricRead,
  Permission.RubricManage,
  Permission.MailReadOutbox,
  Permission.MessageListAll,
  Permission.MessageSendToReviewer,
  Permission.MessageListOwn,
  Permission.MessageSendToEditors,
  Permission.OrcidLink,
]);

/** Without this permission on a thing, the thing does not exist for the caller (404). */
const VISIBILITY: { readonly [S in AccessSubject]: Permission } = {
  paper: Permission.PaperRead,
  review: Permission.ReviewRead,
  message: Permission.MessageRead,
  attachment: Permission.AttachmentRead,
};

export function subjectOf(permission: Permission): AccessSubject {
  return ACCESS_RULES[permission].subject ?? 'paper';
}

const NO_ROLES: ReadonlySet<Role> = new Set();

function isRole(grantor: Grantor): grantor is Role {
  return typeof grantor === 'string' && (ROLES as readonly string[]).includes(grantor);
}

function holds(grantor: Grantor, relation: Relation, roles: ReadonlySet<Role>): boolean {
  if (typeof grantor !== 'string') return grantor.every((fact) => holds(fact, relation, roles));
  if (isRole(grantor)) return roles.has(grantor);
  return (relation as Partial<Record<Fact, boolean>>)[grantor] === true;
}

export function isGranted(permission: Permission, relation: Relation, caller: Caller | undefined): boolean {
  const roles = caller?.roles ?? NO_ROLES;
  return ACCESS_RULES[permission].grantedBy.some((grantor) => holds(grantor, relation, roles));
}

/** Every permission the caller holds on the thing (a paper unless `subject` says otherwise). */
export function grantsOf(relation: Relation, caller: Caller | undefined, subject: AccessSubject = 'paper'): ReadonlySet<Permission> {
  return new Set(
    (Object.keys(ACCESS_RULES) as Permission[]).filter(
      (permission) => !STANDING_PERMISSIONS.has(permission) && subjectOf(permission) === subject && isGranted(permission, relation, caller),
    ),
  );
}

export type AccessDecision = { kind: 'allow' } | { kind: 'not-found' } | { kind: 'forbidden'; message: string };

const DEFAULT_FORBIDDEN = 'You do not have permission to do this';

/** A standing permission: the caller's roles alone decide (a visitor holds none). */
export function decideStanding(permission: Permission, caller: Caller | undefined): AccessDecision {
  const roles = caller?.roles ?? NO_ROLES;
  if (ACCESS_RULES[permission].grantedBy.some((grantor) => isRole(grantor) && roles.has(grantor))) return { kind: 'allow' };
  return { kind: 'forbidden', message: ACCESS_RULES[permission].forbidden ?? DEFAULT_FORBIDDEN };
}

/**
 * What a route's guard can decide before any id is read. A standing permission is decided in
 * full. One about things that only roles grant (an editors' action) is refused when the caller
 * holds none of them: 403 whatever the id, so the refusal says nothing of what exists. One a
 * relation may grant waits for the thing (`decide`).
 */
export function decideBeforeLookup(permission: Permission, caller: Caller | undefined): AccessDecision {
  if (STANDING_PERMISSIONS.has(permission)) return decideStanding(permission, caller);
  const roles = caller?.roles ?? NO_ROLES;
  const mayHold = (grantor: Grantor): boolean => (typeof grantor === 'string' ? !isRole(grantor) || roles.has(grantor) : grantor.every(mayHold));
  if (ACCESS_RULES[permission].grantedBy.some(mayHold)) return { kind: 'allow' };
  return { kind: 'forbidden', message: ACCESS_RULES[permission].forbidden ?? DEFAULT_FORBIDDEN };
}

/**
 * A thing the caller may not read does not exist for them (404), so a refusal never reveals an
 * unpublished paper or someone else's message; one they may read but not act on is a 403.
 */
export function decide(permission: Permission, relation: Relation | undefined, caller: Caller | undefined): AccessDecision {
  if (!relation) return { kind: 'not-found' };
  if (isGranted(permission, relation, caller)) return { kind: 'allow' };
  if (!isGranted(VISIBILITY[subjectOf(permission)], relation, caller)) return { kind: 'not-found' };
  return { kind: 'forbidden', message: ACCESS_RULES[permission].forbidden ?? DEFAULT_FORBIDDEN };
}

/** A route's role list (`@Authenticated({ roles })`): any one of them admits; an empty list admits nobody. */
export function hasAnyRole(caller: Caller, roles: readonly Role[]): boolean {
  return roles.some((role) => caller.roles.has(role));
}

/** Whether the caller is one of the editorial team: a fact about the person (their comment is the team's, say), not a permission on a thing. */
export function isEditorialTeam(caller: Caller): boolean {
  return caller.roles.has(EDITORIAL_TEAM_ROLE);
}
