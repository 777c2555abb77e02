import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

// MikroORM 7 needs Node >= 22.17; the project targets Node 24 LTS (.nvmrc).
const MINIMUM = [22, 17];
const FETCHED_MAJOR = 24;

export function isRecentEnough(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
}

function versionOf(nodeBin) {
  try {
    return execFileSync(nodeBin, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** Returns the path of a Node binary recent enough for the project, fetching one if needed. */
export function ensureNodeRuntime(root) {
  if (isRecentEnough(process.versions.node)) return process.execPath;
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const pkg = `node-${platform}-${process.arch}`;
  const prefix = join(root, '.tools', 'node');
  const nodeBin = join(prefix, 'node_modules', pkg, 'bin', 'node');
  const existing = existsSync(nodeBin) ? versionOf(nodeBin) : null;
  if (existing && isRecentEnough(existing)) return nodeBin;

  console.log(`Node ${process.versions.node} is older than ${MINIMUM.join('.')}; fetching Node ${FETCHED_MAJOR} (${pkg}) from the npm registry into .tools/node ...`);
  const result = spawnSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `${pkg}@${FETCHED_MAJOR}`],
    { stdio: 'inherit' },
  );
  const fetched = existsSync(nodeBin) ? versionOf(nodeBin) : null;
  if (result.status !== 0 || !fetched || !isRecentEnough(fetched)) {
    console.error(`Could not fetch Node ${FETCHED_MAJOR}. Install Node ${FETCHED_MAJOR} LTS yourself (see .nvmrc) and run the command again.`);
    process.exit(1);
  }
  console.log(`Using Node ${fetched} from .tools/node.`);
  return nodeBin;
}
