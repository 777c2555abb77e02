import type { Browser, BrowserContext, Page } from '@playwright/test';
import axe from 'axe-core';

// Every test checks accessibility on every page it reaches, in every state it reaches: after each
// navigation, whenever the page settles after a change (a dialog, an error, a toast), before a
// context closes and at the end of the test. A serious or critical axe finding fails the test.

/** WCAG 2.0-2.2 A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
// Rules axe leaves off unless named; this one catches a visible label its accessible name hides.
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };
const BLOCKING = new Set(['serious', 'critical']);
/** The page is settled once its DOM has been still this long. */
const QUIET_MS = 250;
const SETTLE_LIMIT_MS = 3000;

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  page: string;
  targets: { target: string; html: string; why: string }[];
}

type AxeWindow = Window & { axe?: typeof axe };

/**
 * One axe run, serious and critical findings only. axe-core is put into the page once per document
 * and run there directly: through AxeBuilder each run re-sends axe's source and finishes in a blank
 * page of its own, twenty times slower, which every test of the suite would pay many times over.
 * (The journal's pages have no frames that this would miss.)
 */
async function scanForBlockingFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ tags, rules }) => {
      const engine = (window as AxeWindow).axe;
      if (!engine) throw new Error('axe-core is not in the page');
      const results = await engine.run(document, { runOnly: { type: 'tag', values: tags }, rules, resultTypes: ['violations'] });
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        helpUrl: violation.helpUrl,
        nodes: violation.nodes.map((node) => ({ target: node.target.map(String).join(' '), html: node.html, why: node.failureSummary ?? '' })),
      }));
    },
    { tags: AXE_TAGS, rules: EXTRA_RULES },
  );
  const where = pathOf(page.url());
  return violations
    .filter((violation) => BLOCKING.has(violation.impact))
    .map(({ nodes, ...violation }) => ({
      ...violation,
      page: where,
      targets: nodes.map((node) => ({ ...node, html: node.html.slice(0, 200) })),
    }));
}

/** A readable list of findings, for a failing test's message. */
export function describeFindings(findings: AxeFinding[]): string {
  const lines = [`axe found ${findings.length} serious or critical accessibility problem(s):`];
  for (const finding of findings) {
    lines.push(`- [${finding.impact}] ${finding.id} on ${finding.page}: ${finding.help} (${finding.helpUrl})`);
    for (const target of finding.targets.slice(0, 5)) {
      lines.push(`    at ${target.target}`, `      ${target.html}`, ...target.why.split('\n').map((line) => `      ${line}`));
    }
    if (finding.targets.length > 5) lines.push(`    and ${finding.targets.length - 5} more`);
  }
  return lines.join('\n');
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

// Scans are the slow part, and most tests pass through the same pages in the same states. A state
// is the page's path (ids made generic) and the outline of its DOM (tags, roles, classes, ARIA
// attributes; not the text), so a state already scanned in this worker is not scanned again: its
// findings are reused and still fail every test that reaches it.
const findingsByState = new Map<string, AxeFinding[]>();

interface PageWatch {
  running: Promise<void> | null;
  again: boolean;
}

/** Watches the contexts of one test and collects what axe finds in their pages. */
export class AxeWatch {
  private readonly findings = new Map<string, AxeFinding>();
  private readonly pages = new Map<Page, PageWatch>();
  private readonly contexts = new Set<BrowserContext>();
  private stopped = false;

  async watchContext(context: BrowserContext): Promise<void> {
    if (this.contexts.has(context)) return;
    this.contexts.add(context);
    await context.exposeBinding('__axeWatchSettled', ({ page }: { page: Page }) => this.request(page));
    await context.addInitScript(reportSettledChanges, QUIET_MS);
    for (const page of context.pages()) this.watchPage(page);
    context.on('page', (page) => this.watchPage(page));
    // Scan what is on screen before the context goes, however the test closes it.
    const close = context.close.bind(context);
    context.close = async (options) => {
      await this.flush([...context.pages()]);
      return close(options);
    };
  }

  /** Makes every context the browser opens during the test watched, as the test's own is. */
  watchNewContexts(browser: Browser): () => void {
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options) => {
      const context = await newContext(options);
      await this.watchContext(context);
      return context;
    };
    return () => {
      browser.newContext = newContext;
    };
  }

  /** Scans the open pages in their final state and waits for every scan under way. */
  async flush(pages: Page[] = [...this.pages.keys()]): Promise<void> {
    await Promise.all(pages.map((page) => this.request(page)));
  }

  /** Scans nothing more (the test's contexts close after it). */
  stop(): void {
    this.stopped = true;
  }

  /** Every finding of the test so far, each once. */
  collected(): AxeFinding[] {
    return [...this.findings.values()];
  }

  /** Hands over the findings so far and forgets them (for a test that plants a problem on purpose). */
  take(): AxeFinding[] {
    const taken = this.collected();
    this.findings.clear();
    return taken;
  }

  private watchPage(page: Page): void {
    if (this.pages.has(page)) return;
    this.pages.set(page, { running: null, again: false });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) void this.request(page);
    });
    page.on('close', () => this.pages.delete(page));
  }

  /** Scans the page once it settles; a request during a scan makes one more scan after it. */
  private request(page: Page): Promise<void> {
    const watch = this.pages.get(page);
    if (!watch || this.stopped || page.isClosed()) return Promise.resolve();
    if (watch.running) {
      watch.again = true;
      return watch.running;
    }
    const run = async () => {
      do {
        watch.again = false;
        await this.scan(page);
      } while (watch.again && !page.isClosed());
    };
    watch.running = run().finally(() => {
      watch.running = null;
    });
    return watch.running;
  }

  private async scan(page: Page): Promise<void> {
    try {
      await page.waitForLoadState('load', { timeout: SETTLE_LIMIT_MS * 3 });
      const state = await page.evaluate(describeSettledState, { quietMs: QUIET_MS, limitMs: SETTLE_LIMIT_MS });
      // Only the journal's own pages: not PDFs, the queue board's third-party UI or blank tabs.
      if (!state) return;
      const key = `${state.path}\n${state.outline}`;
      let found = findingsByState.get(key);
      if (!found) {
        found = await scanForBlockingFindings(page);
        findingsByState.set(key, found);
      }
      for (const finding of found) {
        for (const target of finding.targets) {
          this.findings.set(`${finding.id}|${finding.page}|${target.target}`, { ...finding, targets: [target] });
        }
      }
    } catch (error) {
      // The page navigated, closed or went away during the scan: the next state gets its own.
      if (!isGoneError(error)) throw error;
    }
  }
}

function isGoneError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  // "axe-core is not in the page": a navigation replaced the document between putting axe in and
  // running it; the new document's own scan follows (framenavigated).
  return /Execution context was destroyed|Target page, context or browser has been closed|Target closed|navigat|frame was detached|Timeout|axe-core is not in the page/i.test(
    message,
  );
}

/**
 * In the page: waits until the DOM has been still for `quietMs` (at most `limitMs`), then describes
 * the state. Null for documents that are not the journal's web app.
 */
function describeSettledState({ quietMs, limitMs }: { quietMs: number; limitMs: number }) {
  return new Promise<{ path: string; outline: string } | null>((resolve) => {
    let timer = 0;
    const finish = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      window.clearTimeout(limit);
      const root = document.getElementById('root');
      if (document.contentType !== 'text/html' || !root || location.pathname.startsWith('/admin/queues')) {
        resolve(null);
        return;
      }
      let hash = 2166136261;
      const add = (text: string) => {
        for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
      };
      for (const element of document.body.querySelectorAll('*')) {
        add(element.tagName);
        for (const attribute of element.attributes) {
          if (attribute.name === 'class' || attribute.name === 'role' || attribute.name.startsWith('aria-') || attribute.name === 'type') {
            add(`${attribute.name}=${attribute.value.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|\d+/gi, '#')}`);
          }
        }
      }
      resolve({ path: location.pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, ':id'), outline: (hash >>> 0).toString(36) });
    };
    const observer = new MutationObserver(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(finish, quietMs);
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    timer = window.setTimeout(finish, quietMs);
    const limit = window.setTimeout(finish, limitMs);
  });
}

/** In every page: tells the watcher each time the DOM settles after a change (a toast, a dialog, an error). */
function reportSettledChanges(quietMs: number) {
  let timer = 0;
  const report = () => {
    const binding = (window as unknown as { __axeWatchSettled?: () => Promise<void> }).__axeWatchSettled;
    if (binding) void binding();
  };
  const start = () => {
    new MutationObserver(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(report, quietMs * 2);
    }).observe(document.documentElement, {
      subtree: true,
      childList: true,
      // What changes a state for axe; not style, which animations change all the time.
      attributeFilter: ['class', 'role', 'hidden', 'open', 'disabled', 'aria-expanded', 'aria-hidden', 'aria-invalid', 'aria-disabled', 'aria-selected', 'aria-checked', 'aria-pressed', 'data-state'],
    });
  };
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);
}
