// Finds the Chromium the end-to-end tests drive, installing Debian's when the machine has none,
// so `npm test` works on a fresh machine without a step of its own in the README.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { aptInstall, isExecutable, packageInstaller, runQuietly } from './debian-packages.mjs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y chromium';

/** Where Playwright would keep a browser it downloaded itself (it honours PLAYWRIGHT_BROWSERS_PATH). */
function playwrightCachedChromium(root) {
  try {
    const require = createRequire(join(root, 'e2e', 'package.json'));
    return require('playwright-core').chromium.executablePath();
  } catch {
    return null;
  }
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
  canRun = runQuietly,
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
    if (aptInstall(installer, 'chromium', canRun) && executable(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, how: 'installed' };
    return { path: null, problem: `Installing Chromium with apt-get failed; run \`${INSTALL_COMMAND}\` (or set CHROMIUM_PATH) and run npm test again.` };
  }
  return { path: null, problem: `No Chromium for the end-to-end tests: run \`${INSTALL_COMMAND}\` (or set CHROMIUM_PATH to a Chromium) and run npm test again.` };
}
