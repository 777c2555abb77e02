// `npm run bench -- [--papers 100000] ...`: builds if needed, then runs bench/papers-bench.mjs.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, ensureDependencies, ensureRedis, root } from './lib/stack.mjs';

ensureDependencies();
ensureBuilt();
await ensureRedis();
const result = spawnSync(process.execPath, [join(root, 'bench/papers-bench.mjs'), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
