import { type AddressInfo, createServer } from 'node:net';
import { createTransport } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { openSmtpSocket, smtpSocketOptions, smtpTransportOptions } from './smtp-transport.js';

describe('smtpTransportOptions', () => {
  it('pools connections and keeps what SMTP_URL says, query options included', () => {
    const options = smtpTransportOptions({
      smtpUrl: 'smtps://mailer:s%3Acret@smtp.example.org:2465?tls.rejectUnauthorized=false',
      pool: { maxConnections: 7, maxMessages: 250 },
    });
    expect(options).toMatchObject({
      pool: true,
      maxConnections: 7,
      maxMessages: 250,
      host: 'smtp.example.org',
      port: 2465,
      secure: true,
      auth: { user: 'mailer', pass: 's:cret' },
      tls: { rejectUnauthorized: false },
    });
    // The pool's sockets are ours: nodemailer would leave Nagle's algorithm on (bench/mail-bench.mjs measures the cost).
    expect(options.getSocket).toBe(openSmtpSocket);
  });

  it('opens sockets with Nagle off, where nodemailer would connect', () => {
    expect(smtpSocketOptions({ host: 'smtp.example.org', port: 2525 })).toEqual({ host: 'smtp.example.org', port: 2525, noDelay: true });
    expect(smtpSocketOptions({ secure: true })).toEqual({ host: 'localhost', port: 465, noDelay: true });
    expect(smtpSocketOptions({})).toEqual({ host: 'localhost', port: 587, noDelay: true });
  });

  it('sends many messages over a few reused connections', async () => {
    let connections = 0;
    let messages = 0;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      disableReverseLookup: true,
      onConnect: (_session, callback) => {
        connections += 1;
        callback();
      },
      onData: (stream, _session, callback) => {
        stream.resume();
        stream.on('end', () => {
          messages += 1;
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const transport = createTransport(smtpTransportOptions({ smtpUrl: `smtp://127.0.0.1:${port}`, pool: { maxConnections: 2, maxMessages: 100 } }));
    try {
      await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          transport.sendMail({ from: 'editor@journal.example', to: `reader-${index}@journal.example`, subject: 'Hello', text: 'Hello '.repeat(500) }),
        ),
      );
      expect(messages).toBe(40);
      expect(connections).toBe(2);
    } finally {
      transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  // A network error, not an SMTP answer: the processor retries it (isPermanentSmtpError is false).
  it('fails every waiting message at once when the server refuses connections', async () => {
    const listener = createServer();
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    const transport = createTransport(smtpTransportOptions({ smtpUrl: `smtp://127.0.0.1:${port}`, pool: { maxConnections: 2, maxMessages: 100 } }));
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, () => transport.sendMail({ from: 'editor@journal.example', to: 'reader@journal.example', text: 'Hello' })),
      );
      expect(results.map((result) => (result.status === 'rejected' ? (result.reason as { code?: string }).code : 'sent'))).toEqual(Array(5).fill('ESOCKET'));
    } finally {
      transport.close();
    }
  });
});
