// Installing a Debian package a run needs (the e2e browser, the scale run's nginx) when the
// machine has none, without stdin: as root, or through sudo without a password.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

export function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Runs a command with no stdin and its output hidden (errors still shown); whether it succeeded. */
export function runQuietly(command, args, env = {}) {
  return spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } }).status === 0;
}

/** How this process may install Debian packages: `[]` as root, `['sudo', '-n']`, or null when it may not. */
export function packageInstaller({ platform = process.platform, uid = process.getuid?.(), canRun = runQuietly } = {}) {
  if (platform !== 'linux' || !canRun('apt-get', ['--version'])) return null;
  if (uid === 0) return [];
  return canRun('sudo', ['-n', 'true']) ? ['sudo', '-n'] : null;
}

/** `apt-get update` then `apt-get install -y <name>`, non-interactive, through `installer`. */
export function aptInstall(installer, name, canRun = runQuietly) {
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const [command, ...rest] = [...installer, 'apt-get'];
  return canRun(command, [...rest, 'update', '-qq'], env) && canRun(command, [...rest, 'install', '-y', '-qq', name], env);
}
