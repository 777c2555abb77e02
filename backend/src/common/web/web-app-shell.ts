import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../../config/app-config.js';
import type { DateStyle } from '../web-shared/journal-dates.js';
import { type PageHead, canonicalUrl, notFoundHead, pageHeads } from '../web-shared/page-heads.js';
import { routeMatcher } from '../web-shared/route-patterns.js';

/** The id of the JSON block the web app reads its server-decided settings from (shared/config/server-config.ts). */
export const CLIENT_CONFIG_ELEMENT_ID = 'journal-config';

/** What the build says each lazy route loads (frontend/build/route-preloads.ts writes it). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** Every route pattern of the web app, eager and lazy (frontend/build/app-routes.ts writes it). */
export const APP_ROUTES_FILE = 'app-routes.json';

/** What some routes show before the app has rendered, as HTML (frontend/build/prerendered-routes.ts writes it). */
export const PRERENDERED_ROUTES_FILE = 'prerendered-routes.json';

/** What the web app must know of the server's configuration before it renders: the limits it checks and states, and what it offers. */
export interface ClientConfig {
  uploads: { maxPdfBytes: number; maxImageBytes: number; maxImages: number };
  /**
   * `enabled`: ORCID sign-in and linking work (ORCID_* configured); without it the buttons are
   * hidden. `testMode`: not the production registry (the sandbox, or the local stand-in that
   * `npm start` runs), labelled as such like the test payment provider.
   */
  orcid: { enabled: boolean; testMode: boolean };
  /**
   * `issn`: JOURNAL_ISSN, checked at start (config/issn.ts); null when none is assigned, and the footer shows none.
   * `dateStyle`: JOURNAL_LOCALE and JOURNAL_TIME_ZONE, so the screens write dates as the e-mails do.
   * `name`: JOURNAL_NAME, which ends every page's title (common/web-shared/page-heads.ts).
   */
  journal: { name: string; issn: string | null; dateStyle: DateStyle };
  /** PUBLIC_URL, without a trailing slash: the pages' canonical links point there. */
  publicUrl: string;
}

/** A lazy route's needs: the scripts beyond those index.html loads, and the API requests its page makes at once. */
export interface RoutePreloads {
  modules: readonly string[];
  requests: readonly string[];
}

/** index.html as served for each address of the web app. */
export interface WebAppShell {
  /** With the server's settings only: what any page may be served. */
  readonly html: string;
  /** With the head and the preloads of the route the address opens as well, and what the build prerendered of its page. */
  htmlFor(url: string): string;
  /**
   * Whether a route of the web app matches the address (query aside); when not, the app shows its
   * not-found view, and the page is served with 404. True for every address when the build lists
   * no routes (app-routes.json absent).
   */
  isAppRoute(url: string): boolean;
}

export function clientConfigOf(config: AppConfig): ClientConfig {
  const { maxPdfBytes, maxImageBytes, maxImages } = config.uploads;
  return {
    uploads: { maxPdfBytes, maxImageBytes, maxImages },
    orcid: { enabled: config.orcid !== null, testMode: config.orcid?.testMode ?? false },
    journal: { name: config.journal.name, issn: config.journal.issn, dateStyle: config.journal.dateStyle },
    publicUrl: config.http.publicUrl,
  };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The Atom feed of newly published papers (GET /feed.xml), for feed readers to find from any page. */
export function feedAutodiscoveryLink(journalName: string): string {
  return `<link rel="alternate" type="application/atom+xml" title="${escapeAttribute(journalName)}" href="/feed.xml">`;
}

/**
 * A data block, not a script: the browser never runs it, so the Content-Security-Policy has nothing
 * to allow. `<` is escaped so no value can close the element.
 */
export function clientConfigElement(clientConfig: ClientConfig): string {
  const json = JSON.stringify(clientConfig).replace(/</g, '\\u003c');
  return `<script id="${CLIENT_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/** A path on this origin, no scheme, host or `//`, and nothing that could leave an attribute. */
const SAME_ORIGIN_PATH = /^\/(?!\/)[^\s"'<>\\`]*$/;

const attribute = (value: string) => value.replace(/&/g, '&amp;');

/**
 * The links that let the browser fetch a route's scripts, and the first API request of its page,
 * while the entry script loads instead of after it has run. The scripts at low priority: they
 * are needed only once the entry has run, so they come after it and the stylesheet instead of
 * sharing the bandwidth with them and holding back the first paint. `crossorigin` as on Vite's
 * own script tag; for the request, `anonymous` is the credentials mode of fetchBaseQuery's
 * `same-origin`, or the browser would not reuse the preloaded answer (and would fetch it twice).
 * Both are same-origin, which the Content-Security-Policy allows (script-src and connect-src 'self').
 */
export function preloadLinks({ modules, requests }: RoutePreloads, withRequests: boolean): string[] {
  return [
    ...(withRequests ? requests.map((url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${attribute(url)}">`) : []),
    ...modules.map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${attribute(file)}">`),
  ];
}

/**
 * route-preloads.json of the build, by route pattern (`/papers`, `/papers/:id`); empty when the
 * build has none. Throws on an entry that is not a list of same-origin paths: the file is the
 * build's, and a broken one is a bug to see at start, not links to guess at.
 */
export function readRoutePreloads(distDir: string): Map<string, RoutePreloads> {
  const file = join(distDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return new Map();
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const paths = (value: unknown): value is string[] =>
    Array.isArray(value) && value.every((item) => typeof item === 'string' && SAME_ORIGIN_PATH.test(item));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${file}: not an object of routes`);
  return new Map(
    Object.entries(parsed as Record<string, unknown>).map(([pattern, entry]) => {
      const { modules, requests } = (entry ?? {}) as Record<string, unknown>;
      if (!pattern.startsWith('/') || !paths(modules) || !paths(requests)) throw new Error(`${file}: ${pattern} is not { modules, requests } of same-origin paths`);
      return [pattern, { modules, requests }];
    }),
  );
}

/**
 * app-routes.json of the build: the pattern of every route of the web app (`/`, `/papers/:id`);
 * null when the build has none. Throws on a file that is not `{ patterns }` of absolute paths, as
 * readRoutePreloads does: a broken one would answer 404 for real pages.
 */
export function readAppRoutes(distDir: string): string[] | null {
  const file = join(distDir, APP_ROUTES_FILE);
  if (!existsSync(file)) return null;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const patterns = (parsed as { patterns?: unknown } | null)?.patterns;
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !Array.isArray(patterns) ||
    patterns.length === 0 ||
    !patterns.every((pattern) => typeof pattern === 'string' && SAME_ORIGIN_PATH.test(pattern))
  ) {
    throw new Error(`${file}: not { patterns } of route paths`);
  }
  return patterns as string[];
}

/**
 * prerendered-routes.json of the build: by route pattern, the HTML the route's page shows before
 * the app has rendered (the landing page's); empty when the build has none. Throws on a file that
 * is not an object of HTML strings by route path, as readRoutePreloads does.
 */
export function readPrerenderedRoutes(distDir: string): Map<string, string> {
  const file = join(distDir, PRERENDERED_ROUTES_FILE);
  if (!existsSync(file)) return new Map();
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${file}: not an object of routes`);
  const entries = Object.entries(parsed as Record<string, unknown>);
  for (const [pattern, markup] of entries) {
    if (!SAME_ORIGIN_PATH.test(pattern) || typeof markup !== 'string') throw new Error(`${file}: ${pattern} is not a route path with its HTML`);
  }
  return new Map(entries as [string, string][]);
}

/**
 * The page with the route's head (common/web-shared/page-heads.ts) in place of index.html's
 * general title and description, and with a canonical link when `canonical` is given.
 */
function withHead(html: string, head: PageHead, canonical: string | null): string {
  const title = `<title>${escapeAttribute(head.title)}</title>`;
  const meta = `<meta name="description" content="${escapeAttribute(head.description)}" />`;
  let page = TITLE.test(html) ? html.replace(TITLE, () => title) : intoHead(html, [title]);
  page = DESCRIPTION_META.test(page) ? page.replace(DESCRIPTION_META, () => meta) : intoHead(page, [meta]);
  return canonical === null ? page : intoHead(page, [`<link rel="canonical" href="${escapeAttribute(canonical)}">`]);
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION_META = /<meta name="description"[^>]*>/i;

const EMPTY_ROOT = /<div id="root"><\/div>/;

/**
 * The page with `content` inside its empty `<div id="root">` (a route's page as HTML, for readers
 * and crawlers that run no JavaScript); unchanged when it has none. The web app renders with
 * createRoot (frontend/src/main.tsx), which replaces whatever #root holds: no hydration, so the
 * content need not match what React renders.
 */
export function intoRoot(html: string, content: string): string {
  // A function, so that no `$` in the content is read as a replacement pattern.
  return html.replace(EMPTY_ROOT, () => `<div id="root">${content}</div>`);
}

/** The tags at the end of <head>, indented as Vite writes it. */
function intoHead(html: string, tags: readonly string[]): string {
  const headEnd = html.search(/<\/head>/i);
  if (headEnd < 0) return `${tags.join('')}${html}`;
  return `${html.slice(0, headEnd)}${tags.map((tag) => `  ${tag}`).join('\n  ')}\n  ${html.slice(headEnd)}`;
}

/**
 * The built web app's index.html with the server's settings in its head, so the limits the
 * browser checks and the texts that state them are the configured ones (UPLOAD_MAX_*), and the
 * ORCID buttons show only when ORCID_* is configured, written once on the server, with the link
 * to the Atom feed (feedAutodiscoveryLink) on every page; for an
 * address of a lazy route, the links that preload what the route loads (readRoutePreloads): its
 * scripts always, its page's first API request only when the address has no query, since a
 * query (`/papers?q=...`) changes the request and a preload the page does not use is wasted;
 * the head of the route the address opens (page-heads.ts: its title and description, and for a
 * page crawlers index, its canonical link), so each page is told apart before any script runs;
 * and, for a route the build prerendered (the landing page), its HTML inside #root.
 * Each variant is built on first use and kept: a few per route. Null when the web app is not built.
 */
export function loadWebAppShell(config: AppConfig): WebAppShell | null {
  const file = join(config.web.distDir, 'index.html');
  if (!existsSync(file)) return null;
  const index = readFileSync(file, 'utf8');
  const settings = [clientConfigElement(clientConfigOf(config)), feedAutodiscoveryLink(config.journal.name)];
  const html = intoHead(index, settings);
  const routes = readRoutePreloads(config.web.distDir);
  const variants = new Map(
    [...routes].map(([pattern, preloads]) => [
      pattern,
      { withRequests: intoHead(index, [...settings, ...preloadLinks(preloads, true)]), modulesOnly: intoHead(index, [...settings, ...preloadLinks(preloads, false)]) },
    ]),
  );
  const routeOf = routeMatcher(routes.keys());
  const appPatterns = readAppRoutes(config.web.distDir);
  const appRouteOf = appPatterns === null ? null : routeMatcher(appPatterns);
  const pathnameOf = (url: string) => url.split('?')[0] ?? url;
  const isAppRoute = (url: string) => appRouteOf === null || appRouteOf(pathnameOf(url)) !== undefined;
  const heads = pageHeads(config.journal.name);
  const headPatternOf = routeMatcher(heads.keys());
  const notFound = notFoundHead(config.journal.name);
  const prerendered = readPrerenderedRoutes(config.web.distDir);
  const pages = new Map<string, string>();
  return {
    html,
    isAppRoute,
    htmlFor(url) {
      const queryAt = url.indexOf('?');
      const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
      const pattern = routeOf(pathname);
      const variant = pattern === undefined ? undefined : variants.get(pattern);
      const withRequests = queryAt < 0 || queryAt === url.length - 1;
      const headPattern = isAppRoute(url) ? headPatternOf(pathname) : undefined;
      const key = `${headPattern ?? '*'}\n${pattern ?? ''}\n${variant ? String(withRequests) : 'plain'}`;
      let page = pages.get(key);
      if (page === undefined) {
        const head = headPattern === undefined ? notFound : (heads.get(headPattern) ?? notFound);
        // A pattern with a parameter: the page at the address may not exist (an unpublished paper), and its own route adds the link when it does.
        const canonical = headPattern !== undefined && head.indexable && !headPattern.includes('/:') ? canonicalUrl(config.http.publicUrl, headPattern) : null;
        const preloaded = !variant ? html : withRequests ? variant.withRequests : variant.modulesOnly;
        const content = headPattern === undefined ? undefined : prerendered.get(headPattern);
        page = withHead(preloaded, head, canonical);
        if (content !== undefined) page = intoRoot(page, content);
        pages.set(key, page);
      }
      return page;
    },
  };
}
