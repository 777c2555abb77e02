import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ErrorCode } from '../../../common/http/error-code.js';
import { PaperPagesService } from './paper-pages.service.js';

/** The non-/api paths of the papers module (docs/api.md, "Pages for readers and indexers"). */
export const PAPER_PAGE_PATHS = { paper: '/papers/:id', sitemap: '/sitemap.xml', feed: '/feed.xml', robots: '/robots.txt' } as const;

const notFound = (reply: FastifyReply) => reply.status(404).send({ statusCode: 404, code: ErrorCode.NotFound, message: 'Not found' });

/**
 * Registers the pages for readers and indexers on Fastify directly, outside the /api prefix. A
 * Nest controller cannot do it: excluding `papers/:id` from the global prefix would also strip
 * the prefix from the API's own `GET /api/papers/:id`. They are public (no guard runs) and get
 * the same security headers (CSP included) as every response, from the helmet hook. The
 * specific `/papers/:id` route wins over the web app's `/*` fallback in Fastify's router.
 */
@Injectable()
export class PaperPagesRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly pages: PaperPagesService,
  ) {}

  onModuleInit(): void {
    // Absent in the CLI and worker contexts, which serve no HTTP.
    const fastify: FastifyInstance | undefined = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify?.get) return;

    fastify.get<{ Params: { id: string } }>(PAPER_PAGE_PATHS.paper, async (request, reply) => {
      const page = await this.pages.paperPage(request.params.id);
      if (page === null) return notFound(reply);
      // 404 with the web app's page when the paper is not published: see paperPage.
      return reply
        .status(page.found ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(page.html);
    });
    fastify.get(PAPER_PAGE_PATHS.sitemap, async (_request, reply) =>
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(this.pages.sitemap()),
    );
    fastify.get(PAPER_PAGE_PATHS.robots, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(this.pages.robots()),
    );
    fastify.get(PAPER_PAGE_PATHS.feed, async (_request, reply) =>
      reply.type('application/atom+xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(await this.pages.feed()),
    );
  }
}
