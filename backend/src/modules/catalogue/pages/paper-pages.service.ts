import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { loadWebAppShell, type WebAppShell } from '../../../common/web/web-app-shell.js';
import { journalDates } from '../../../common/web-shared/journal-dates.js';
import { INDEXABLE_STATIC_PATHS, canonicalUrl, descriptionOf, pageTitle } from '../../../common/web-shared/page-heads.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import type { PaperCardDto } from '../dtos/paper.dto.js';
import { toPaperCard } from '../paper-card.js';
import { PublishedPapersRepository } from '../published-papers.repository.js';
import { PaperCitationsService } from '../citations/paper-citations.service.js';
import { escapeMarkup } from '../markup.js';
import { doiUrl } from '../doi-url.js';
import { type License, licenseOf } from '../../../config/licenses.js';
import { intoRoot, paperArticleHtml } from './paper-page-html.js';

/**
 * The web app's areas for signed-in users (app/routes.tsx: sign-in, submission, dashboards,
 * review, admin with the queue board, payments, reviewer invitations): nothing there for an
 * index, so robots.txt asks crawlers to keep out of them.
 */
export const ROBOTS_DISALLOWED_PATHS = ['/auth', '/submit', '/my-submissions', '/payments/', '/reviewer-dashboard', '/review/', '/admin', '/reviewer-invitation', '/api/'] as const;
/**
 * What crawlers may fetch under the disallowed paths: the papers' public reads, which a crawler
 * that runs the pages' JavaScript needs to see what a reader sees (the list, a paper), and a
 * published paper's PDF (citation_pdf_url, which Google Scholar fetches). What else lies under
 * /api/papers answers a crawler 401 or 404, as it would anyone not signed in.
 */
export const ROBOTS_ALLOWED_PATHS = ['/api/papers'] as const;

/**
 * robots.txt (RFC 9309): every public page open, the private areas and the API closed but for the
 * papers' public reads (the longer Allow rule wins over `Disallow: /api/`), and the sitemap's absolute URL.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_ALLOWED_PATHS.map((path) => `Allow: ${path}`),
    ...ROBOTS_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The sitemap protocol's limit per file; beyond it a sitemap index would be needed. */
export const SITEMAP_MAX_URLS = 50_000;
export const FEED_SIZE = 50;
const SITEMAP_BATCH = 5000;

/** Text for HTML attributes and XML (markup.ts, shared with paper-page-html.ts). */
export { escapeMarkup };

/** What the paper page's tags say of the journal: its name and, when configured, its ISSN (JOURNAL_ISSN). */
export interface JournalMeta {
  name: string;
  issn: string | null;
}

/** A published paper as its page's tags describe it: the public card, its keywords as submitted, its licence and DOI. */
export type PaperMetaSource = PaperCardDto & { keywords: string | null; license: License; doi: string | null };

/**
 * The keywords as a list: authors type them free-form, separated by commas or semicolons; each
 * trimmed, empty ones dropped, a repeat (any case) kept once.
 */
export function keywordList(keywords: string | null): string[] {
  const byCase = new Map<string, string>();
  for (const part of (keywords ?? '').split(/[,;]/)) {
    const keyword = part.trim().replace(/\s+/g, ' ');
    if (keyword !== '' && !byCase.has(keyword.toLowerCase())) byCase.set(keyword.toLowerCase(), keyword);
  }
  return [...byCase.values()];
}

/** The Dublin Core element set that the `DC.*` meta tags name (the `schema.DC` link). */
export const DUBLIN_CORE_SCHEMA = 'http://purl.org/dc/elements/1.1/';

/**
 * The meta tags of a published paper: Google Scholar's citation_*, Dublin Core (DC.*) and Open
 * Graph, each value escaped. No citation_volume or citation_issue: papers are not assigned to
 * issues (the journal's issues are PDFs of their own), so there is nothing true to say. No
 * DC.language: a paper records none.
 */
export function paperMetaTags(card: PaperMetaSource, journal: JournalMeta, publicUrl: string): string {
  const paperUrl = canonicalUrl(publicUrl, `/papers/${card.id}`);
  const keywords = keywordList(card.keywords);
  const tags: [string, string, string][] = [['name', 'citation_title', card.title]];
  for (const author of card.authors) tags.push(['name', 'citation_author', author.name]);
  if (card.publishedAt) tags.push(['name', 'citation_publication_date', card.publishedAt.slice(0, 10).replace(/-/g, '/')]);
  tags.push(['name', 'citation_journal_title', journal.name]);
  if (journal.issn) tags.push(['name', 'citation_issn', journal.issn]);
  if (keywords.length > 0) tags.push(['name', 'citation_keywords', keywords.join('; ')]);
  if (card.pdfUrl) tags.push(['name', 'citation_pdf_url', `${publicUrl}${card.pdfUrl}`]);
  if (card.doi) tags.push(['name', 'citation_doi', card.doi]);
  tags.push(['name', 'DC.title', card.title]);
  for (const author of card.authors) tags.push(['name', 'DC.creator', author.name]);
  if (card.publishedAt) tags.push(['name', 'DC.date', card.publishedAt.slice(0, 10)]);
  tags.push(
    ['name', 'DC.description', card.abstract],
    ['name', 'DC.identifier', paperUrl],
    ...(card.doi ? [['name', 'DC.identifier', doiUrl(card.doi)] as [string, string, string]] : []),
    ['name', 'DC.publisher', journal.name],
    ['name', 'DC.type', 'Text'],
    ['name', 'DC.rights', card.license.url],
  );
  if (card.pdfUrl) tags.push(['name', 'DC.format', 'application/pdf']);
  tags.push(
    ['property', 'og:title', card.title],
    // The start of the abstract, as the description: what result pages show; the page holds the whole abstract.
    ['property', 'og:description', descriptionOf(card.abstract)],
    ['property', 'og:type', 'article'],
    ['property', 'og:url', paperUrl],
    ['property', 'og:site_name', journal.name],
  );
  return [
    `<link rel="schema.DC" href="${DUBLIN_CORE_SCHEMA}">`,
    // HTML's own licence link, which search engines and Creative Commons' tools read.
    `<link rel="license" href="${escapeMarkup(card.license.url)}">`,
    // The address of a published paper, however it was reached; a paper that is not published has no page to index, and no link.
    `<link rel="canonical" href="${escapeMarkup(paperUrl)}">`,
    `<meta name="description" content="${escapeMarkup(descriptionOf(card.abstract))}">`,
    ...tags.map(([attribute, name, content]) => `<meta ${attribute}="${name}" content="${escapeMarkup(content)}">`),
  ].join('\n    ');
}

/** A published paper as a schema.org ScholarlyArticle, for indexers that read JSON-LD. */
export function scholarlyArticle(card: PaperMetaSource, journal: JournalMeta, publicUrl: string): Record<string, unknown> {
  const keywords = keywordList(card.keywords);
  const journalOrganization = { '@type': 'Organization', name: journal.name };
  return {
    '@context': 'https://schema.org',
    '@type': 'ScholarlyArticle',
    headline: card.title,
    name: card.title,
    author: card.authors.map((author) => ({
      '@type': 'Person',
      name: author.name,
      ...(author.school ? { affiliation: { '@type': 'Organization', name: author.school } } : {}),
    })),
    ...(card.publishedAt ? { datePublished: card.publishedAt } : {}),
    abstract: card.abstract,
    ...(keywords.length > 0 ? { keywords } : {}),
    url: `${publicUrl}/papers/${card.id}`,
    license: card.license.url,
    ...(card.doi ? { identifier: { '@type': 'PropertyValue', propertyID: 'DOI', value: card.doi }, sameAs: doiUrl(card.doi) } : {}),
    isPartOf: { '@type': 'Periodical', name: journal.name, ...(journal.issn ? { issn: journal.issn } : {}) },
    publisher: journalOrganization,
    ...(card.pdfUrl ? { encoding: { '@type': 'MediaObject', encodingFormat: 'application/pdf', contentUrl: `${publicUrl}${card.pdfUrl}` } } : {}),
  };
}

/**
 * A JSON-LD block. Like the client config block (web-app-shell.ts, clientConfigElement) it is
 * data the browser never runs, so the Content-Security-Policy has nothing to allow; `<`, `>` and
 * `&` are written as JSON escapes, so no value can close the element or open a comment.
 */
export function jsonLdElement(data: Record<string, unknown>): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return `<script type="application/ld+json">${json}</script>`;
}

/** Puts the tags at the end of <head> and the paper's title in <title>; the tags' description replaces the app's own. */
export function injectIntoHead(html: string, title: string, tags: string): string {
  const withTitle = html.replace(/<title>[\s\S]*?<\/title>/i, `<title>${escapeMarkup(title)}</title>`).replace(/\s*<meta name="description"[^>]*>/i, '');
  const headEnd = withTitle.search(/<\/head>/i);
  if (headEnd < 0) return withTitle;
  return `${withTitle.slice(0, headEnd)}    ${tags}\n  ${withTitle.slice(headEnd)}`;
}

/**
 * A feed entry's licence: `<rights>` (Atom's own, for readers) and a `license` link (RFC 4946, for
 * harvesters), both naming the licence the paper is published under.
 */
function licenseElements(license: License | undefined): string[] {
  if (!license) return [];
  return [`    <rights>${escapeMarkup(`${license.name} (${license.label})`)}</rights>`, `    <link rel="license" type="text/html" href="${escapeMarkup(license.url)}"/>`];
}

/**
 * What readers and indexers get outside /api: the paper page's HTML with its meta tags (read
 * before any JavaScript runs), the sitemap and the Atom feed.
 */
@Injectable()
export class PaperPagesService {
  private shell: WebAppShell | null | undefined;

  constructor(
    private readonly papers: PublishedPapersRepository,
    private readonly citations: PaperCitationsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The built web app's index.html for the paper's address (with its route's preloads), read once; null when the web app is not built. */
  private webAppIndex(id: string): string | null {
    if (this.shell === undefined) this.shell = loadWebAppShell(this.config);
    return this.shell?.htmlFor(`/papers/${id}`) ?? null;
  }

  /**
   * index.html with the paper's tags when it is published (`found`); unchanged otherwise, with
   * `found: false` for a 404 (a malformed id, an unknown paper or one not published), so crawlers
   * do not index a not-found page. Only the status differs: the web app never reads the status of
   * the document it runs in; it asks the API for the paper, which shows an owner or an admin their
   * unpublished paper (this route knows no user) and everyone else its not-found message.
   */
  async paperPage(id: string): Promise<{ found: boolean; html: string } | null> {
    const html = this.webAppIndex(id);
    if (html === null) return null;
    const paper = await this.papers.findPublished(id);
    if (!paper) return { found: false, html };
    const card: PaperMetaSource = { ...toPaperCard(paper, this.config.papers.arxivDetailPageId), keywords: paper.keywords, license: licenseOf(paper.license), doi: paper.doi };
    const journal: JournalMeta = { name: this.config.journal.name, issn: this.config.journal.issn };
    const { publicUrl } = this.config.http;
    const tags = `${paperMetaTags(card, journal, publicUrl)}\n    ${jsonLdElement(scholarlyArticle(card, journal, publicUrl))}`;
    // The paper itself inside #root, for readers without JavaScript; the app replaces it (paper-page-html.ts).
    const withHead = injectIntoHead(html, pageTitle(card.title, this.config.journal.name), tags);
    return { found: true, html: intoRoot(withHead, paperArticleHtml(card, this.citations.reference(paper, 'apa'), journalDates(this.config.journal.dateStyle))) };
  }

  /** robots.txt, with the sitemap's absolute address (robotsTxt). */
  robots(): string {
    return robotsTxt(this.config.http.publicUrl);
  }

  /** The sitemap, streamed in keyset batches, capped at the protocol's 50,000 URLs. */
  sitemap(): Readable {
    const { publicUrl } = this.config.http;
    const papers = this.papers;
    async function* generate(): AsyncGenerator<string> {
      yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
      // The static pages open to crawlers (spec section 2), at the address their canonical links name.
      for (const path of INDEXABLE_STATIC_PATHS) yield `  <url><loc>${escapeMarkup(canonicalUrl(publicUrl, path))}</loc></url>\n`;
      let remaining = SITEMAP_MAX_URLS - INDEXABLE_STATIC_PATHS.length;
      let after: { at: string; id: string } | null = null;
      while (remaining > 0) {
        const rows = await papers.sitemapBatch(after, Math.min(SITEMAP_BATCH, remaining));
        if (rows.length === 0) break;
        yield rows
          .map((row) => `  <url><loc>${escapeMarkup(canonicalUrl(publicUrl, `/papers/${row.id}`))}</loc><lastmod>${new Date(row.modified_at).toISOString()}</lastmod></url>\n`)
          .join('');
        remaining -= rows.length;
        const last = rows[rows.length - 1];
        after = { at: last.cursor_at, id: last.id };
        if (rows.length < SITEMAP_BATCH) break;
      }
      yield '</urlset>\n';
    }
    return Readable.from(generate());
  }

  /** What the feed says of each paper beyond its card: when it last changed (ISO 8601) and its licence. */
  private async entryFacts(ids: readonly string[]): Promise<Map<string, { updated: string; license: License }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.papers.lastModifiedAndLicense(ids);
    return new Map(rows.map((row) => [row.id, { updated: new Date(row.modified_at).toISOString(), license: licenseOf(row.license) }]));
  }

  /**
   * An Atom feed of the newest published papers. An entry's <updated> is when the paper last
   * changed, the sitemap's <lastmod> for it; the feed's own, the newest of its entries'.
   */
  async feed(): Promise<string> {
    const { publicUrl } = this.config.http;
    const journal = this.config.journal.name;
    const page = await this.papers.page({ limit: FEED_SIZE }, this.config.papers.arxivDetailPageId);
    const facts = await this.entryFacts(page.items.map((card) => card.id));
    const publishedOf = (card: PaperCardDto) => card.publishedAt ?? new Date(0).toISOString();
    const updatedOf = (card: PaperCardDto) => facts.get(card.id)?.updated ?? publishedOf(card);
    const newest = page.items.map(updatedOf).sort().at(-1) ?? new Date(0).toISOString();
    const entries = page.items.map((card) =>
      [
        '  <entry>',
        `    <id>urn:uuid:${card.id}</id>`,
        `    <title>${escapeMarkup(card.title)}</title>`,
        `    <link rel="alternate" type="text/html" href="${escapeMarkup(`${publicUrl}/papers/${card.id}`)}"/>`,
        ...(card.pdfUrl ? [`    <link rel="enclosure" type="application/pdf" href="${escapeMarkup(`${publicUrl}${card.pdfUrl}`)}"/>`] : []),
        `    <published>${publishedOf(card)}</published>`,
        `    <updated>${updatedOf(card)}</updated>`,
        ...card.authors.map((author) => `    <author><name>${escapeMarkup(author.name)}</name></author>`),
        `    <category term="${escapeMarkup(card.category)}"/>`,
        `    <summary>${escapeMarkup(card.abstract)}</summary>`,
        ...licenseElements(facts.get(card.id)?.license),
        '  </entry>',
      ].join('\n'),
    );
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<feed xmlns="http://www.w3.org/2005/Atom">',
      `  <id>${escapeMarkup(`${publicUrl}/papers`)}</id>`,
      `  <title>${escapeMarkup(`${journal}: newly published papers`)}</title>`,
      `  <updated>${newest}</updated>`,
      `  <link rel="self" type="application/atom+xml" href="${escapeMarkup(`${publicUrl}/feed.xml`)}"/>`,
      `  <link rel="alternate" type="text/html" href="${escapeMarkup(`${publicUrl}/papers`)}"/>`,
      ...entries,
      '</feed>',
      '',
    ].join('\n');
  }
}
