// The fastest honest baseline for GET /api/papers: a bare Node `http` server with a `pg` pool
// of the same size, running the very same SQL (built and run by the backend's own functions) and
// returning the very same JSON. No framework, no guard, no validation, no logging.
import 'reflect-metadata';
import http from 'node:http';
import pg from 'pg';
import { readPaperPage } from '../backend/dist/modules/catalogue/list/paper-list.repository.js';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
const arxivDetailPageId = process.env.ARXIV_DETAIL_PAGE_ID || null;

const server = http.createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname !== '/api/papers') {
    response.writeHead(404).end();
    return;
  }
  try {
    const params = url.searchParams;
    const query = {
      q: params.get('q') ?? undefined,
      category: params.get('category') ?? undefined,
      cursor: params.get('cursor') ?? undefined,
      limit: params.has('limit') ? Number(params.get('limit')) : undefined,
    };
    // The search's two steps (a walk of the newest papers, then the index) as the API runs them.
    const body = JSON.stringify(await readPaperPage(pool, query, arxivDetailPageId));
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  } catch (error) {
    response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: String(error) }));
  }
});

server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`bare server on ${process.env.PORT}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => pool.end().then(() => process.exit(0))));
