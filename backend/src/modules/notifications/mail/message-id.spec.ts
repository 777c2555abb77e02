import { messageIdDomain, outboxMessageId } from './message-id.js';

describe('Message-ID', () => {
  it('uses the sender’s domain', () => {
    expect(messageIdDomain('Young Scientists Journal <editor@YoungScientistsJournal.org>', 'https://journal.example')).toBe('youngscientistsjournal.org');
    expect(messageIdDomain('editor@journal.example.org', 'https://x.example')).toBe('journal.example.org');
  });

  it('falls back to the public URL’s host', () => {
    expect(messageIdDomain('Journal <editor>', 'https://journal.example:8443/app')).toBe('journal.example');
  });

  it('is the outbox id at that domain', () => {
    expect(outboxMessageId('6f1c9a4e-8a57-4d38-9a0e-2f3b0b8f1c11', 'journal.example')).toBe('<6f1c9a4e-8a57-4d38-9a0e-2f3b0b8f1c11@journal.example>');
  });
});
