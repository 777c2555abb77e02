import {
  ACCESS_RULES,
  type Caller,
  decide,
  decideBeforeLookup,
  decideStanding,
  EDITORIAL_TEAM_ROLE,
  grantsOf,
  hasAnyRole,
  isEditorialTeam,
  type MessageRelation,
  type PaperRelation,
  type Role,
  STANDING_PERMISSIONS,
  subjectOf,
} from './access-policy.js';
import { AccessRepository } from './access.repository.js';
import { AccessService } from './access.service.js';
import { Permission, PERMISSIONS } from './permission.js';

const PAPER = '6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b01';
const OWNER_ID = '00000000-0000-4000-8000-00000000000a';
const OTHER_ID = '00000000-0000-4000-8000-00000000000b';
const ASSIGNED_ID = '00000000-0000-4000-8000-00000000000c';

const caller = (id: string, ...roles: Role[]): Caller => ({ id, roles: new Set<Role>(['user', ...roles]) });

/** Who asks, and how they stand to the paper; `reviewer` is a reviewer not assigned to it. */
const WHO: Record<string, { caller: Caller | undefined; owner: boolean; assigned: boolean }> = {
  visitor: { caller: undefined, owner: false, assigned: false },
  author: { caller: caller(OWNER_ID), owner: true, assigned: false },
  'other author': { caller: caller(OTHER_ID), owner: false, assigned: false },
  reviewer: { caller: caller(OTHER_ID, 'reviewer'), owner: false, assigned: false },
  admin: { caller: caller(OTHER_ID, 'admin'), owner: false, assigned: false },
  'admin and reviewer': { caller: caller(OTHER_ID, 'admin', 'reviewer'), owner: false, assigned: false },
  'assigned reviewer': { caller: caller(ASSIGNED_ID, 'reviewer'), owner: false, assigned: true },
};

/**
 * The answer for every permission × caller × published or not, written out: 200 allowed, 403
 * refused where the caller may see the paper, 404 where they may not. Loosening or tightening
 * any rule changes a cell.
 */
type PaperPermission = Exclude<Permission, StandingPermission | MessagePermission | ReviewPermission>;
type MessagePermission = Permission.MessageRead | Permission.MessageSend | Permission.AttachmentRead;
type ReviewPermission = Permission.ReviewRead | Permission.ReviewWrite | Permission.ReviewDecline | Permission.ReviewRemind | Permission.ReviewCertificate;
type StandingPermission =
  | Permission.PaperListAll
  | Permission.InvitationSend
  | Permission.InvitationRead
  | Permission.InvitationRemove
  | Permission.InvitationGrantRole
  | Permission.ReviewManage
  | Permission.ReviewListOwn
  | Permission.RubricRead
  | Permission.RubricManage
  | Permission.MailReadOutbox
  | Permission.MessageListAll
  | Permission.MessageSendToReviewer
  | Permission.MessageListOwn
  | Permission.MessageSendToEditors
  | Permission.OrcidLink;

const EXPECTED: { [P in PaperPermission]: { published: string; hidden: string } } = {
  //                                          visitor author other reviewer admin admin+reviewer assigned-reviewer
  [Permission.PaperRead]: /*             */ { published: '200 200 200 200 200 200 200', hidden: '404 200 404 404 200 200 200' },
  [Permission.PaperReadFile]: /*         */ { published: '200 200 200 200 200 200 200', hidden: '404 200 404 404 200 200 200' },
  [Permission.PaperDiscuss]: /*          */ { published: '403 200 403 403 200 200 403', hidden: '404 200 404 404 200 200 403' },
  [Permission.PaperReadHistory]: /*      */ { published: '403 200 403 403 200 200 403', hidden: '404 200 404 404 200 200 403' },
  [Permission.PaperListVersions]: /*     */ { published: '403 200 403 403 200 200 403', hidden: '404 200 404 404 200 200 403' },
  [Permission.PaperReadVersionFile]: /*  */ { published: '403 200 403 403 200 200 403', hidden: '404 200 404 404 200 200 403' },
  [Permission.PaperUploadVersion]: /*    */ { published: '403 200 403 403 403 403 403', hidden: '404 200 404 404 403 403 403' },
  [Permission.PaperApproveVersion]: /*   */ { published: '403 403 403 403 200 200 403', hidden: '404 403 404 404 200 200 403' },
  [Permission.PaperDecide]: /*           */ { published: '403 403 403 403 200 200 403', hidden: '404 403 404 404 200 200 403' },
  [Permission.PaperExportDeposit]: /*    */ { published: '403 403 403 403 200 200 403', hidden: '404 403 404 404 200 200 403' },
  [Permission.PaperReadReviews]: /*      */ { published: '403 403 403 403 200 200 403', hidden: '404 403 404 404 200 200 403' },
  [Permission.PaperReadRounds]: /*       */ { published: '403 200 403 403 200 200 200', hidden: '404 200 404 404 200 200 200' },
  [Permission.PaperRequestRevisions]: /* */ { published: '403 403 403 403 200 200 403', hidden: '404 403 404 404 200 200 403' },
  [Permission.PaperSubmitRevision]: /*   */ { published: '403 200 403 403 403 403 403', hidden: '404 200 404 404 403 403 403' },
  [Permission.ReviewAssign]: /*          */ { published: '403 403 403 403 200 200 403', hidden: '404 403 404 404 200 200 403' },
};

/** Standing permissions concern no paper: the same answer whatever the caller's relation to one. */
const EXPECTED_STANDING: { [P in StandingPermission]: string } = {
  //                                              visitor author other reviewer admin admin+reviewer assigned-reviewer
  [Permission.PaperListAll]: /*           */ '403 403 403 403 200 200 403',
  [Permission.InvitationSend]: /*         */ '403 403 403 403 200 200 403',
  [Permission.InvitationRead]: /*         */ '403 403 403 403 200 200 403',
  [Permission.InvitationRemove]: /*       */ '403 403 403 403 200 200 403',
  [Permission.InvitationGrantRole]: /*    */ '403 403 403 403 200 200 403',
  [Permission.ReviewManage]: /*           */ '403 403 403 403 200 200 403',
  [Permission.ReviewListOwn]: /*          */ '403 403 403 200 403 200 200',
  [Permission.RubricRead]: /*             */ '403 403 403 200 200 200 200',
  [Permission.RubricManage]: /*           */ '403 403 403 403 200 200 403',
  [Permission.MailReadOutbox]: /*         */ '403 403 403 403 200 200 403',
  [Permission.MessageListAll]: /*         */ '403 403 403 403 200 200 403',
  [Permission.MessageSendToReviewer]: /*  */ '403 403 403 403 200 200 403',
  [Permission.MessageListOwn]: /*         */ '403 403 403 200 403 200 200',
  [Permission.MessageSendToEditors]: /*   */ '403 403 403 200 403 200 200',
  [Permission.OrcidLink]: /*              */ '403 200 200 200 200 200 200',
};

/**
 * Messages and their attachments: a message from the editors to a reviewer, and a reviewer's
 * message to the editorial team. Callers: visitor, an author, another reviewer, the editor who
 * sent or reads it, the reviewer who received or sent it.
 */
const MESSAGE_CALLERS: Record<string, { caller: Caller | undefined; sender: boolean; recipient: boolean }> = {
  visitor: { caller: undefined, sender: false, recipient: false },
  author: { caller: caller(OTHER_ID), sender: false, recipient: false },
  'other reviewer': { caller: caller(OTHER_ID, 'reviewer'), sender: false, recipient: false },
  'sending admin': { caller: caller(OWNER_ID, 'admin'), sender: true, recipient: false },
  'other admin': { caller: caller(OTHER_ID, 'admin'), sender: false, recipient: false },
  'its reviewer': { caller: caller(ASSIGNED_ID, 'reviewer'), sender: false, recipient: true },
};

const EXPECTED_MESSAGE: { [P in MessagePermission]: { toReviewer: string; toEditors: string } } = {
  //                                          visitor author other-reviewer sending-admin other-admin its-reviewer
  [Permission.MessageRead]: /*           */ { toReviewer: '404 404 404 200 200 200', toEditors: '404 404 404 200 200 200' },
  [Permission.MessageSend]: /*           */ { toReviewer: '404 404 404 403 403 200', toEditors: '404 404 404 200 200 403' },
  [Permission.AttachmentRead]: /*        */ { toReviewer: '404 404 404 200 200 200', toEditors: '404 404 404 200 200 200' },
};

/**
 * A review (one assignment): its reviewer while it stands, the same reviewer once they declined
 * it, another reviewer, an editor, an editor who also reviews (not this one), and an author.
 */
const REVIEW_CALLERS: Record<string, { caller: Caller | undefined; assignee: boolean }> = {
  visitor: { caller: undefined, assignee: false },
  author: { caller: caller(OWNER_ID), assignee: false },
  'other reviewer': { caller: caller(OTHER_ID, 'reviewer'), assignee: false },
  'declined reviewer': { caller: caller(ASSIGNED_ID, 'reviewer'), assignee: false },
  admin: { caller: caller(OTHER_ID, 'admin'), assignee: false },
  'admin and reviewer': { caller: caller(OTHER_ID, 'admin', 'reviewer'), assignee: false },
  'its reviewer': { caller: caller(ASSIGNED_ID, 'reviewer'), assignee: true },
};

const EXPECTED_REVIEW: { [P in ReviewPermission]: string } = {
  //                                          visitor author other-reviewer declined admin admin+reviewer its-reviewer
  [Permission.ReviewRead]: /*            */ '404 404 404 404 200 200 200',
  [Permission.ReviewWrite]: /*           */ '404 404 404 404 403 403 200',
  [Permission.ReviewDecline]: /*         */ '404 404 404 404 403 403 200',
  [Permission.ReviewRemind]: /*          */ '404 404 404 404 200 200 403',
  [Permission.ReviewCertificate]: /*     */ '404 404 404 404 403 403 200',
};

const reviewCases = (Object.keys(EXPECTED_REVIEW) as ReviewPermission[]).flatMap((permission) =>
  Object.keys(REVIEW_CALLERS).map((who, column) => [permission, who, EXPECTED_REVIEW[permission].split(' ')[column]] as const),
);

const messageCases = (Object.keys(EXPECTED_MESSAGE) as MessagePermission[]).flatMap((permission) =>
  (['toReviewer', 'toEditors'] as const).flatMap((direction) =>
    Object.keys(MESSAGE_CALLERS).map((who, column) => [permission, direction, who, EXPECTED_MESSAGE[permission][direction].split(' ')[column]] as const),
  ),
);

/** In a reviewer's message to the editors, the reviewer is the sender (the "sending admin" column stands for the editors). */
function messageRelation(direction: 'toReviewer' | 'toEditors', who: string): MessageRelation {
  const { sender, recipient } = MESSAGE_CALLERS[who];
  return direction === 'toReviewer' ? { sender, recipient, toEditorialTeam: false } : { sender: recipient, recipient: false, toEditorialTeam: !recipient };
}

const STATUS = { allow: '200', forbidden: '403', 'not-found': '404' } as const;

const PAPER_PERMISSIONS = PERMISSIONS.filter((permission): permission is PaperPermission => !STANDING_PERMISSIONS.has(permission) && subjectOf(permission) === 'paper');

const standingCases = (Object.keys(EXPECTED_STANDING) as StandingPermission[]).flatMap((permission) =>
  Object.keys(WHO).map((who, column) => [permission, who, EXPECTED_STANDING[permission].split(' ')[column]] as const),
);

const cases = PAPER_PERMISSIONS.flatMap((permission) =>
  (['published', 'hidden'] as const).flatMap((visibility) =>
    Object.keys(WHO).map((who, column) => [permission, visibility, who, EXPECTED[permission][visibility].split(' ')[column]] as const),
  ),
);

/** A repository over fixed rows: the unit under test is the policy and the service's answers, not SQL. */
class FixedRelations extends AccessRepository {
  constructor(private readonly rows: Map<string, (userId: string | null) => PaperRelation>) {
    super(undefined as never);
  }

  override paperRelations(userId: string | null, paperIds: readonly string[]): Promise<Map<string, PaperRelation>> {
    return Promise.resolve(new Map(paperIds.flatMap((id) => (this.rows.has(id) ? [[id, this.rows.get(id)!(userId)] as const] : []))));
  }
}

async function statusOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return '200';
  } catch (error) {
    return String((error as { getStatus(): number }).getStatus());
  }
}

describe('the access policy', () => {
  it('has a row of expectations for every permission', () => {
    expect([...Object.keys(EXPECTED), ...Object.keys(EXPECTED_STANDING), ...Object.keys(EXPECTED_MESSAGE), ...Object.keys(EXPECTED_REVIEW)].sort()).toEqual(
      [...PERMISSIONS].sort(),
    );
    expect(Object.keys(EXPECTED_STANDING).sort()).toEqual([...STANDING_PERMISSIONS].sort());
  });

  it.each(standingCases)('standing %s as %s: %s', async (permission, who, expected) => {
    expect(STATUS[decideStanding(permission, WHO[who].caller).kind]).toBe(expected);
    expect(await statusOf(new AccessService(new FixedRelations(new Map())).requireAccess(WHO[who].caller, permission))).toBe(expected);
  });

  it.each(messageCases)('%s on a message %s as %s: %s', (permission, direction, who, expected) => {
    expect(STATUS[decide(permission, messageRelation(direction, who), MESSAGE_CALLERS[who].caller).kind]).toBe(expected);
  });

  it.each(reviewCases)('%s on a review as %s: %s', (permission, who, expected) => {
    expect(subjectOf(permission)).toBe('review');
    expect(STATUS[decide(permission, { assignee: REVIEW_CALLERS[who].assignee }, REVIEW_CALLERS[who].caller).kind]).toBe(expected);
  });

  it('answers what a message permits from the same row, and nothing of papers', () => {
    const editor = caller(OTHER_ID, 'admin');
    expect(grantsOf({ sender: false, recipient: false, toEditorialTeam: true }, editor, 'message')).toEqual(new Set([Permission.MessageRead, Permission.MessageSend]));
    expect(grantsOf({ sender: true, recipient: false, toEditorialTeam: false }, editor, 'message')).toEqual(new Set([Permission.MessageRead]));
  });

  it('refuses to decide a paper permission without the papers it is about', async () => {
    const access = new AccessService(new FixedRelations(new Map()));
    await expect(access.requireAccess(WHO.admin.caller, Permission.PaperDecide)).rejects.toThrow(/needs their ids/);
  });

  it.each(cases)('%s on a %s paper as %s: %s', (permission, visibility, who, expected) => {
    const relation: PaperRelation = { published: visibility === 'published', owner: WHO[who].owner, assignedReviewer: WHO[who].assigned };
    expect(STATUS[decide(permission, relation, WHO[who].caller).kind]).toBe(expected);
  });

  it.each(cases)('requireAccess answers %s on a %s paper as %s with %s', async (permission, visibility, who, expected) => {
    const access = new AccessService(
      new FixedRelations(new Map([[PAPER, (userId) => ({ published: visibility === 'published', owner: userId === OWNER_ID, assignedReviewer: userId === ASSIGNED_ID })]])),
    );
    expect(await statusOf(access.requireAccess(WHO[who].caller, permission, [PAPER]))).toBe(expected);
  });

  it('answers 404 for a paper that does not exist or an id that is not one, whoever asks', async () => {
    const access = new AccessService(new FixedRelations(new Map()));
    for (const { caller: asker } of Object.values(WHO)) {
      for (const permission of PAPER_PERMISSIONS) {
        await expect(access.requireAccess(asker, permission, [OTHER_ID])).rejects.toMatchObject({ code: 'NOT_FOUND' });
        await expect(access.requireAccess(asker, permission, ['not-a-uuid'])).rejects.toMatchObject({ code: 'NOT_FOUND' });
      }
    }
  });

  it('refuses a list of ids unless every one is allowed, and hides what the caller may not see', async () => {
    const hidden = '6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b02';
    const access = new AccessService(
      new FixedRelations(
        new Map<string, () => PaperRelation>([
          [PAPER, () => ({ published: true, owner: false, assignedReviewer: false })],
          [hidden, () => ({ published: false, owner: false, assignedReviewer: false })],
        ]),
      ),
    );
    const stranger = WHO['other author'].caller;
    await expect(access.requireAccess(stranger, Permission.PaperRead, [PAPER])).resolves.toBeInstanceOf(Map);
    await expect(access.requireAccess(stranger, Permission.PaperRead, [PAPER, hidden])).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers what else the caller may do from the same row', async () => {
    const access = new AccessService(new FixedRelations(new Map([[PAPER, (userId) => ({ published: false, owner: userId === OWNER_ID, assignedReviewer: false })]])));
    const grants = await access.requireAccess(WHO.author.caller, Permission.PaperRead, [PAPER]);
    expect([...(grants.get(PAPER) ?? [])].sort()).toEqual(
      [
        Permission.PaperRead,
        Permission.PaperReadFile,
        Permission.PaperDiscuss,
        Permission.PaperReadHistory,
        Permission.PaperListVersions,
        Permission.PaperReadVersionFile,
        Permission.PaperUploadVersion,
        Permission.PaperReadRounds,
        Permission.PaperSubmitRevision,
      ].sort(),
    );
    expect(grantsOf({ published: true, owner: false, assignedReviewer: false }, undefined)).toEqual(new Set([Permission.PaperRead, Permission.PaperReadFile]));
  });
});

describe('hasAnyRole', () => {
  it('admits a holder of any listed role, looking at every role held', () => {
    const both = caller(OTHER_ID, 'admin', 'reviewer');
    expect(hasAnyRole(both, ['admin'])).toBe(true);
    expect(hasAnyRole(both, ['reviewer'])).toBe(true);
    expect(hasAnyRole(caller(OTHER_ID, 'reviewer'), ['admin'])).toBe(false);
    expect(hasAnyRole(caller(OTHER_ID), ['admin', 'reviewer'])).toBe(false);
    expect(hasAnyRole(both, [])).toBe(false);
  });
});

describe('decideBeforeLookup (a route guard, before the id is read)', () => {
  const asked = (permission: Permission) => Object.values(WHO).map(({ caller: asker }) => STATUS[decideBeforeLookup(permission, asker).kind]).join(' ');

  it('refuses an editors-only permission about things to everyone but the editorial team, whatever the thing', () => {
    //                                          visitor author other reviewer admin admin+reviewer assigned-reviewer
    expect(asked(Permission.PaperDecide)).toBe('403 403 403 403 200 200 403');
    expect(asked(Permission.PaperExportDeposit)).toBe('403 403 403 403 200 200 403');
    expect(asked(Permission.PaperReadReviews)).toBe('403 403 403 403 200 200 403');
    expect(asked(Permission.ReviewRemind)).toBe('403 403 403 403 200 200 403');
  });

  it('leaves a permission a relation may grant to the thing, and decides a standing one as requireAccess does', () => {
    expect(asked(Permission.PaperRead)).toBe('200 200 200 200 200 200 200');
    expect(asked(Permission.ReviewWrite)).toBe('200 200 200 200 200 200 200');
    expect(asked(Permission.MessageSend)).toBe('200 200 200 200 200 200 200');
    expect(asked(Permission.ReviewManage)).toBe(EXPECTED_STANDING[Permission.ReviewManage]);
  });

  it('names the editorial team by one role, the one the editors-only rules are granted by', () => {
    expect(EDITORIAL_TEAM_ROLE).toBe('admin');
    expect(isEditorialTeam(WHO.admin.caller!)).toBe(true);
    expect(isEditorialTeam(WHO.reviewer.caller!)).toBe(false);
    expect(ACCESS_RULES[Permission.PaperDecide].grantedBy).toEqual([EDITORIAL_TEAM_ROLE]);
  });
});
