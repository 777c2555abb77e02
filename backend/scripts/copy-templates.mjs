// Copies the files tsc does not emit (e-mail templates, CSL citation styles) from src/ to dist/, keeping their paths.
import { cpSync, globSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = globSync('**/*.{hbs,csl}', { cwd: join(root, 'src') });
for (const file of files) cpSync(join(root, 'src', file), join(root, 'dist', file));
console.log(`Copied ${files.length} template and style file(s) to dist/.`);
