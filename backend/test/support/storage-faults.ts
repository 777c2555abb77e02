import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { submissionFields } from './papers.js';

/**
 * Runs a command that needs root (mount, chattr): directly as root, else through passwordless
 * sudo, as `npm test` installs the browser. Without either it fails saying what it needed.
 */
export function privileged(command: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  try {
    if (asRoot) execFileSync(command, args, { stdio: 'pipe' });
    else execFileSync('sudo', ['-n', command, ...args], { stdio: 'pipe' });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`The storage fault drills need root or passwordless sudo to run ${command} ${args.join(' ')}: ${stderr || String(error)}`, { cause: error });
  }
}

/** A tmpfs of `sizeKb` at `dir`: a file system that fills up, and can be made read-only. */
export function mountTmpfs(dir: string, sizeKb: number): void {
  privileged('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k,mode=0755`, 'tmpfs', dir]);
}

export function remountReadOnly(dir: string): void {
  privileged('mount', ['-o', 'remount,ro', dir]);
}

export function unmount(dir: string): void {
  try {
    privileged('umount', ['-l', dir]);
  } catch {
    // Not mounted (a test failed before mounting): nothing to undo.
  }
}

/** Even root may not write into an immutable directory (EPERM), as a process may not write into another owner's. */
export function makeImmutable(dir: string, immutable: boolean): void {
  privileged('chattr', [immutable ? '+i' : '-i', dir]);
}

/** Every file under `root`, as paths relative to it (directories left out). */
export async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** A port nothing listens on (taken from the system, then let go). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server that accepts connections and never answers: a frozen storage endpoint. */
export async function silentServer(): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * An S3 endpoint that refuses every request as S3 does when the credentials or the bucket's
 * policy do not allow the journal (403 AccessDenied); s3rver itself checks no credentials.
 */
export async function refusingS3Server(): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const server = createHttpServer((req, res) => {
    req.resume();
    res.writeHead(403, { 'content-type': 'application/xml' });
    res.end(
      req.method === 'HEAD'
        ? undefined
        : '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message><RequestId>drill</RequestId></Error>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface StreamedSubmission {
  /** Sends the rest of the file and the form's end. */
  finish(): void;
  /** Stops sending without ending the request (a client that stalls). */
  response: Promise<{ status: number; body: unknown } | { error: Error }>;
}

/**
 * `POST /api/papers` written by hand, so a test can act between the halves of the file: the
 * fields and the first `firstBytes` of the PDF go at once, the rest on `finish()`.
 */
export function streamSubmission(port: number, token: string, pdf: Buffer, firstBytes: number): StreamedSubmission {
  const boundary = `----drill${randomBytes(8).toString('hex')}`;
  const fields = Object.entries(submissionFields())
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const head = Buffer.from(`${fields}--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="paper.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/papers',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + pdf.length + tail.length,
    },
  });
  const response = new Promise<{ status: number; body: unknown } | { error: Error }>((resolve) => {
    request.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : null });
      });
      res.on('error', (error) => resolve({ error }));
    });
    request.on('error', (error) => resolve({ error }));
  });
  request.write(head);
  request.write(pdf.subarray(0, firstBytes));
  return {
    finish: () => {
      request.write(pdf.subarray(firstBytes));
      request.end(tail);
    },
    response,
  };
}

/** Resolves once `probe` holds, checking every few milliseconds; the suite's timeout is the hang guard. */
export async function until(probe: () => Promise<boolean>): Promise<void> {
  while (!(await probe())) await new Promise((resolve) => setTimeout(resolve, 20));
}
