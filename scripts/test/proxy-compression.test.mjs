// The proxies in front of the API compress what it sends as text (issue 29: outside checks found
// OAI-PMH, the sitemap and the Atom feed sent uncompressed). Two proxies, one list: deploy/nginx.conf
// (docker-compose.yml and `npm run test:scale`) and the ingress-nginx controller's ConfigMap for
// Kubernetes (deploy/k8s/ingress-nginx-controller.example.yaml). Every media type named in the
// backend's sources must be either compressed or listed below with the reason it is not, so a new
// kind of answer (an RSS feed, say) cannot reach production uncompressed unnoticed.
// `npm run test:scale` sees the real Content-Encoding through nginx.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../../', import.meta.url));
const source = (path) => readFileSync(join(root, path), 'utf8');

/** What must be compressed, whatever else changes, and where the API sends it. */
const MUST_COMPRESS = {
  'application/json': 'the API',
  'text/xml': 'OAI-PMH (/oai)',
  'application/xml': 'the sitemap and the Crossref deposit',
  'application/atom+xml': 'the Atom feed (/feed.xml)',
  // The build's .gz and .br copies (frontend/scripts/compress-assets.mjs) skip files under 1 KB.
  'text/css': 'the web app',
  'application/javascript': 'the web app',
  'image/svg+xml': 'the web app',
};

/** Media types the backend names that the proxies leave alone, and why. */
const LEFT_UNCOMPRESSED = {
  // nginx compresses it whenever gzip is on; listing it only makes nginx warn of a duplicate.
  'text/html': 'always compressed',
  // robots.txt, APA and MLA citations; BibTeX and RIS: one short reference each.
  'text/plain': 'a few hundred bytes',
  'application/x-bibtex': 'a few hundred bytes',
  'application/x-research-info-systems': 'a few hundred bytes',
  'application/pdf': 'compressed already',
  'image/jpeg': 'compressed already',
  'image/png': 'compressed already',
  'image/gif': 'compressed already',
  'image/webp': 'compressed already',
  'image/apng': 'compressed already',
  'application/x-www-form-urlencoded': 'a request type, never sent',
  'multipart/form-data': 'a request type, never sent',
  'application/ld+json': 'a script block inside the paper pages, never sent alone',
};

/** The arguments of each `name ...;` directive of an nginx config, comments left out. */
function directives(config, name) {
  const code = config.replace(/#.*$/gm, '');
  return [...code.matchAll(new RegExp(`(?:^|[;{}\\s])${name}\\s+([^;]*);`, 'g'))].map((match) => match[1].trim().split(/\s+/));
}

/** The one gzip_types of deploy/nginx.conf, with gzip on. */
function nginxGzipTypes(config) {
  assert.deepEqual(directives(config, 'gzip'), [['on']], 'deploy/nginx.conf: one `gzip on;`');
  const lists = directives(config, 'gzip_types');
  assert.equal(lists.length, 1, 'deploy/nginx.conf: one gzip_types');
  return lists[0];
}

/** The ingress-nginx controller's settings of the example, with gzip on. */
function ingressGzipTypes(manifest) {
  const configMap = parse(manifest);
  assert.equal(configMap.kind, 'ConfigMap');
  assert.equal(configMap.data['use-gzip'], 'true', 'the ingress controller: use-gzip "true" (its default is off)');
  return configMap.data['gzip-types'].trim().split(/\s+/);
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Every media type written in a string in backend/src (tests aside). */
function backendMediaTypes() {
  const types = new Set();
  for (const file of sourceFiles(join(root, 'backend/src'))) {
    for (const [, type] of readFileSync(file, 'utf8').matchAll(/['"`]((?:text|application|image|font|audio|video|multipart)\/[a-z0-9.+-]+)/g)) types.add(type);
  }
  return types;
}

/** The types a list leaves out of those that must be compressed, and the backend's it does not account for. */
function missingFrom(gzipTypes) {
  const compressed = new Set(gzipTypes);
  const mustButNot = Object.keys(MUST_COMPRESS).filter((type) => !compressed.has(type));
  const unaccounted = [...backendMediaTypes()].filter((type) => !compressed.has(type) && !(type in LEFT_UNCOMPRESSED));
  return { mustButNot, unaccounted };
}

const nginxConfig = source('deploy/nginx.conf');
const ingressController = source('deploy/k8s/ingress-nginx-controller.example.yaml');

describe('the proxies compress what the API sends as text', () => {
  it('deploy/nginx.conf: XML, Atom, JSON and the web app\'s files, and every other text type the backend sends', () => {
    assert.deepEqual(missingFrom(nginxGzipTypes(nginxConfig)), { mustButNot: [], unaccounted: [] });
  });

  it('the ingress-nginx controller (Kubernetes) compresses the same types as deploy/nginx.conf', () => {
    assert.deepEqual(new Set(ingressGzipTypes(ingressController)), new Set(nginxGzipTypes(nginxConfig)));
  });

  it('finds the backend\'s media types, and catches a type left out', () => {
    const found = backendMediaTypes();
    for (const type of ['text/xml', 'application/xml', 'application/atom+xml', 'application/json']) assert.ok(found.has(type), `backend/src names ${type}`);
    const withoutXml = nginxConfig.replace(/(gzip_types[^;]*?)\s+text\/xml\b/, '$1');
    assert.deepEqual(missingFrom(nginxGzipTypes(withoutXml)), { mustButNot: ['text/xml'], unaccounted: ['text/xml'] });
  });
});
