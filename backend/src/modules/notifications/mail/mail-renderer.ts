import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Inject, Injectable } from '@nestjs/common';
import Handlebars from 'handlebars';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { commentToHtml, commentToText } from './comment-markup.js';
import { MAIL_TEMPLATES, MailTemplate, type MailTemplateData } from './mail-template.js';

/** Resolved from this file, so the same code finds the templates in `src/` (Jest) and `dist/`. */
export const MAIL_TEMPLATES_DIR = fileURLToPath(new URL('../templates/', import.meta.url));

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** Thrown when a template cannot be rendered with the data it was given; retrying cannot help. */
export class MailRenderError extends Error {
  override name = 'MailRenderError';
}

type Renderer = (context: object) => string;

interface CompiledTemplate {
  html: Renderer;
  text: Renderer;
}

const SUBJECTS: { [T in MailTemplate]: (journalName: string) => string } = {
  [MailTemplate.ConfirmEmail]: (journalName) => `Confirm your email for ${journalName}`,
  [MailTemplate.ResetPassword]: (journalName) => `Reset your ${journalName} password`,
  [MailTemplate.PaperSubmitted]: (journalName) => `Your paper was submitted to ${journalName}`,
  [MailTemplate.PaperComment]: (journalName) => `New comment from the ${journalName} editorial team`,
  [MailTemplate.PaperAccepted]: (journalName) => `Congratulations: your paper was accepted by ${journalName}`,
  [MailTemplate.PaperRejected]: (journalName) => `Decision on your paper: not accepted for publication in ${journalName}`,
  [MailTemplate.PaperPublished]: (journalName) => `Your paper is now published in ${journalName}`,
  [MailTemplate.PaperVersionApproved]: (journalName) => `Your updated paper is now public in ${journalName}`,
  [MailTemplate.ReviewerInvitation]: (journalName) => `You are invited to review for ${journalName}`,
  [MailTemplate.ReviewAssigned]: (journalName) => `A paper was assigned to you for review at ${journalName}`,
  [MailTemplate.ReviewWithdrawn]: (journalName) => `A review assignment at ${journalName} was withdrawn`,
  [MailTemplate.ReviewSubmitted]: (journalName) => `A review was submitted at ${journalName}`,
  [MailTemplate.ReviewDeclined]: (journalName) => `A reviewer declined an assignment at ${journalName}`,
  [MailTemplate.ReviewReminder]: (journalName) => `Reminder: a review for ${journalName} is due`,
  [MailTemplate.RevisionsRequested]: (journalName) => `${journalName} asks you to revise your paper`,
  [MailTemplate.RevisionReminder]: (journalName) => `Reminder: your revised paper for ${journalName} is due`,
  [MailTemplate.RevisionSubmitted]: (journalName) => `An author sent a revised paper to ${journalName}`,
  [MailTemplate.MessageReceived]: (journalName) => `You have a new message at ${journalName}`,
  [MailTemplate.MessageDigest]: (journalName) => `You have new messages at ${journalName}`,
};

function describeDuration(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Only web links may appear in an e-mail's href; anything else (javascript:, data:) is refused. */
function safeUrl(value: unknown): Handlebars.SafeString {
  if (typeof value !== 'string') throw new MailRenderError('A link in the e-mail is missing');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new MailRenderError(`Not a valid link: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new MailRenderError(`Not a web link: ${value}`);
  // Attribute-safe escaping that leaves the URL readable (Handlebars' own escaping turns = into &#x3D;).
  const escaped = url.href.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return new Handlebars.SafeString(escaped);
}

/**
 * The paper an e-mail about a review round names: "Round 2 of <title>" from round 2 on, the title
 * alone in round 1 (as before rounds had numbers). An e-mail recorded before its data carried a
 * round is round 1's.
 */
export function roundTitle(this: { title?: unknown; round?: unknown }): string {
  const title = typeof this.title === 'string' ? this.title : '';
  return typeof this.round === 'number' && this.round > 1 ? `Round ${this.round} of ${title}` : title;
}

/** The editors' decision letter, if the e-mail carries one (an e-mail recorded before letters does not). */
function letterOf(context: { letter?: unknown }): string {
  return typeof context.letter === 'string' ? context.letter.trim() : '';
}

/** The letter after the paragraph it follows, or nothing at all, so an e-mail without one reads as before. */
export function letterText(this: { letter?: unknown }): string {
  const letter = letterOf(this);
  return letter ? `\n\nThe editors' letter:\n\n${letter}` : '';
}

/** The letter as a quoted block, escaped, its line breaks kept. */
export function letterHtml(this: { letter?: unknown }): Handlebars.SafeString {
  const letter = letterOf(this);
  if (!letter) return new Handlebars.SafeString('');
  const escaped = Handlebars.escapeExpression(letter);
  return new Handlebars.SafeString(
    `<p>The editors' letter:</p><blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #d1d5db;white-space:pre-wrap;">${escaped}</blockquote>`,
  );
}

/**
 * Renders every e-mail as an HTML and a plain-text part inside the shared layout. Templates are
 * compiled once, when the renderer is built; a template file that is missing stops the worker
 * at boot rather than at the first e-mail.
 */
@Injectable()
export class MailRenderer {
  private readonly handlebars = Handlebars.create();
  private readonly templates = new Map<MailTemplate, CompiledTemplate>();
  private readonly layout: CompiledTemplate;
  private readonly journalName: string;
  private readonly validFor: { [T in MailTemplate]: string };

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.journalName = config.journal.name;
    this.validFor = {
      [MailTemplate.ConfirmEmail]: describeDuration(config.auth.emailConfirmationTtlHours * 60),
      [MailTemplate.ResetPassword]: describeDuration(config.auth.passwordResetTtlMinutes),
      [MailTemplate.PaperSubmitted]: '',
      [MailTemplate.PaperComment]: '',
      [MailTemplate.PaperAccepted]: '',
      [MailTemplate.PaperRejected]: '',
      [MailTemplate.PaperPublished]: '',
      [MailTemplate.PaperVersionApproved]: '',
      [MailTemplate.ReviewerInvitation]: config.invitations.ttlDays === 1 ? '1 day' : `${config.invitations.ttlDays} days`,
      [MailTemplate.ReviewAssigned]: '',
      [MailTemplate.ReviewWithdrawn]: '',
      [MailTemplate.ReviewSubmitted]: '',
      [MailTemplate.ReviewDeclined]: '',
      [MailTemplate.ReviewReminder]: '',
      [MailTemplate.RevisionsRequested]: '',
      [MailTemplate.RevisionReminder]: '',
      [MailTemplate.RevisionSubmitted]: '',
      [MailTemplate.MessageReceived]: '',
      [MailTemplate.MessageDigest]: '',
    };
    this.handlebars.registerHelper('url', safeUrl);
    this.handlebars.registerHelper('roundTitle', roundTitle);
    this.handlebars.registerHelper('letterText', letterText);
    this.handlebars.registerHelper('letterHtml', letterHtml);
    // A comment's markup (bold, lists), escaped before anything becomes a tag.
    this.handlebars.registerHelper('commentHtml', (value: unknown) => new Handlebars.SafeString(commentToHtml(String(value))));
    this.handlebars.registerHelper('commentText', (value: unknown) => commentToText(String(value)));
    const compile = (file: string, kind: 'html' | 'text'): Renderer =>
      this.handlebars.compile(readFileSync(`${MAIL_TEMPLATES_DIR}${file}`, 'utf8'), { strict: true, noEscape: kind === 'text' });
    const load = (name: string): CompiledTemplate => ({
      html: compile(`${name}.html.hbs`, 'html'),
      text: compile(`${name}.text.hbs`, 'text'),
    });
    this.layout = load('layout');
    for (const template of MAIL_TEMPLATES) this.templates.set(template, load(template));
  }

  render<T extends MailTemplate>(template: T, data: MailTemplateData[T]): RenderedMail {
    const compiled = this.templates.get(template);
    if (!compiled) throw new MailRenderError(`Unknown e-mail template: ${String(template)}`);
    const subject = SUBJECTS[template](this.journalName);
    const context = { ...data, journalName: this.journalName, validFor: this.validFor[template], subject };
    try {
      return {
        subject,
        html: this.layout.html({ ...context, body: compiled.html(context).trim() }),
        text: this.layout.text({ ...context, body: compiled.text(context).trim() }).trim() + '\n',
      };
    } catch (error) {
      if (error instanceof MailRenderError) throw error;
      throw new MailRenderError(`Cannot render ${template}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
