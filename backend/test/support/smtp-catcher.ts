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
  /** Answers `count` more messages, then keeps every later one unanswered until `releaseReplies`. */
  holdRepliesAfter(count: number): void;
  releaseReplies(): void;
  close(): Promise<void>;
}

/**
 * A relay that stalls on cue: it answers DATA until a limit, then keeps the answers back until
 * released, each message already kept. A fault drill starts its fault while the gate is shut, so
 * e-mails are in flight at the fault however fast the machine is, rather than by a race between
 * the worker and the test.
 */
export class ReplyGate {
  private limit = Number.POSITIVE_INFINITY;
  private answered = 0;
  private held: (() => void)[] = [];

  holdAfter(count: number): void {
    this.limit = this.answered + count;
  }

  pass(reply: () => void): void {
    if (this.answered >= this.limit) {
      this.held.push(reply);
      return;
    }
    this.answered += 1;
    reply();
  }

  release(): void {
    this.limit = Number.POSITIVE_INFINITY;
    const held = this.held;
    this.held = [];
    for (const reply of held) this.pass(reply);
  }
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
  const gate = new ReplyGate();
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
          gate.pass(() => {
            if (replyDelayMs > 0) setTimeout(callback, replyDelayMs);
            else callback();
          });
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
    holdRepliesAfter: (count) => gate.holdAfter(count),
    releaseReplies: () => gate.release(),
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
