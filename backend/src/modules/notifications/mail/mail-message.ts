import type { ISendMailOptions } from '@nestjs-modules/mailer';
import type { RenderedMail } from './mail-renderer.js';

/**
 * Headers on every e-mail the journal sends. `Auto-Submitted: auto-generated` (RFC 3834): the
 * message is sent by a program, not by a person, so vacation responders and other automatic
 * replies must not answer it (and mail filters may treat it as a notification).
 */
export const AUTOMATED_MAIL_HEADERS: Readonly<Record<string, string>> = { 'Auto-Submitted': 'auto-generated' };

/** What the mail worker hands nodemailer for one outbox row: the one place every message passes. */
export function outgoingMail(recipient: string, rendered: RenderedMail, messageId: string): ISendMailOptions {
  const { subject, html, text } = rendered;
  return { to: recipient, subject, html, text, messageId, headers: { ...AUTOMATED_MAIL_HEADERS } };
}
