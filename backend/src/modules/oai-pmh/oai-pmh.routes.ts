import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { argumentPairs } from './oai-pmh.protocol.js';
import { OAI_PATH, OaiPmhService } from './oai-pmh.service.js';

/** An OAI-PMH request's arguments fit in far less; a bigger form body is refused (413) before it is read. */
const FORM_BODY_LIMIT = 16 * 1024;

const send = (reply: FastifyReply, xml: string) => reply.type('text/xml; charset=utf-8').header('cache-control', 'no-cache').send(xml);

/**
 * `GET /oai` and `POST /oai` (the protocol allows both; a POST carries the arguments as an
 * x-www-form-urlencoded body), on Fastify directly like the other pages for indexers
 * (paper-pages.routes.ts). Their form parser lives in an encapsulated context with these two
 * routes only, so it changes nothing for the rest of the application. Every answer is 200 with
 * the protocol's errors in the XML.
 */
@Injectable()
export class OaiPmhRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly oai: OaiPmhService,
  ) {}

  onModuleInit(): void {
    // Absent in the CLI and worker contexts, which serve no HTTP.
    const fastify: FastifyInstance | undefined = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify?.register) return;

    void fastify.register((oai, _options, done) => {
      // Nest's adapter gives the whole application a form parser into an object, which hides a
      // repeated argument; this context, and only it, reads the body as text instead.
      oai.removeContentTypeParser('application/x-www-form-urlencoded');
      oai.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, parsed) => parsed(null, body));
      // The raw query string, not Fastify's parsed one: a repeated argument must be seen to be refused.
      oai.get(OAI_PATH, async (request, reply) => {
        const url = request.raw.url ?? '';
        const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
        return send(reply, await this.oai.respond(argumentPairs(query)));
      });
      // Any other body (JSON, none) holds no arguments: the answer is badVerb.
      oai.post(OAI_PATH, async (request, reply) =>
        send(reply, await this.oai.respond(typeof request.body === 'string' ? argumentPairs(request.body) : [])),
      );
      done();
    });
  }
}
