import { connect, type Socket } from 'node:net';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { AppConfig } from '../../../config/app-config.js';

/**
 * Opens a pooled connection's TCP socket with Nagle's algorithm off. nodemailer leaves it on,
 * and the end of each message (written after the body) then waits for the server's delayed ACK:
 * 40 ms per e-mail, 20 e-mails a second per connection on loopback. The socket is handed over
 * still connecting, so nodemailer's own handlers see a refused or silent server (its connection
 * and greeting timeouts, its errors) exactly as with a socket it opened; TLS (smtps:// or
 * STARTTLS) is still nodemailer's, on top of this socket.
 */
export function openSmtpSocket(options: SMTPPool.Options, callback: (error: Error | null, socketOptions: { connection: Socket }) => void): void {
  callback(null, { connection: connect(smtpSocketOptions(options)) });
}

/** Where the socket connects (nodemailer's defaults for a missing host or port), Nagle off. */
export function smtpSocketOptions(options: Pick<SMTPPool.Options, 'host' | 'port' | 'secure'>): { host: string; port: number; noDelay: true } {
  return { host: options.host ?? 'localhost', port: Number(options.port) || (options.secure ? 465 : 587), noDelay: true };
}

/**
 * The worker's nodemailer transport: SMTP_URL (nodemailer's URL syntax, query options included)
 * with a pool of reused connections. A connection per e-mail (TCP, greeting, EHLO, often TLS and
 * AUTH) cost far more than the message it carried.
 */
export function smtpTransportOptions(mail: Pick<AppConfig['mail'], 'smtpUrl' | 'pool'>): SMTPPool.Options {
  return {
    ...parseConnectionUrl(mail.smtpUrl),
    pool: true,
    maxConnections: mail.pool.maxConnections,
    maxMessages: mail.pool.maxMessages,
    getSocket: openSmtpSocket,
  };
}
