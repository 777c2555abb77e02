// Preloaded (`node --import`) into every Node process a ProcessGroup starts (API, worker, mail
// catcher, ORCID stand-in): if the script that started it dies without stopping it (SIGKILL, a
// crash), the process stops itself as on SIGTERM, and is killed if that takes too long.
import { STOP_GRACE_MS, watchParent } from './process-tree.mjs';

watchParent(() => {
  setTimeout(() => process.exit(1), STOP_GRACE_MS).unref();
  process.kill(process.pid, 'SIGTERM');
});
