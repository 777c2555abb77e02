// After `vite build`: writes a gzip and a brotli copy beside every text asset of dist/, so the
// API serves them precompressed (@fastify/static `preCompressed`) without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist', import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|css|svg|html|json|txt|xml|map)$/;
const MIN_BYTES = 1024;

function visit(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      visit(path);
    } else if (COMPRESSIBLE.test(name) && statSync(path).size >= MIN_BYTES) {
      const content = readFileSync(path);
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}

visit(dist);
