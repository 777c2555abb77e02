import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export interface CaughtMail {
  envelopeTo: string[];
  mail: ParsedMail;
}

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  messages: CaughtMail[];
  /** Answers RCPT TO for this address with the given SMTP error (`times` times, default always). */
  reject(address: string, responseCode: number, message: string, times?: number): void;
  /** The messages addressed to this recipient (other suites' e-mails may arrive too). */
  messagesTo(address: string): CaughtMail[];
  waitForMessagesTo(address: string, count?: number, timeoutMs?: number): Promise<CaughtMail[]>;
  close(): Promise<void>;
}

export interface SmtpCatcherOptions {
  /**
   * Keeps each message this long before answering its DATA, as a slow relay does: the message is
   * already kept, so a sender that dies meanwhile never hears it was accepted.
   */
  replyDelayMs?: number;
}

/** A real SMTP server on a free loopback port that keeps every message it accepts. */
export async function startSmtpCatcher({ replyDelayMs = 0 }: SmtpCatcherOptions = {}): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const rejections = new Map<string, { responseCode: number; message: string; remaining: number }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const rejection = rejections.get(address.address.toLowerCase());
      if (rejection && rejection.remaining > 0) {
        rejection.remaining -= 1;
        callback(Object.assign(new Error(rejection.message), { responseCode: rejection.responseCode }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      simpleParser(stream)
        .then((mail) => {
          messages.push({ envelopeTo, mail });
          if (replyDelayMs > 0) setTimeout(callback, replyDelayMs);
          else callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const messagesTo = (address: string) =>
    messages.filter((message) => message.envelopeTo.some((to) => to.toLowerCase() === address.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    reject(address, responseCode, message, times = Number.POSITIVE_INFINITY) {
      rejections.set(address.toLowerCase(), { responseCode, message, remaining: times });
    },
    messagesTo,
    async waitForMessagesTo(address, count = 1, timeoutMs = 10_000) {
      await waitFor(() => messagesTo(address).length >= count, timeoutMs, `${count} e-mail(s) to ${address}`);
      return messagesTo(address);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls until the condition holds (it may be async), or fails after the timeout. */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
