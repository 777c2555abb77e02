import nodemailer from 'nodemailer';
import { outgoingMail } from './mail-message.js';

describe('the message the worker sends', () => {
  const rendered = { subject: 'Confirm your email', html: '<p>Hi</p>', text: 'Hi\n' };

  it('carries the recipient, the rendered parts and the Message-ID', () => {
    expect(outgoingMail('ada@example.org', rendered, '<id@journal.example>')).toMatchObject({
      to: 'ada@example.org',
      subject: 'Confirm your email',
      html: '<p>Hi</p>',
      text: 'Hi\n',
      messageId: '<id@journal.example>',
    });
  });

  it('says it was sent by a program (RFC 3834), so automatic replies do not answer it', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const info = await transport.sendMail({ from: 'editor@journal.example', ...outgoingMail('ada@example.org', rendered, '<id@journal.example>') });
    const raw = (info.message as Buffer).toString('utf8');
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(headers.split('\r\n')).toContain('Auto-Submitted: auto-generated');
  });
});
