// Finds the Chromium the end-to-end tests drive, installing Debian's when the machine has none,
// so `npm test` works on a fresh machine without a step of its own in the README.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y chromium';

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where Playwright would keep a browser it downloaded itself (it honours PLAYWRIGHT_BROWSERS_PATH). */
function playwrightCachedChromium(root) {
  try {
    const require = createRequire(join(root, 'e2e', 'package.json'));
    return require('playwright-core').chromium.executablePath();
  } catch {
    return null;
  }
}

function run(command, args, env) {
  return spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } }).status === 0;
}

/** How this process may install Debian packages: as root, or through sudo without a password. */
function packageInstaller({ platform, uid, canRun }) {
  if (platform !== 'linux' || !canRun('apt-get', ['--version'])) return null;
  if (uid === 0) return [];
  return canRun('sudo', ['-n', 'true']) ? ['sudo', '-n'] : null;
}

function aptInstallChromium(prefix, canRun) {
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const [command, ...rest] = [...prefix, 'apt-get'];
  return canRun(command, [...rest, 'update', '-qq'], env)
    && canRun(command, [...rest, 'install', '-y', '-qq', 'chromium'], env);
}

/**
 * Looks in this order: CHROMIUM_PATH, /usr/bin/chromium, a browser already in Playwright's cache,
 * then (Linux, as root or with passwordless sudo) installs Debian's `chromium` with apt-get.
 * Returns `{ path, how }` or `{ path: null, problem }`, where `problem` is one line naming the
 * command that would fix it. Every dependency is a parameter so the order can be tested.
 */
export function findChromium({
  root,
  env = process.env,
  platform = process.platform,
  uid = process.getuid?.(),
  executable = isExecutable,
  cachedChromium = () => playwrightCachedChromium(root),
  canRun = run,
  say = (line) => console.log(line),
} = {}) {
  const given = env.CHROMIUM_PATH;
  if (given) {
    return executable(given)
      ? { path: given, how: 'CHROMIUM_PATH' }
      : { path: null, problem: `CHROMIUM_PATH=${given} is not an executable browser; point it at Chromium or unset it.` };
  }
  if (executable(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, how: 'Debian' };
  const cached = cachedChromium();
  if (cached && executable(cached)) return { path: cached, how: 'Playwright cache' };

  const installer = packageInstaller({ platform, uid, canRun });
  if (installer) {
    say(`No Chromium found for the end-to-end tests; installing Debian's chromium with apt-get (about a minute) ...`);
    if (aptInstallChromium(installer, canRun) && executable(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, how: 'installed' };
    return { path: null, problem: `Installing Chromium with apt-get failed; run \`${INSTALL_COMMAND}\` (or set CHROMIUM_PATH) and run npm test again.` };
  }
  return { path: null, problem: `No Chromium for the end-to-end tests: run \`${INSTALL_COMMAND}\` (or set CHROMIUM_PATH to a Chromium) and run npm test again.` };
}
