/**
 * What a caller may do with a thing, by name. Every service method that acts on an id asks
 * `AccessService.requireAccess(user, permission, ids)` on its first line; who holds each
 * permission is written once, in access-policy.ts.
 */
export enum Permission {
  /** The paper's detail page. */
  PaperRead = 'paper.read',
  /** The paper's current PDF. */
  PaperReadFile = 'paper.readFile',
  /** Read, post and edit the discussion. */
  PaperDiscuss = 'paper.discuss',
  /** The status timeline. */
  PaperReadHistory = 'paper.readHistory',
  PaperListVersions = 'paper.listVersions',
  /** Any version's PDF, pending ones included. */
  PaperReadVersionFile = 'paper.readVersionFile',
  PaperUploadVersion = 'paper.uploadVersion',
  PaperApproveVersion = 'paper.approveVersion',
  /** Editorial decisions: the paper's status. */
  PaperDecide = 'paper.decide',
  /** The paper's Crossref deposit XML, for registering its DOI. */
  PaperExportDeposit = 'paper.exportDeposit',
  /** Every review of the paper, every round, with the reviewers' names: the editors. */
  PaperReadReviews = 'paper.readReviews',
  /** The paper's review rounds: the editors all of them, the author what was shared, its reviewer the earlier rounds. */
  PaperReadRounds = 'paper.readRounds',
  /** Ask the author for minor or major revisions, sharing chosen parts of the review. */
  PaperRequestRevisions = 'paper.requestRevisions',
  /** Answer a revision request with a revised PDF and a response letter. */
  PaperSubmitRevision = 'paper.submitRevision',
  /** Assign the paper to a reviewer, or withdraw the assignment. */
  ReviewAssign = 'review.assign',
  /** A review (an assignment): its reviewer, while they have not declined it, and the editors. */
  ReviewRead = 'review.read',
  /** Save and submit a review: its reviewer only. */
  ReviewWrite = 'review.write',
  /** Decline an assignment, with a reason: its reviewer only. */
  ReviewDecline = 'review.decline',
  /** Send the reviewer a reminder by hand. */
  ReviewRemind = 'review.remind',
  /** The certificate for a submitted review: its reviewer only. */
  ReviewCertificate = 'review.certificate',
  /** A message between the editorial team and a reviewer: its sender, its recipient and the editors. */
  MessageRead = 'message.read',
  /** Reply to a message: its recipient (for a reviewer's message, the editorial team). */
  MessageSend = 'message.send',
  /** An image attached to a message: whoever may read the message. */
  AttachmentRead = 'attachment.read',

  // Standing permissions: about no one paper (lists, invitations), so the caller's roles alone
  // decide. Routes name them in `@Authenticated({ permission })`, which the global guard checks.
  /** Every paper, whatever its status: the admin list and its counts. */
  PaperListAll = 'paper.listAll',
  /** Invite a reviewer by e-mail. */
  InvitationSend = 'invitation.send',
  /** The invitations, and the reviewers they made. */
  InvitationRead = 'invitation.read',
  /** Remove every invitation for an e-mail (their links stop working). */
  InvitationRemove = 'invitation.remove',
  /** Give the reviewer role to every account an accepted invitation names. */
  InvitationGrantRole = 'invitation.grantRole',
  /** The review assignments, and what may be assigned to whom. */
  ReviewManage = 'review.manage',
  /** One's own review assignments (the reviewer dashboard). */
  ReviewListOwn = 'review.listOwn',
  /** The review rubric's criteria and hints. */
  RubricRead = 'rubric.read',
  /** Change the review rubric (submitted reviews keep the criteria they were written against). */
  RubricManage = 'rubric.manage',
  /** What the outbox holds: e-mails waiting, retrying, failed. */
  MailReadOutbox = 'mail.readOutbox',
  /** Every message between the editorial team and the reviewers (the admin Messages tab). */
  MessageListAll = 'message.listAll',
  /** Write to one active reviewer. */
  MessageSendToReviewer = 'message.sendToReviewer',
  /** One's own conversation with the editorial team (the reviewer dashboard's panel). */
  MessageListOwn = 'message.listOwn',
  /** Write to the editorial team. */
  MessageSendToEditors = 'message.sendToEditors',
  /** Link an ORCID iD to one's own account, or unlink it. */
  OrcidLink = 'orcid.link',
}

export const PERMISSIONS: readonly Permission[] = Object.values(Permission);
