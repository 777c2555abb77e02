import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { PaperStatus } from '../../src/modules/papers/entities/paper-status.js';
import { createAccount } from '../support/accounts.js';
import { createPaper, uniqueWord } from '../support/papers.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Young Scientists Journal</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index.js"></script></body>
</html>
`;
const PUBLIC_URL = 'https://journal.example.org';

describe('pages for readers and indexers', () => {
  let testApp: TestApp;
  let distDir: string;
  const saved = { WEB_DIST_DIR: process.env.WEB_DIST_DIR, PUBLIC_URL: process.env.PUBLIC_URL, JOURNAL_NAME: process.env.JOURNAL_NAME };
  const word = uniqueWord();
  let paperId: string;
  let hiddenId: string;

  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'web-dist-'));
    await writeFile(join(distDir, 'index.html'), INDEX_HTML);
    process.env.WEB_DIST_DIR = distDir;
    process.env.PUBLIC_URL = PUBLIC_URL;
    process.env.JOURNAL_NAME = 'Journal of "Young" <Scientists> & Co';
    testApp = await startTestApp();
    const owner = await createAccount(testApp);
    paperId = (
      await createPaper(testApp, {
        userId: owner.id,
        title: `Bees & "Flowers" <script>alert(1)</script> ${word}`,
        abstract: 'Bees visit flowers. <b>Bold</b> & more.',
        authors: [
          { name: 'Ana Lopez', email: 'ana@example.org', school: 'North High' },
          { name: "Brian O'Neil", email: 'brian@example.org', school: 'North High' },
        ],
        publishedAt: new Date('2025-06-15T12:00:00Z'),
        withPdf: true,
      })
    ).id;
    hiddenId = (await createPaper(testApp, { userId: owner.id, title: `Hidden ${word}`, status: PaperStatus.Submitted })).id;
  });

  afterAll(async () => {
    await testApp.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await rm(distDir, { recursive: true, force: true });
  });

  it('puts citation and Open Graph tags of a published paper in the HTML, escaped', async () => {
    const response = await request(testApp.server).get(`/papers/${paperId}`).expect(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.text;
    const head = html.slice(0, html.indexOf('</head>'));
    const title = `Bees &amp; &quot;Flowers&quot; &lt;script&gt;alert(1)&lt;/script&gt; ${word}`;
    expect(head).toContain(`<meta name="citation_title" content="${title}">`);
    expect(head).toContain('<meta name="citation_author" content="Ana Lopez">');
    expect(head).toContain('<meta name="citation_author" content="Brian O&#39;Neil">');
    expect(head).toContain('<meta name="citation_publication_date" content="2025/06/15">');
    expect(head).toContain('<meta name="citation_journal_title" content="Journal of &quot;Young&quot; &lt;Scientists&gt; &amp; Co">');
    expect(head).toContain(`<meta name="citation_pdf_url" content="${PUBLIC_URL}/api/papers/${paperId}/pdf">`);
    expect(head).toContain(`<meta property="og:title" content="${title}">`);
    expect(head).toContain('<meta property="og:description" content="Bees visit flowers. &lt;b&gt;Bold&lt;/b&gt; &amp; more.">');
    expect(head).toContain('<meta property="og:type" content="article">');
    expect(head).toContain(`<meta property="og:url" content="${PUBLIC_URL}/papers/${paperId}">`);
    expect(head).toContain(`<title>${title} | Journal of &quot;Young&quot; &lt;Scientists&gt; &amp; Co</title>`);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('@example.org');
    expect(html).toContain('<div id="root"></div>');
  });

  /** index.html as every page gets it: the built file, with only the server's settings block added. */
  function expectAppShell(html: string): void {
    const settings = /\s*<script id="journal-config" type="application\/json">[^<]*<\/script>/;
    expect(html).toMatch(settings);
    expect(html.replace(settings, '')).toBe(INDEX_HTML);
  }

  it('serves index.html unchanged for an unpublished, unknown or malformed paper', async () => {
    for (const id of [hiddenId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await request(testApp.server).get(`/papers/${id}`).expect(200);
      expectAppShell(response.text);
    }
  });

  it('still serves the web app for other paths and JSON 404s under /api', async () => {
    expectAppShell((await request(testApp.server).get('/papers').expect(200)).text);
    expectAppShell((await request(testApp.server).get('/guidelines').expect(200)).text);
    expect((await request(testApp.server).get('/api/nothing-here').expect(404)).body.code).toBe('NOT_FOUND');
    expect((await request(testApp.server).get(`/api/papers/${paperId}`).expect(200)).body.id).toBe(paperId);
  });

  it('lists the static pages and the published papers in the sitemap', async () => {
    const response = await request(testApp.server).get('/sitemap.xml').expect(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = response.text;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    for (const path of ['/', '/papers', '/guidelines', '/contact', '/staff', '/journals']) {
      expect(xml).toContain(`<url><loc>${PUBLIC_URL}${path}</loc></url>`);
    }
    expect(xml).toContain(`<loc>${PUBLIC_URL}/papers/${paperId}</loc><lastmod>`);
    expect(xml).not.toContain(hiddenId);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  });

  it('publishes an Atom feed of the newest papers', async () => {
    const response = await request(testApp.server).get('/feed.xml').expect(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const xml = response.text;
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml).toContain(`<link rel="self" type="application/atom+xml" href="${PUBLIC_URL}/feed.xml"/>`);
    expect(xml).toContain(`<id>urn:uuid:${paperId}</id>`);
    expect(xml).toContain(`<link rel="alternate" type="text/html" href="${PUBLIC_URL}/papers/${paperId}"/>`);
    expect(xml).toContain('<author><name>Brian O&#39;Neil</name></author>');
    expect(xml).toContain('<published>2025-06-15T12:00:00.000Z</published>');
    expect(xml).not.toContain(hiddenId);
    expect(xml).not.toContain('<script>');
    expect((xml.match(/<entry>/g) ?? []).length).toBeLessThanOrEqual(50);
  });
});

describe('the paper page without a built web app', () => {
  let testApp: TestApp;
  const saved = process.env.WEB_DIST_DIR;

  beforeAll(async () => {
    process.env.WEB_DIST_DIR = join(tmpdir(), `no-web-app-${uniqueWord()}`);
    testApp = await startTestApp();
  });

  afterAll(async () => {
    await testApp.close();
    if (saved === undefined) delete process.env.WEB_DIST_DIR;
    else process.env.WEB_DIST_DIR = saved;
  });

  it('answers the JSON 404', async () => {
    const response = await request(testApp.server).get('/papers/00000000-0000-4000-8000-000000000000').expect(404);
    expect(response.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: expect.any(String) });
    await request(testApp.server).get('/sitemap.xml').expect(200);
  });
});
