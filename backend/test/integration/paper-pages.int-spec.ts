import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { PaperStatus } from '../../src/modules/manuscripts/entities/paper-status.js';
import { createAccount, sql } from '../support/accounts.js';
import { createPaper, uniqueWord } from '../support/papers.js';
import { scratchDatabase } from '../support/scratch-database.js';
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
const ISSN = '2049-3630';
const HOSTILE = '</script><script>alert(1)</script>';
const JOURNAL_NAME = 'Journal of "Young" <Scientists> & Co';

describe('pages for readers and indexers', () => {
  let testApp: TestApp;
  let distDir: string;
  const saved = {
    WEB_DIST_DIR: process.env.WEB_DIST_DIR,
    PUBLIC_URL: process.env.PUBLIC_URL,
    JOURNAL_NAME: process.env.JOURNAL_NAME,
    JOURNAL_ISSN: process.env.JOURNAL_ISSN,
    DATABASE_URL: process.env.DATABASE_URL,
    DATABASE_READ_URL: process.env.DATABASE_READ_URL,
  };
  const word = uniqueWord();
  // The feed and the sitemap list the newest papers of the whole database: on the run's, what
  // other suites published before this one would push this suite's papers out of the feed.
  const own = scratchDatabase(`paper_pages_${uniqueWord('')}`);
  let paperId: string;
  let hiddenId: string;
  let hostileId: string;
  let longId: string;
  const LONG_ABSTRACT = `${'Sound travels through water faster than through air, and we measured how much faster. '.repeat(6)}The last sentence.`;

  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'web-dist-'));
    await writeFile(join(distDir, 'index.html'), INDEX_HTML);
    process.env.WEB_DIST_DIR = distDir;
    process.env.PUBLIC_URL = PUBLIC_URL;
    process.env.JOURNAL_NAME = JOURNAL_NAME;
    process.env.JOURNAL_ISSN = ISSN;
    await own.create();
    process.env.DATABASE_URL = own.url.toString();
    if (saved.DATABASE_READ_URL !== undefined) process.env.DATABASE_READ_URL = own.url.toString();
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
        keywords: 'pollination, bees; Urban  ecology,',
        publishedAt: new Date('2025-06-15T12:00:00Z'),
        withPdf: true,
      })
    ).id;
    hostileId = (
      await createPaper(testApp, {
        userId: owner.id,
        title: `${HOSTILE} ${word}`,
        abstract: `${HOSTILE} <!-- & -->`,
        authors: [{ name: HOSTILE, email: 'eve@example.org', school: `${HOSTILE}"'` }],
        keywords: `${HOSTILE}, "><img src=x>`,
        publishedAt: new Date('2025-06-16T12:00:00Z'),
      })
    ).id;
    longId = (
      await createPaper(testApp, {
        userId: owner.id,
        title: `Sound in water ${word}`,
        abstract: LONG_ABSTRACT,
        category: 'Physics',
        authors: [
          { name: 'Chen Wei', email: 'chen@example.org', school: 'Lakeside Academy' },
          { name: 'Dana Smith', email: 'dana@example.org', school: '' },
        ],
        publishedAt: new Date('2025-07-01T09:30:00Z'),
        withPdf: true,
      })
    ).id;
    hiddenId = (await createPaper(testApp, { userId: owner.id, title: `Hidden ${word}`, status: PaperStatus.Submitted, abstract: `Secret findings ${word}` })).id;
  });

  afterAll(async () => {
    await testApp.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await rm(distDir, { recursive: true, force: true });
    await own.drop();
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
    expect(head).toContain(`<title>${title} · Journal of &quot;Young&quot; &lt;Scientists&gt; &amp; Co</title>`);
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect([...head.matchAll(/<link rel="canonical" href="([^"]*)">/g)].map(([, href]) => href)).toEqual([`${PUBLIC_URL}/papers/${paperId}`]);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('@example.org');
    expect(html).toContain(`<div id="root"><main>\n<article>\n<header>\n<h1>${title}</h1>`);
  });

  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  /** What the page holds inside `<div id="root">`, before the entry script. */
  const rootOf = (html: string) => {
    const start = html.indexOf('<div id="root">');
    const end = html.indexOf('</div><script type="module"');
    expect(start).toBeGreaterThan(html.indexOf('</head>'));
    expect(end).toBeGreaterThan(start);
    return html.slice(start + '<div id="root">'.length, end);
  };

  it('serves the paper itself inside #root for readers without JavaScript: the complete abstract, authors, school, date, PDF and reference', async () => {
    const response = await request(testApp.server).get(`/papers/${longId}`).expect(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const root = rootOf(response.text);
    expect(LONG_ABSTRACT.length).toBeGreaterThan(300);
    expect(root).toContain(`<section aria-labelledby="abstract-heading">\n<h2 id="abstract-heading">Abstract</h2>\n<p>${LONG_ABSTRACT}</p>\n</section>`);
    expect(root).toContain(`<h1>Sound in water ${word}</h1>`);
    expect(root).toContain('<dt>Authors</dt><dd>Chen Wei (Lakeside Academy), Dana Smith</dd>');
    expect(root).toContain('<dt>Category</dt><dd>Physics</dd>');
    expect(root).toContain('<dt>Published</dt><dd><time datetime="2025-07-01T09:30:00.000Z">July 1, 2025</time></dd>');
    expect(root).toContain(`<a href="/api/papers/${longId}/pdf" type="application/pdf">View PDF</a>`);
    // The reference is "How to cite"'s APA one, as the citation endpoint gives it.
    const apa = (await request(testApp.server).get(`/api/papers/${longId}/citation?format=apa`).expect(200)).text;
    for (const part of ['Wei', 'Smith', '(2025', `Sound in water ${word}`, '<Scientists> & Co', `${PUBLIC_URL}/papers/${longId}`]) expect(apa).toContain(part);
    expect(root).toContain(`<h2 id="cite-heading">How to cite</h2>\n<p>${escape(apa)}</p>`);
    // Same text as the API gives, and the PDF the link names is there.
    const detail = (await request(testApp.server).get(`/api/papers/${longId}`).expect(200)).body as { abstract: string; publishedAt: string };
    expect(detail.abstract).toBe(LONG_ABSTRACT);
    expect(detail.publishedAt).toBe('2025-07-01T09:30:00.000Z');
    await request(testApp.server).get(`/api/papers/${longId}/pdf`).expect(200);
    // Plain markup: the policy is the plain shell's, with nothing allowed for it.
    const plain = await request(testApp.server).get('/guidelines').expect(200);
    expect(response.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(root).not.toMatch(/<script|<style|\s(on[a-z]+|style)=/i);
  });

  /** The values of the head's `<meta name=...>` tags called `name`, entities decoded. */
  const metaValues = (head: string, name: string) =>
    [...head.matchAll(/<meta name="([^"]+)" content="([^"]*)">/g)]
      .filter(([, key]) => key === name)
      .map(([, , content]) => content.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
  /** The page's JSON-LD blocks, parsed. */
  const jsonLdOf = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(([, json]) => JSON.parse(json) as Record<string, unknown>);

  it('gives Google Scholar the ISSN and keywords, and Dublin Core tags, each with its value', async () => {
    const html = (await request(testApp.server).get(`/papers/${paperId}`).expect(200)).text;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(metaValues(head, 'citation_issn')).toEqual([ISSN]);
    expect(metaValues(head, 'citation_keywords')).toEqual(['pollination; bees; Urban ecology']);
    // Papers belong to no issue: nothing to say of volume or issue.
    expect(head).not.toMatch(/citation_volume|citation_issue/);
    expect(head).toContain('<link rel="schema.DC" href="http://purl.org/dc/elements/1.1/">');
    expect(metaValues(head, 'DC.title')).toEqual([`Bees & "Flowers" <script>alert(1)</script> ${word}`]);
    expect(metaValues(head, 'DC.creator')).toEqual(['Ana Lopez', "Brian O'Neil"]);
    expect(metaValues(head, 'DC.date')).toEqual(['2025-06-15']);
    expect(metaValues(head, 'DC.description')).toEqual(['Bees visit flowers. <b>Bold</b> & more.']);
    expect(metaValues(head, 'DC.identifier')).toEqual([`${PUBLIC_URL}/papers/${paperId}`]);
    expect(metaValues(head, 'DC.publisher')).toEqual([JOURNAL_NAME]);
    expect(metaValues(head, 'DC.type')).toEqual(['Text']);
    expect(metaValues(head, 'DC.format')).toEqual(['application/pdf']);
    expect(metaValues(head, 'DC.language')).toEqual([]);
  });

  it('describes the paper in JSON-LD as a ScholarlyArticle, a data block the CSP need not allow', async () => {
    const response = await request(testApp.server).get(`/papers/${paperId}`).expect(200);
    const head = response.text.slice(0, response.text.indexOf('</head>'));
    const blocks = jsonLdOf(head);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ScholarlyArticle',
      headline: `Bees & "Flowers" <script>alert(1)</script> ${word}`,
      name: `Bees & "Flowers" <script>alert(1)</script> ${word}`,
      author: [
        { '@type': 'Person', name: 'Ana Lopez', affiliation: { '@type': 'Organization', name: 'North High' } },
        { '@type': 'Person', name: "Brian O'Neil", affiliation: { '@type': 'Organization', name: 'North High' } },
      ],
      datePublished: '2025-06-15T12:00:00.000Z',
      abstract: 'Bees visit flowers. <b>Bold</b> & more.',
      keywords: ['pollination', 'bees', 'Urban ecology'],
      url: `${PUBLIC_URL}/papers/${paperId}`,
      license: 'https://creativecommons.org/licenses/by/4.0/',
      isPartOf: { '@type': 'Periodical', name: JOURNAL_NAME, issn: ISSN },
      publisher: { '@type': 'Organization', name: JOURNAL_NAME },
      encoding: { '@type': 'MediaObject', encodingFormat: 'application/pdf', contentUrl: `${PUBLIC_URL}/api/papers/${paperId}/pdf` },
    });
    // The policy is every page's: no hash, nonce or 'unsafe-inline' was added for the block.
    const plain = await request(testApp.server).get('/papers').expect(200);
    expect(response.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(response.headers['content-security-policy']).not.toMatch(/unsafe-inline'[^;]*script|script-src[^;]*(unsafe-inline|nonce-|sha256-)/);
  });

  it('keeps a title, abstract, author or keyword that tries to close the script inert', async () => {
    const html = (await request(testApp.server).get(`/papers/${hostileId}`).expect(200)).text;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img');
    // The head's scripts: the settings block and the JSON-LD, each closed once; the body's entry script.
    expect(head.match(/<script\b/g)).toHaveLength(2);
    expect(head.match(/<\/script>/g)).toHaveLength(2);
    expect(head).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e');
    const [article] = jsonLdOf(head);
    expect(article).toMatchObject({
      headline: `${HOSTILE} ${word}`,
      abstract: `${HOSTILE} <!-- & -->`,
      author: [{ '@type': 'Person', name: HOSTILE, affiliation: { '@type': 'Organization', name: `${HOSTILE}"'` } }],
      keywords: [HOSTILE, '"><img src=x>'],
    });
    expect(metaValues(head, 'DC.title')).toEqual([`${HOSTILE} ${word}`]);
    expect(metaValues(head, 'citation_keywords')).toEqual([`${HOSTILE}; "><img src=x>`]);
    // The body is index.html's but for the paper inside #root, every text of it escaped.
    const root = rootOf(html);
    expect(html.slice(html.indexOf('</head>')).replace(root, '')).toBe(INDEX_HTML.slice(INDEX_HTML.indexOf('</head>')));
    expect(root).toContain(`<h1>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; ${word}</h1>`);
    expect(root).toContain('<p>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- &amp; --&gt;</p>');
    expect(root).not.toMatch(/<(script|img|!--)/);
  });

  it("gives a paper the same instant as the sitemap's lastmod and the feed's updated, the feed's own the newest", async () => {
    // The feed holds the newest FEED_SIZE papers of the run's whole database, whatever other
    // suites published before this one: this paper is made the newest by construction, and
    // changed an hour after its publication.
    const owner = await createAccount(testApp);
    const paper = await createPaper(testApp, { userId: owner.id, title: `Feed ${word}` });
    const [row] = await sql<{ published_at: Date; updated_at: Date }>(
      testApp.app,
      `update research_papers
          set published_at = newest.at + interval '1 second', updated_at = newest.at + interval '1 hour'
         from (select max(published_at) as at from research_papers where status = 'published') newest
        where id = ?
        returning published_at, updated_at`,
      [paper.id],
    );
    const sitemap = (await request(testApp.server).get('/sitemap.xml').expect(200)).text;
    const feed = (await request(testApp.server).get('/feed.xml').expect(200)).text;
    const lastmod = new RegExp(`<loc>${PUBLIC_URL}/papers/${paper.id}</loc><lastmod>([^<]+)</lastmod>`).exec(sitemap)?.[1];
    const entry = feed.split('<entry>').find((part) => part.includes(`urn:uuid:${paper.id}`));
    expect(entry).toBeDefined();
    const updated = /<updated>([^<]+)<\/updated>/.exec(entry!)?.[1];
    expect(lastmod).toBeDefined();
    expect(Date.parse(updated!)).toBe(Date.parse(lastmod!));
    // Changed after it was published: that change, not the publication date.
    expect(Date.parse(updated!)).toBe(new Date(row.updated_at).getTime());
    expect(/<published>([^<]+)<\/published>/.exec(entry!)?.[1]).toBe(new Date(row.published_at).toISOString());
    const entryUpdates = [...feed.matchAll(/<entry>[\s\S]*?<updated>([^<]+)<\/updated>/g)].map(([, at]) => Date.parse(at));
    const feedUpdated = /<feed [^>]*>[\s\S]*?<updated>([^<]+)<\/updated>/.exec(feed)![1];
    expect(Date.parse(feedUpdated)).toBe(Math.max(...entryUpdates));
  });

  const FEED_LINK = `<link rel="alternate" type="application/atom+xml" title="Journal of &quot;Young&quot; &lt;Scientists&gt; &amp; Co" href="/feed.xml">`;

  it("links the Atom feed from a paper's page, as from every page (autodiscovery)", async () => {
    for (const url of [`/papers/${paperId}`, `/papers/${hiddenId}`, '/papers', '/']) {
      const html = (await request(testApp.server).get(url)).text;
      expect(html.slice(0, html.indexOf('</head>')).split(FEED_LINK)).toHaveLength(2);
    }
  });

  /** index.html as every page gets it: the built file, with only the server's settings block, the feed's link and the route's head added. */
  function expectAppShell(html: string): void {
    const settings = /\s*<script id="journal-config" type="application\/json">[^<]*<\/script>/;
    expect(html).toMatch(settings);
    expect(html).toContain(FEED_LINK);
    expect(
      html
        .replace(settings, '')
        .replace(/\s*<link rel="alternate" type="application\/atom\+xml"[^>]*>/, '')
        // The route's head (common/web-shared/page-heads.ts: title, description, canonical link), checked on its own.
        .replace(/<title>[^<]*<\/title>/, '<title>Young Scientists Journal</title>')
        .replace(/\s*<meta name="description" content="[^"]*" \/>/, '')
        .replace(/\s*<link rel="canonical" href="[^"]*">/, ''),
    ).toBe(INDEX_HTML);
  }

  const descriptionsOf = (html: string) => [...html.slice(0, html.indexOf('</head>')).matchAll(/<meta name="description" content="([^"]*)"/g)].map(([, content]) => content);

  it('describes every public page in one description tag of its own, and a paper by its abstract', async () => {
    const descriptions = new Set<string>();
    for (const url of ['/', '/papers', '/guidelines', '/contact', '/staff', '/journals']) {
      const found = descriptionsOf((await request(testApp.server).get(url).expect(200)).text);
      expect(found).toHaveLength(1);
      descriptions.add(found[0]);
    }
    expect(descriptions.size).toBe(6);
    const paper = descriptionsOf((await request(testApp.server).get(`/papers/${longId}`).expect(200)).text);
    expect(paper).toHaveLength(1);
    expect(paper[0].length).toBeLessThanOrEqual(300);
    expect(LONG_ABSTRACT.startsWith(paper[0].slice(0, -1))).toBe(true);
  });

  it("names a published paper's licence in its page, its tags and the feed", async () => {
    const html = (await request(testApp.server).get(`/papers/${paperId}`).expect(200)).text;
    const cc = 'https://creativecommons.org/licenses/by/4.0/';
    expect(html).toContain(`<link rel="license" href="${cc}">`);
    expect(html).toContain(`<meta name="DC.rights" content="${cc}">`);
    expect(rootOf(html)).toContain(`<a rel="license" href="${cc}">Creative Commons Attribution 4.0 International (CC BY 4.0)</a>`);
    const feed = (await request(testApp.server).get('/feed.xml').expect(200)).text;
    const entry = feed.split('<entry>').find((part) => part.includes(`urn:uuid:${paperId}`))!;
    expect(entry).toContain('<rights>Creative Commons Attribution 4.0 International (CC BY 4.0)</rights>');
    expect(entry).toContain(`<link rel="license" type="text/html" href="${cc}"/>`);
  });

  it("answers 404 with the web app's page, nothing of a paper's, for an unpublished, unknown or malformed paper", async () => {
    for (const id of [hiddenId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await request(testApp.server).get(`/papers/${id}`).expect(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expectAppShell(response.text);
      // No page to index at this address.
      expect(response.text).not.toContain('rel="canonical"');
      // Nothing of the paper leaks into the page.
      expect(response.text).not.toContain(word);
    }
  });

  it('still serves the web app for other paths and JSON 404s under /api', async () => {
    // /papers with a search or a category: the plain page, the list it shows being another.
    expectAppShell((await request(testApp.server).get('/papers?category=Physics').expect(200)).text);
    expectAppShell((await request(testApp.server).get(`/papers?q=${word}`).expect(200)).text);
    expectAppShell((await request(testApp.server).get('/guidelines').expect(200)).text);
    expect((await request(testApp.server).get('/api/nothing-here').expect(404)).body.code).toBe('NOT_FOUND');
    expect((await request(testApp.server).get(`/api/papers/${paperId}`).expect(200)).body.id).toBe(paperId);
  });

  it("serves /papers with the API's first page inside #root: each title linking to its page, escaped", async () => {
    const response = await request(testApp.server).get('/papers').expect(200);
    const { items } = (await request(testApp.server).get('/api/papers?limit=12').expect(200)).body as { items: { id: string; title: string; abstract: string }[] };
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const plain = await request(testApp.server).get('/guidelines').expect(200);
    expect(response.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    const root = rootOf(response.text);
    expect(root.startsWith('<main>\n<h1>Published Papers</h1>\n<ul>')).toBe(true);
    expect(items.length).toBeGreaterThan(0);
    // The same cards as the API's first page, in its order, each title a link to the paper's page, its abstract whole.
    const linked = [...root.matchAll(/<h2><a href="\/papers\/([^"]+)">([^<]*)<\/a><\/h2>/g)].map(([, id, title]) => [id, title]);
    expect(linked).toEqual(items.map((item) => [item.id, escape(item.title)]));
    for (const item of items) expect(root).toContain(`<p>${escape(item.abstract)}</p>`);
    expect(root).not.toMatch(/<(script|img|!--)/);
    expect(response.text).not.toContain(hiddenId);
    expect(response.text).not.toContain('@example.org');
    // The page is otherwise the web app's, its head that of the fallback.
    expectAppShell(response.text.replace(root, ''));
  });

  it('serves robots.txt: public pages open, private areas and the API closed but for the papers\' public reads, and the sitemap', async () => {
    const response = await request(testApp.server).get('/robots.txt').expect(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const lines = response.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(lines).toContain('Allow: /api/papers');
    for (const path of ['/api/', '/admin', '/auth', '/submit', '/my-submissions', '/reviewer-dashboard', '/review/', '/payments/', '/reviewer-invitation']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // Nothing that closes a public page (a bare `Disallow: /`, the papers).
    const disallowed = lines.filter((line) => line.startsWith('Disallow:')).map((line) => line.slice('Disallow:'.length).trim());
    for (const open of ['/', '/papers', `/papers/${paperId}`, '/guidelines', '/contact', '/staff', '/journals', '/sitemap.xml', '/feed.xml']) {
      expect(disallowed.filter((path) => open.startsWith(path))).toEqual([]);
    }
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
    for (const url of ['/papers', '/papers?category=Physics']) {
      expect((await request(testApp.server).get(url).expect(404)).body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: expect.any(String) });
    }
    await request(testApp.server).get('/sitemap.xml').expect(200);
    expect((await request(testApp.server).get('/robots.txt').expect(200)).text).toContain('Sitemap: ');
  });
});
