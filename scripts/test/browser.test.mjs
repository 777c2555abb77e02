import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEBIAN_CHROMIUM, INSTALL_COMMAND, findChromium } from '../lib/browser.mjs';

const CACHED = '/home/someone/.cache/ms-playwright/chromium-1/chrome-linux64/chrome';

/** A machine described by which paths are browsers and which commands succeed. */
function machine({ browsers = [], commands = {}, env = {}, uid = 1000, platform = 'linux', installs = false } = {}) {
  const present = new Set(browsers);
  const ran = [];
  const lines = [];
  const options = {
    root: '/repo',
    env,
    uid,
    platform,
    executable: (path) => present.has(path),
    cachedChromium: () => CACHED,
    canRun: (command, args) => {
      ran.push([command, ...args].join(' '));
      const key = [command, ...args].join(' ');
      const ok = Object.entries(commands).some(([prefix, result]) => key.startsWith(prefix) && result);
      if (ok && installs && key.includes('install -y')) present.add(DEBIAN_CHROMIUM);
      return ok;
    },
    say: (line) => lines.push(line),
  };
  return { options, ran, lines };
}

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, even when Debian has one', () => {
    const { options, ran } = machine({ browsers: ['/opt/chrome', DEBIAN_CHROMIUM], env: { CHROMIUM_PATH: '/opt/chrome' } });
    assert.deepEqual(findChromium(options), { path: '/opt/chrome', how: 'CHROMIUM_PATH' });
    assert.deepEqual(ran, []);
  });

  it('refuses a CHROMIUM_PATH that is not a browser instead of looking elsewhere', () => {
    const { options } = machine({ browsers: [DEBIAN_CHROMIUM], env: { CHROMIUM_PATH: '/nowhere' } });
    const found = findChromium(options);
    assert.equal(found.path, null);
    assert.match(found.problem, /CHROMIUM_PATH=\/nowhere/);
  });

  it("uses Debian's Chromium before Playwright's cache", () => {
    const { options } = machine({ browsers: [DEBIAN_CHROMIUM, CACHED] });
    assert.deepEqual(findChromium(options), { path: DEBIAN_CHROMIUM, how: 'Debian' });
  });

  it("uses a browser already in Playwright's cache before installing anything", () => {
    const { options, ran } = machine({ browsers: [CACHED], uid: 0, commands: { 'apt-get': true } });
    assert.deepEqual(findChromium(options), { path: CACHED, how: 'Playwright cache' });
    assert.deepEqual(ran, []);
  });

  it('installs Debian\'s chromium as root, saying so in one line', () => {
    const { options, ran, lines } = machine({ uid: 0, commands: { 'apt-get': true }, installs: true });
    assert.deepEqual(findChromium(options), { path: DEBIAN_CHROMIUM, how: 'installed' });
    assert.ok(ran.some((command) => /^apt-get install -y .*chromium$/.test(command)));
    assert.equal(lines.length, 1);
    assert.match(lines[0], /installing Debian's chromium/);
  });

  it('installs through passwordless sudo when not root', () => {
    const { options, ran } = machine({ commands: { 'apt-get --version': true, 'sudo -n': true }, installs: true });
    assert.equal(findChromium(options).how, 'installed');
    assert.ok(ran.some((command) => command.startsWith('sudo -n apt-get install -y')));
  });

  it('names the command to run when it may not install (no root, no passwordless sudo)', () => {
    const { options, ran } = machine({ commands: { 'apt-get --version': true, 'sudo -n': false } });
    const found = findChromium(options);
    assert.equal(found.path, null);
    assert.ok(found.problem.includes(INSTALL_COMMAND));
    assert.ok(!ran.some((command) => command.includes('install -y')));
  });

  it('does not try apt-get away from Linux', () => {
    const { options, ran } = machine({ uid: 0, platform: 'darwin', commands: { 'apt-get': true } });
    assert.equal(findChromium(options).path, null);
    assert.deepEqual(ran, []);
  });

  it('says so when the install fails', () => {
    const { options } = machine({ uid: 0, commands: { 'apt-get --version': true, 'apt-get update': true, 'apt-get install': false } });
    const found = findChromium(options);
    assert.equal(found.path, null);
    assert.match(found.problem, /apt-get failed/);
  });
});
