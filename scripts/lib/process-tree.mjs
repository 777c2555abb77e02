// How the scripts make sure every process they start ends with them (issue 25): each child runs
// in a process group of its own, which is stopped as a whole (SIGTERM, then SIGKILL after a grace
// period), whether the script finishes, fails, throws or is stopped; and a script or child whose
// parent vanished without stopping it (killed with SIGKILL) notices and stops too.
// Plain syntax on purpose: scripts/run.mjs imports this on whatever Node the machine has.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/** How long a process group gets to stop after SIGTERM before it is killed. */
export const STOP_GRACE_MS = 10000;

/** Sends `signal` to the whole process group led by `pid`; false when nothing was left in it. */
export function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Calls `onOrphaned` once if this process's parent goes away (the kernel hands the process to
 * init or a subreaper, so its parent id changes). A SIGKILL of the parent leaves no other trace.
 * The check runs every half second on an unref'd timer, so it never keeps the process alive.
 */
export function watchParent(onOrphaned, intervalMs = 500) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onOrphaned();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Whether anything is left in the process group led by `pid`. */
function groupExists(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops one child's process group: SIGTERM to all of it, then SIGKILL once `graceMs` have passed
 * with anything of it still running. The group's leader exiting is not the end: what it started
 * may still be shutting down (Playwright's runner stopping its web server). Resolves when the
 * child has exited and its group is empty.
 */
export function stopGroup(child, graceMs = STOP_GRACE_MS) {
  return new Promise((resolve) => {
    const deadline = Date.now() + graceMs;
    if (!signalGroup(child.pid, 'SIGTERM')) child.kill('SIGTERM');
    const poll = () => {
      const exited = child.exitCode !== null || child.signalCode !== null;
      if (exited && !groupExists(child.pid)) {
        resolve();
        return;
      }
      if (Date.now() >= deadline) signalGroup(child.pid, 'SIGKILL');
      setTimeout(poll, 100);
    };
    poll();
  });
}

/** The variable every process of one step carries in its environment (runStep). */
export const STEP_MARKER = 'JOURNAL_RUN_STEP';

/**
 * The processes (other than this one) whose environment holds `name=value`: everything a step
 * started, however it was started, since children inherit their parent's environment. Read from
 * /proc; an empty list where there is none. Zombies have no environment left and are not listed.
 */
export function processesMarked(name, value) {
  const needle = Buffer.from(`${name}=${value}\0`);
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`).includes(needle)) found.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Ends every process still carrying `name=value`: the ones a step left outside its own group
 * (a web server Playwright put in a group of its own, a runner killed before it stopped its
 * children). SIGTERM, up to `graceMs` to go, then SIGKILL.
 */
export async function endMarked(name, value, graceMs = STOP_GRACE_MS) {
  const signalAll = (signal) => {
    for (const pid of processesMarked(name, value)) {
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
    }
  };
  if (processesMarked(name, value).length === 0) return;
  signalAll('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (processesMarked(name, value).length > 0 && Date.now() < deadline) await pause(100);
  // SIGKILL cannot be refused; the bound only keeps a process the kernel holds (a disk wait)
  // from holding this one forever.
  for (let tries = 0; tries < 50 && processesMarked(name, value).length > 0; tries += 1) {
    signalAll('SIGKILL');
    await pause(100);
  }
}

/**
 * Runs one step of a script (a test runner, a build) in a process group of its own, output
 * inherited. Resolves with its exit status. Until it exits, SIGINT, SIGTERM, SIGHUP and the loss
 * of this process's parent stop the step's whole group and then this process (status 130 for
 * SIGINT, 143 otherwise), and if this process exits any other way the group is killed with it.
 * Every process of the step carries a marker in its environment (STEP_MARKER); whatever still
 * carries it once the step's group is gone is ended too, before the step counts as over.
 */
export function runStep(command, args, options = {}) {
  const marker = randomUUID();
  return new Promise((resolve) => {
    const env = { ...(options.env ?? process.env), [STEP_MARKER]: marker };
    // No stdin: a process outside the terminal's foreground group that read it would be stopped.
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options, env, detached: true });
    let stopping = false;
    const stopAll = (status) => {
      if (stopping) return;
      stopping = true;
      void stopGroup(child)
        .then(() => endMarked(STEP_MARKER, marker))
        .then(() => process.exit(status));
    };
    const handlers = {
      SIGINT: () => stopAll(130),
      SIGTERM: () => stopAll(143),
      SIGHUP: () => stopAll(129),
    };
    const killOnExit = () => {
      signalGroup(child.pid, 'SIGKILL');
      for (const pid of processesMarked(STEP_MARKER, marker)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    };
    for (const [signal, handler] of Object.entries(handlers)) process.on(signal, handler);
    process.on('exit', killOnExit);
    const unwatch = watchParent(() => stopAll(143));
    const done = (status) => {
      for (const [signal, handler] of Object.entries(handlers)) process.off(signal, handler);
      process.off('exit', killOnExit);
      unwatch();
      // The step ended; anything it left running ends with it.
      signalGroup(child.pid, 'SIGKILL');
      void endMarked(STEP_MARKER, marker).then(() => resolve(status));
    };
    child.once('error', () => done(127));
    child.once('exit', (code, signal) => {
      if (!stopping) done(code ?? (signal ? 1 : 0));
    });
  });
}
