import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const STAND_IN = fileURLToPath(new URL('../../../scripts/lib/orcid-stand-in.mjs', import.meta.url));
const READY = /ORCID stand-in \(test mode\) at (\S+), client (\S+)/;

export interface RunningOrcidStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The API's ORCID_* settings for this stand-in. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The same stand-in `npm start` and the end-to-end suite run, as its own process: inside Jest's
 * module sandbox the OAuth library takes the keys Node's crypto makes for objects of another
 * realm and refuses them.
 */
export async function startOrcidStandIn(redirectUris: string[]): Promise<RunningOrcidStandIn> {
  const clientSecret = randomBytes(24).toString('base64url');
  const child = spawn(process.execPath, [STAND_IN, '--port', '0', ...redirectUris.flatMap((uri) => ['--redirect-uri', uri])], {
    env: { ...process.env, NODE_OPTIONS: '', ORCID_CLIENT_SECRET: clientSecret },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [url, clientId] = await new Promise<[string, string]>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The ORCID stand-in did not start: ${output}`)), 10_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const ready = READY.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve([ready[1], ready[2]]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The ORCID stand-in exited (${code}): ${output}`));
    });
  });
  return {
    url,
    clientId,
    clientSecret,
    env: { ORCID_BASE_URL: url, ORCID_CLIENT_ID: clientId, ORCID_CLIENT_SECRET: clientSecret },
    stop: () => stopChild(child),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
