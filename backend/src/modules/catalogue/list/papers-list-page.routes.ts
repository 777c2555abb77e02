import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ErrorCode } from '../../../common/http/error-code.js';
import { loadWebAppShell, type WebAppShell } from '../../../common/web/web-app-shell.js';
import { journalDates } from '../../../common/web-shared/journal-dates.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { DEFAULT_PAGE_SIZE } from '../dtos/list-papers.query.js';
import type { PaperPageDto } from '../dtos/paper.dto.js';
import { PaperListCache } from './paper-list-cache.service.js';
import { intoRoot, papersListHtml } from '../pages/paper-page-html.js';

/** The web app's list of published papers, served here with its first page in the HTML. */
export const PAPERS_LIST_PAGE_PATH = '/papers';

/**
 * The first page /papers shows without a search: the request the web app makes first
 * (frontend/src/features/papers/api/first-page.ts, `?limit=12`) and its HTML preloads, so the
 * page and the API share one entry of the list's cache.
 */
const FIRST_PAGE_QUERY = { limit: DEFAULT_PAGE_SIZE };

const notFound = (reply: FastifyReply) => reply.status(404).send({ statusCode: 404, code: ErrorCode.NotFound, message: 'Not found' });

/**
 * GET /papers: the web app's page, as the `/*` fallback (app.factory.ts) serves it, with the
 * preloads of its route and the same headers, and with the first page of published papers inside
 * #root (papersListHtml), for readers and crawlers that run no JavaScript; the app replaces it
 * when it renders. With a query (`?q=`, `?category=`) the page is the plain one, as the list it
 * shows is another. Registered on Fastify directly, like PaperPagesRoutes, and for the same
 * reason; the specific route wins over the fallback in Fastify's router. The list is read from
 * PaperListCache, as GET /api/papers reads it; should that fail, the plain page is served, as
 * before, and the app shows what the API answers it.
 */
@Injectable()
export class PapersListPageRoutes implements OnModuleInit {
  private readonly logger = new Logger(PapersListPageRoutes.name);
  private shell: WebAppShell | null | undefined;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly list: PaperListCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // Absent in the CLI and worker contexts, which serve no HTTP.
    const fastify: FastifyInstance | undefined = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify?.get) return;

    fastify.get(PAPERS_LIST_PAGE_PATH, async (request, reply) => {
      const html = await this.page(request.url);
      if (html === null) return notFound(reply);
      return reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    });
  }

  /** The page for the address (`/papers`, `/papers?...`); null when the web app is not built. */
  async page(url: string): Promise<string | null> {
    if (this.shell === undefined) this.shell = loadWebAppShell(this.config);
    if (this.shell === null) return null;
    const html = this.shell.htmlFor(url);
    const queryAt = url.indexOf('?');
    if (queryAt >= 0 && queryAt < url.length - 1) return html;
    try {
      const page = JSON.parse((await this.list.page(FIRST_PAGE_QUERY)).body.toString('utf8')) as PaperPageDto;
      return intoRoot(html, papersListHtml(page.items, journalDates(this.config.journal.dateStyle)));
    } catch (error) {
      this.logger.warn(`/papers served without its first page: ${(error as Error).message}`);
      return html;
    }
  }
}
