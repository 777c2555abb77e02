import { Readable } from 'node:stream';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { loadWebAppShell, type WebAppShell } from '../../common/web/web-app-shell.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { PaperCardDto } from './dtos/paper.dto.js';
import { PapersService } from './papers.service.js';

/** The static pages of the web app listed in the sitemap (spec section 2). */
export const SITEMAP_STATIC_PATHS = ['/', '/papers', '/guidelines', '/contact', '/staff', '/journals'] as const;
/** The sitemap protocol's limit per file; beyond it a sitemap index would be needed. */
export const SITEMAP_MAX_URLS = 50_000;
export const FEED_SIZE = 50;
const SITEMAP_BATCH = 5000;

/** Text for HTML attributes and XML; also drops the control characters XML 1.0 forbids. */
export function escapeMarkup(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const truncate = (text: string, length: number) => (text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`);

/** The meta tags of a published paper: Google Scholar's citation_* and Open Graph. */
export function paperMetaTags(card: PaperCardDto, journalName: string, publicUrl: string): string {
  const tags: [string, string, string][] = [['name', 'citation_title', card.title]];
  for (const author of card.authors) tags.push(['name', 'citation_author', author.name]);
  if (card.publishedAt) tags.push(['name', 'citation_publication_date', card.publishedAt.slice(0, 10).replace(/-/g, '/')]);
  tags.push(['name', 'citation_journal_title', journalName]);
  if (card.pdfUrl) tags.push(['name', 'citation_pdf_url', `${publicUrl}${card.pdfUrl}`]);
  tags.push(
    ['property', 'og:title', card.title],
    ['property', 'og:description', truncate(card.abstract, 300)],
    ['property', 'og:type', 'article'],
    ['property', 'og:url', `${publicUrl}/papers/${card.id}`],
    ['property', 'og:site_name', journalName],
  );
  return tags.map(([attribute, name, content]) => `<meta ${attribute}="${name}" content="${escapeMarkup(content)}">`).join('\n    ');
}

/** Puts the tags at the end of <head> and the paper's title in <title>. */
export function injectIntoHead(html: string, title: string, tags: string): string {
  const withTitle = html.replace(/<title>[\s\S]*?<\/title>/i, `<title>${escapeMarkup(title)}</title>`);
  const headEnd = withTitle.search(/<\/head>/i);
  if (headEnd < 0) return withTitle;
  return `${withTitle.slice(0, headEnd)}    ${tags}\n  ${withTitle.slice(headEnd)}`;
}

/**
 * What readers and indexers get outside /api: the paper page's HTML with its meta tags (read
 * before any JavaScript runs), the sitemap and the Atom feed.
 */
@Injectable()
export class PaperPagesService {
  private shell: WebAppShell | null | undefined;

  constructor(
    private readonly em: EntityManager,
    private readonly papers: PapersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The built web app's index.html for the paper's address (with its route's preloads), read once; null when the web app is not built. */
  private webAppIndex(id: string): string | null {
    if (this.shell === undefined) this.shell = loadWebAppShell(this.config);
    return this.shell?.htmlFor(`/papers/${id}`) ?? null;
  }

  /** index.html, with the paper's tags when it is published; unchanged otherwise (the SPA shows its own error). */
  async paperPage(id: string): Promise<string | null> {
    const html = this.webAppIndex(id);
    if (html === null) return null;
    const paper = await this.papers.findPublished(id);
    if (!paper) return html;
    const card = this.papers.toCard(paper);
    return injectIntoHead(html, `${card.title} | ${this.config.journal.name}`, paperMetaTags(card, this.config.journal.name, this.config.http.publicUrl));
  }

  /** The sitemap, streamed in keyset batches, capped at the protocol's 50,000 URLs. */
  sitemap(): Readable {
    const { publicUrl } = this.config.http;
    const connection = this.em.getConnection();
    async function* generate(): AsyncGenerator<string> {
      yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
      for (const path of SITEMAP_STATIC_PATHS) yield `  <url><loc>${escapeMarkup(`${publicUrl}${path}`)}</loc></url>\n`;
      let remaining = SITEMAP_MAX_URLS - SITEMAP_STATIC_PATHS.length;
      let after: { at: string; id: string } | null = null;
      while (remaining > 0) {
        const rows: { id: string; updated_at: Date; cursor_at: string }[] = await connection.execute(
          `select id, updated_at, to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
             from research_papers
            where status = 'published' ${after ? 'and (published_at, id) < (?::timestamptz, ?::uuid)' : ''}
            order by published_at desc, id desc
            limit ?`,
          after ? [after.at, after.id, Math.min(SITEMAP_BATCH, remaining)] : [Math.min(SITEMAP_BATCH, remaining)],
        );
        if (rows.length === 0) break;
        yield rows
          .map((row) => `  <url><loc>${escapeMarkup(`${publicUrl}/papers/${row.id}`)}</loc><lastmod>${new Date(row.updated_at).toISOString()}</lastmod></url>\n`)
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

  /** An Atom feed of the newest published papers. */
  async feed(): Promise<string> {
    const { publicUrl } = this.config.http;
    const journal = this.config.journal.name;
    const page = await this.papers.list({ limit: FEED_SIZE });
    const updatedOf = (card: PaperCardDto) => card.publishedAt ?? new Date(0).toISOString();
    const newest = page.items.map(updatedOf).sort().at(-1) ?? new Date(0).toISOString();
    const entries = page.items.map((card) =>
      [
        '  <entry>',
        `    <id>urn:uuid:${card.id}</id>`,
        `    <title>${escapeMarkup(card.title)}</title>`,
        `    <link rel="alternate" type="text/html" href="${escapeMarkup(`${publicUrl}/papers/${card.id}`)}"/>`,
        ...(card.pdfUrl ? [`    <link rel="enclosure" type="application/pdf" href="${escapeMarkup(`${publicUrl}${card.pdfUrl}`)}"/>`] : []),
        `    <published>${updatedOf(card)}</published>`,
        `    <updated>${updatedOf(card)}</updated>`,
        ...card.authors.map((author) => `    <author><name>${escapeMarkup(author.name)}</name></author>`),
        `    <category term="${escapeMarkup(card.category)}"/>`,
        `    <summary>${escapeMarkup(card.abstract)}</summary>`,
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
