import { loadConfig } from '../../../config/app-config.js';
import { MailRenderError, MailRenderer } from './mail-renderer.js';
import { MailTemplate } from './mail-template.js';

describe('MailRenderer', () => {
  const renderer = new MailRenderer(
    loadConfig({ JOURNAL_NAME: 'Young Scientists Journal', EMAIL_CONFIRMATION_TTL_HOURS: '24', PASSWORD_RESET_TTL_MINUTES: '60' }),
  );

  it('renders the confirmation e-mail as HTML and text inside the layout', () => {
    const mail = renderer.render(MailTemplate.ConfirmEmail, {
      firstName: 'Ada',
      confirmUrl: 'https://journal.example/api/auth/confirm?token=abc&x=1',
    });
    expect(mail.subject).toBe('Confirm your email for Young Scientists Journal');
    expect(mail.html).toContain('<!DOCTYPE html>');
    expect(mail.html).toContain('Young Scientists Journal');
    expect(mail.html).toContain('Hi Ada,');
    expect(mail.html).toContain('href="https://journal.example/api/auth/confirm?token=abc&amp;x=1"');
    expect(mail.html).toContain('valid for 24 hours');
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.text).toContain('https://journal.example/api/auth/confirm?token=abc&x=1');
    expect(mail.text).toContain('Young Scientists Journal');
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });

  it('renders the reset e-mail with and without a first name', () => {
    const named = renderer.render(MailTemplate.ResetPassword, { firstName: 'Grace', resetUrl: 'https://journal.example/api/auth/recover?token=t' });
    expect(named.subject).toBe('Reset your Young Scientists Journal password');
    expect(named.text).toContain('Hi Grace,');
    expect(named.text).toContain('valid for 1 hour.');
    const anonymous = renderer.render(MailTemplate.ResetPassword, { firstName: null, resetUrl: 'https://journal.example/api/auth/recover?token=t' });
    expect(anonymous.text).toContain('Hi,');
    expect(anonymous.html).toContain('Hi,');
  });

  it('escapes user data in the HTML part but not in the text part', () => {
    const firstName = '<script>alert("x")</script> & Co';
    const mail = renderer.render(MailTemplate.ConfirmEmail, { firstName, confirmUrl: 'https://journal.example/c?t=1' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(mail.text).toContain(`Hi ${firstName},`);
  });

  it('refuses links that are not web links', () => {
    expect(() => renderer.render(MailTemplate.ConfirmEmail, { firstName: 'Ada', confirmUrl: 'javascript:alert(1)' })).toThrow(MailRenderError);
    expect(() => renderer.render(MailTemplate.ConfirmEmail, { firstName: 'Ada', confirmUrl: 'not a url' })).toThrow(MailRenderError);
  });

  it('renders the reviewer invitation naming the editor, the journal, the link and how long it works', () => {
    const mail = new MailRenderer(loadConfig({ JOURNAL_NAME: 'Young Scientists Journal', INVITATION_TTL_DAYS: '7' })).render(MailTemplate.ReviewerInvitation, {
      inviterName: 'Grace Hopper',
      invitationUrl: 'https://journal.example/reviewer-invitation?token=abc',
    });
    expect(mail.subject).toBe('You are invited to review for Young Scientists Journal');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Grace Hopper of the Young Scientists Journal editorial team');
      expect(part).toContain('https://journal.example/reviewer-invitation?token=abc');
      expect(part).toContain('valid for 7 days.');
    }
  });

  it('renders a message notification with its sender, subject and text, escaped in HTML, and the dashboard link', () => {
    const mail = renderer.render(MailTemplate.MessageReceived, {
      senderName: 'Ada <Lovelace>',
      messageSubject: 'Re: <b>Figure</b> 2',
      content: 'Line one\n<script>alert(1)</script> & more',
      dashboardUrl: 'https://journal.example/reviewer-dashboard',
    });
    expect(mail.subject).toBe('You have a new message at Young Scientists Journal');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Figure');
    expect(mail.html).toContain('Ada &lt;Lovelace&gt; sent you a message');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(mail.html).toContain('href="https://journal.example/reviewer-dashboard"');
    expect(mail.text).toContain('Ada <Lovelace> sent you a message');
    expect(mail.text).toContain('Re: <b>Figure</b> 2');
    expect(mail.text).toContain('Line one\n<script>alert(1)</script> & more');
    expect(mail.text).toContain('https://journal.example/reviewer-dashboard');
  });

  it('renders a digest of one sender\'s messages, each subject and text escaped in HTML, with how many there are', () => {
    const mail = renderer.render(MailTemplate.MessageDigest, {
      senderName: 'Ada <Lovelace>',
      count: 2,
      messages: [
        { messageSubject: 'First <b>', content: 'One <script>alert(1)</script>' },
        { messageSubject: 'Second', content: 'Two' },
      ],
      dashboardUrl: 'https://journal.example/admin',
    });
    expect(mail.subject).toBe('You have new messages at Young Scientists Journal');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Ada &lt;Lovelace&gt; sent you 2 more messages');
    expect(mail.html).toContain('First &lt;b&gt;');
    expect(mail.html).toContain('href="https://journal.example/admin"');
    expect(mail.text).toContain('Ada <Lovelace> sent you 2 more messages:\n\nFirst <b>\n\nOne <script>alert(1)</script>\n\nSecond\n\nTwo\n');
  });

  it('refuses data that lacks a field the template uses', () => {
    const incomplete = { confirmUrl: 'https://journal.example/c' } as unknown as { firstName: string; confirmUrl: string };
    expect(() => renderer.render(MailTemplate.ConfirmEmail, incomplete)).toThrow(MailRenderError);
  });

  describe('names the review round from round 2 on', () => {
    const paperUrl = 'https://journal.example/papers/1';
    const byTemplate = (round: number) =>
      [
        renderer.render(MailTemplate.ReviewAssigned, { title: 'Tidal <Energy>', round, reviewUrl: 'https://journal.example/review/1', dueDate: 'December 7, 2026' }),
        renderer.render(MailTemplate.ReviewSubmitted, { title: 'Tidal <Energy>', round, reviewerName: 'Rita', recommendation: 'accept', paperUrl }),
        renderer.render(MailTemplate.ReviewDeclined, { title: 'Tidal <Energy>', round, reviewerName: 'Rita', reason: 'Too busy', paperUrl }),
        renderer.render(MailTemplate.RevisionSubmitted, { title: 'Tidal <Energy>', round, paperUrl }),
      ] as const;

    it('says "Round 2 of <title>" in both parts, the title escaped in HTML', () => {
      for (const mail of byTemplate(2)) {
        expect(mail.text).toContain('\nRound 2 of Tidal <Energy>\n');
        expect(mail.html).toContain('<strong>Round 2 of Tidal &lt;Energy&gt;</strong>');
      }
    });

    it('gives the title alone in round 1', () => {
      for (const mail of byTemplate(1)) {
        expect(mail.text).toContain('\nTidal <Energy>\n');
        expect(mail.text).not.toContain('Round 1');
      }
    });

    it('reads an e-mail recorded before its data carried a round as round 1', () => {
      const recorded = { title: 'Tidal Energy', reviewerName: 'Rita', reason: 'Too busy', paperUrl } as unknown as { title: string; round: number; reviewerName: string; reason: string; paperUrl: string };
      expect(renderer.render(MailTemplate.ReviewDeclined, recorded).text).toContain('\nTidal Energy\n');
    });
  });

  it('describes other link lifetimes from the configuration', () => {
    const other = new MailRenderer(loadConfig({ EMAIL_CONFIRMATION_TTL_HOURS: '48', PASSWORD_RESET_TTL_MINUTES: '30' }));
    expect(other.render(MailTemplate.ConfirmEmail, { firstName: 'A', confirmUrl: 'https://x.example/' }).text).toContain('valid for 48 hours.');
    expect(other.render(MailTemplate.ResetPassword, { firstName: 'A', resetUrl: 'https://x.example/' }).text).toContain('valid for 30 minutes.');
  });
  describe("the editors' decision letter", () => {
    const paperUrl = 'https://journal.example/papers/p1';
    const letter = "A note from the editors:\n\nMind the <sample> size.\n\nReviewer 1's review:\n\nSolid & careful.";

    it('adds the letter to the acceptance, the rejection and the revision request, escaped in HTML with its lines kept', () => {
      const accepted = renderer.render(MailTemplate.PaperAccepted, { title: 'Bees', paperUrl, letter });
      expect(accepted.subject).toBe('Congratulations: your paper was accepted by Young Scientists Journal');
      expect(accepted.text).toContain(`Bees\n\nThe editors' letter:\n\n${letter}\n\nWe will let you know when it is published.`);
      expect(accepted.html).toContain("The editors' letter:");
      expect(accepted.html).toContain('Mind the &lt;sample&gt; size.');
      expect(accepted.html).toContain('white-space:pre-wrap');
      const rejected = renderer.render(MailTemplate.PaperRejected, { title: 'Bees', paperUrl, letter });
      expect(rejected.text).toContain(letter);
      expect(rejected.html).toContain('Solid &amp; careful.');
      const revisions = renderer.render(MailTemplate.RevisionsRequested, { title: 'Bees', revisions: 'minor revisions', dueDate: 'December 7, 2026', paperUrl, letter });
      expect(revisions.subject).toBe('Young Scientists Journal asks you to revise your paper');
      expect(revisions.text).toContain(`by December 7, 2026.\n\nThe editors' letter:\n\n${letter}`);
    });

    it('leaves the e-mail as it was without a letter, and reads one recorded before letters', () => {
      const without = renderer.render(MailTemplate.PaperAccepted, { title: 'Bees', paperUrl, letter: '' });
      expect(without.text).not.toContain("The editors' letter");
      expect(without.html).not.toContain("The editors' letter");
      expect(without.text).toContain('Bees\n\nWe will let you know when it is published.');
      const recordedBefore = renderer.render(MailTemplate.PaperRejected, { title: 'Bees', paperUrl } as never);
      expect(recordedBefore.text).toContain('Bees\n\nThis is not a judgement');
    });
  });
});
