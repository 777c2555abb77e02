// `npm run bench -- [name] [options]`: builds if needed, then runs bench/<name>-bench.mjs
// (papers when no name is given: `npm run bench -- --papers 100000` as before). Each bench is a
// file of its own; the list is the folder, so adding a bench needs no change here.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureDependencies, ensureRedis, fail, root } from './lib/stack.mjs';

const args = process.argv.slice(2);
const named = args[0] !== undefined && !args[0].startsWith('-');
const name = named ? args[0] : 'papers';
const file = join(root, 'bench', `${name}-bench.mjs`);
if (!existsSync(file)) {
  const known = readdirSync(join(root, 'bench')).filter((entry) => entry.endsWith('-bench.mjs')).map((entry) => entry.replace(/-bench\.mjs$/, ''));
  fail(`no bench named "${name}"; the benches are: ${known.join(', ')}`);
}

ensureDependencies();
ensureBuilt();
await ensureRedis();
const result = spawnSync(process.execPath, [file, ...(named ? args.slice(1) : args)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
