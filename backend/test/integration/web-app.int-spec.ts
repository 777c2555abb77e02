import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { CLIENT_CONFIG_ELEMENT_ID } from '../../src/common/web/web-app-shell.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCRIPT = `console.log(${JSON.stringify('journal '.repeat(400))});`;

describe('the built web app served by the API', () => {
  let testApp: TestApp;
  let distDir: string;
  const saved = process.env.WEB_DIST_DIR;

  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'web-dist-'));
    await mkdir(join(distDir, 'assets'));
    await writeFile(join(distDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    await writeFile(join(distDir, 'assets', 'index-abc123.js'), SCRIPT);
    await writeFile(join(distDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(join(distDir, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
    process.env.WEB_DIST_DIR = distDir;
    testApp = await startTestApp();
  });

  afterAll(async () => {
    await testApp.close();
    await rm(distDir, { recursive: true, force: true });
    if (saved === undefined) delete process.env.WEB_DIST_DIR;
    else process.env.WEB_DIST_DIR = saved;
  });

  it('sends a hashed asset precompressed, cached for good, varying on Accept-Encoding', async () => {
    const brotli = await request(testApp.server).get('/assets/index-abc123.js').set('accept-encoding', 'br, gzip').buffer(true).expect(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    const gzip = await request(testApp.server).get('/assets/index-abc123.js').set('accept-encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(SCRIPT);
    const plain = await request(testApp.server).get('/assets/index-abc123.js').set('accept-encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SCRIPT);
  });

  it('answers any other page with index.html, never cached, so a new build is picked up', async () => {
    const page = await request(testApp.server).get('/some/client/route').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.text).toContain('<div id="root">');
  });

  it('puts the configured upload limits in the page, so the browser checks and states the server\'s own', async () => {
    const configured = await startTestApp({ env: { UPLOAD_MAX_PDF_BYTES: String(2 * 1024 * 1024), UPLOAD_MAX_IMAGE_BYTES: '3145728', UPLOAD_MAX_IMAGES: '4' } });
    try {
      for (const app of [testApp, configured]) {
        const page = await request(app.server).get('/submit').expect(200);
        const block = new RegExp(`<script id="${CLIENT_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(page.text);
        expect(block).not.toBeNull();
        const clientConfig = JSON.parse(block![1]) as { uploads: Record<string, number> };
        expect(clientConfig.uploads).toEqual(
          app === configured
            ? { maxPdfBytes: 2 * 1024 * 1024, maxImageBytes: 3145728, maxImages: 4 }
            : { maxPdfBytes: 10 * 1024 * 1024, maxImageBytes: 5 * 1024 * 1024, maxImages: 5 },
        );
        expect(page.text.indexOf(block![0])).toBeLessThan(page.text.indexOf('</head>'));
      }
    } finally {
      await configured.close();
    }
  });

  it('says in the page whether ORCID is on and whether it is a test registry, so the web app hides or labels its buttons', async () => {
    const clientConfigOf = async (app: TestApp) => {
      const page = await request(app.server).get('/').expect(200);
      const block = new RegExp(`<script id="${CLIENT_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(page.text);
      return (JSON.parse(block![1]) as { orcid: unknown }).orcid;
    };
    const orcid = { ORCID_CLIENT_ID: 'APP-0123456789ABCDEF', ORCID_CLIENT_SECRET: 'a-secret-never-in-the-page' };
    const standIn = await startTestApp({ env: { ...orcid, ORCID_BASE_URL: 'http://127.0.0.1:9400' } });
    const production = await startTestApp({ env: { ...orcid, ORCID_BASE_URL: 'https://orcid.org' } });
    try {
      expect(await clientConfigOf(testApp)).toEqual({ enabled: false, testMode: false });
      expect(await clientConfigOf(standIn)).toEqual({ enabled: true, testMode: true });
      expect(await clientConfigOf(production)).toEqual({ enabled: true, testMode: false });
      const page = await request(production.server).get('/').expect(200);
      expect(page.text).not.toContain('a-secret-never-in-the-page');
      expect(page.text).not.toContain('APP-0123456789ABCDEF');
    } finally {
      await standIn.close();
      await production.close();
    }
  });
});
