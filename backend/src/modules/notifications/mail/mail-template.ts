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
  MessageReceived = 'message-received',
}

/** What each template needs; `queueMail` only accepts the data of the template it is given. */
export interface MailTemplateData {
  [MailTemplate.ConfirmEmail]: { firstName: string; confirmUrl: string };
  [MailTemplate.ResetPassword]: { firstName: string | null; resetUrl: string };
  [MailTemplate.PaperSubmitted]: { title: string; paperUrl: string };
  [MailTemplate.PaperComment]: { title: string; comment: string; paperUrl: string };
  [MailTemplate.PaperAccepted]: { title: string; paperUrl: string };
  [MailTemplate.PaperRejected]: { title: string; paperUrl: string };
  [MailTemplate.PaperPublished]: { title: string; paperUrl: string };
  [MailTemplate.PaperVersionApproved]: { title: string; version: number; paperUrl: string };
  /** `inviterName`: the inviting editor's name (or e-mail). */
  [MailTemplate.ReviewerInvitation]: { inviterName: string; invitationUrl: string };
  /** To the reviewer: `reviewUrl` is the review page of the assignment. */
  [MailTemplate.ReviewAssigned]: { title: string; reviewUrl: string };
  [MailTemplate.ReviewWithdrawn]: { title: string };
  /** To each editor: `paperUrl` is the paper's page, where its review is shown. */
  [MailTemplate.ReviewSubmitted]: { title: string; reviewerName: string; recommendation: string; paperUrl: string };
  /**
   * To a message's recipient: `senderName` is the journal's short name for the editors, the
   * reviewer's name or e-mail for a reviewer; `content` is plain text; `dashboardUrl` is where the
   * recipient reads and answers it.
   */
  [MailTemplate.MessageReceived]: { senderName: string; messageSubject: string; content: string; dashboardUrl: string };
}

export const MAIL_TEMPLATES: readonly MailTemplate[] = Object.values(MailTemplate);

export function isMailTemplate(value: string): value is MailTemplate {
  return (MAIL_TEMPLATES as readonly string[]).includes(value);
}
