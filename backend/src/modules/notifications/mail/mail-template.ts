/** Every e-mail the platform sends. The value names the template files and the BullMQ job. */
export enum MailTemplate {
  ConfirmEmail = 'confirm-email',
  ResetPassword = 'reset-password',
  PaperSubmitted = 'paper-submitted',
  PaperComment = 'paper-comment',
  PaperAccepted = 'paper-accepted',
  PaperRejected = 'paper-rejected',
  PaperPublished = 'paper-published',
  PaperVersionApproved = 'paper-version-approved',
  ReviewerInvitation = 'reviewer-invitation',
  ReviewAssigned = 'review-assigned',
  ReviewWithdrawn = 'review-withdrawn',
  ReviewSubmitted = 'review-submitted',
  ReviewDeclined = 'review-declined',
  ReviewReminder = 'review-reminder',
  RevisionsRequested = 'revisions-requested',
  RevisionReminder = 'revision-reminder',
  RevisionSubmitted = 'revision-submitted',
  MessageReceived = 'message-received',
  MessageDigest = 'message-digest',
}

/** What each template needs; `queueMail` only accepts the data of the template it is given. */
export interface MailTemplateData {
  [MailTemplate.ConfirmEmail]: { firstName: string; confirmUrl: string };
  [MailTemplate.ResetPassword]: { firstName: string | null; resetUrl: string };
  [MailTemplate.PaperSubmitted]: { title: string; paperUrl: string };
  [MailTemplate.PaperComment]: { title: string; comment: string; paperUrl: string };
  /**
   * To the author, with the editors' decision letter (manuscripts/decision-letter): their note and
   * the reviews they shared, unnamed; '' when they wrote and shared nothing. An e-mail recorded
   * before letters carries none.
   */
  [MailTemplate.PaperAccepted]: { title: string; paperUrl: string; letter: string };
  [MailTemplate.PaperRejected]: { title: string; paperUrl: string; letter: string };
  [MailTemplate.PaperPublished]: { title: string; paperUrl: string };
  [MailTemplate.PaperVersionApproved]: { title: string; version: number; paperUrl: string };
  /** `inviterName`: the inviting editor's name (or e-mail). */
  [MailTemplate.ReviewerInvitation]: { inviterName: string; invitationUrl: string };
  /** To the reviewer: `reviewUrl` is the review page of the assignment; `dueDate` is the day it is due, written in the journal's style. */
  [MailTemplate.ReviewAssigned]: { title: string; round: number; reviewUrl: string; dueDate: string };
  [MailTemplate.ReviewWithdrawn]: { title: string };
  /** To each editor: `paperUrl` is the paper's page, where its review is shown. */
  [MailTemplate.ReviewSubmitted]: { title: string; round: number; reviewerName: string; recommendation: string; paperUrl: string };
  /** To each editor: the reviewer's reason, and the paper's page, where it can be assigned again. */
  [MailTemplate.ReviewDeclined]: { title: string; round: number; reviewerName: string; reason: string; paperUrl: string };
  /** To the reviewer, before the due date or after it (`overdue`); `dueDate` is written out in the journal's style (JOURNAL_LOCALE), e.g. "December 24, 2026". */
  [MailTemplate.ReviewReminder]: { title: string; reviewUrl: string; dueDate: string; overdue: boolean };
  /**
   * To the author: `revisions` is "minor revisions" or "major revisions"; the paper's page shows the
   * shared feedback, and `letter` quotes it with the editors' note (as for a decision; '' when empty).
   */
  [MailTemplate.RevisionsRequested]: { title: string; revisions: string; dueDate: string; paperUrl: string; letter: string };
  /** To the author, before the revision is due or after it (`overdue`). */
  [MailTemplate.RevisionReminder]: { title: string; dueDate: string; paperUrl: string; overdue: boolean };
  /** To each editor: the author answered, and the paper is in review round `round`. */
  [MailTemplate.RevisionSubmitted]: { title: string; round: number; paperUrl: string };
  /**
   * To a message's recipient: `senderName` is the journal's short name for the editors, the
   * reviewer's name or e-mail for a reviewer; `content` is plain text; `dashboardUrl` is where the
   * recipient reads and answers it.
   */
  [MailTemplate.MessageReceived]: { senderName: string; messageSubject: string; content: string; dashboardUrl: string };
  /**
   * To an editor: the messages one sender wrote to the team within MESSAGE_EMAIL_WINDOW_MINUTES of
   * the last e-mail about them, oldest first (each `content` cut short; `count` is `messages.length`).
   */
  [MailTemplate.MessageDigest]: { senderName: string; count: number; messages: { messageSubject: string; content: string }[]; dashboardUrl: string };
}

export const MAIL_TEMPLATES: readonly MailTemplate[] = Object.values(MailTemplate);

export function isMailTemplate(value: string): value is MailTemplate {
  return (MAIL_TEMPLATES as readonly string[]).includes(value);
}
