import { HttpResponse, http } from 'msw';
import { type ApiErrorBody, type PaperCard, type PaperPage, type SessionResponse, type SessionUser } from '@/shared/api';
import { paperCategories } from '@/shared/content/journal';
import { db, sessionUser } from './db';

// Handlers implementing docs/api.md's auth and public papers endpoints against the in-memory db.

function apiError(statusCode: number, code: string, message: string) {
  return HttpResponse.json<ApiErrorBody>({ statusCode, code, message }, { status: statusCode });
}

function sessionResponse(user: SessionUser): SessionResponse {
  return { user, accessTokenExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString() };
}

async function record(request: Request, path: string): Promise<Record<string, unknown>> {
  const text = await request.text();
  const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  (db.bodies[path] ??= []).push(body);
  return body;
}

/** The signed-in user of the request, or null when the access cookie is missing or expired. */
export function authenticated(): SessionUser | null {
  if (db.accessExpired) return null;
  return sessionUser();
}

export const unauthenticated = () => apiError(401, 'UNAUTHENTICATED', 'Authentication required');

function toCard(paper: PaperCard): PaperCard {
  const { id, title, authors, abstract, category, publishedAt, school, pdfUrl, opensPdfDirectly } = paper;
  return { id, title, authors, abstract, category, publishedAt, school, pdfUrl, opensPdfDirectly };
}

// The cursor is opaque to the web app; here it is simply the id of the last paper of a page.
function listPapers(url: URL): HttpResponse<PaperPage | ApiErrorBody> {
  db.paperListRequests.push(url.searchParams);
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const category = url.searchParams.get('category');
  const cursor = url.searchParams.get('cursor');
  const limit = Number(url.searchParams.get('limit') ?? 12);
  if (category && category !== 'All Categories' && !(paperCategories as readonly string[]).includes(category)) {
    return apiError(400, 'VALIDATION_FAILED', 'Unknown category');
  }
  const matching = db.papers
    .filter((paper) => paper.status === 'published')
    .filter((paper) => !category || category === 'All Categories' || paper.category === category)
    .filter(
      (paper) =>
        !q ||
        paper.title.toLowerCase().includes(q) ||
        paper.abstract.toLowerCase().includes(q) ||
        paper.authors.some((author) => author.name.toLowerCase().includes(q)),
    )
    .sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '') || b.id.localeCompare(a.id));
  let start = 0;
  if (cursor) {
    const index = matching.findIndex((paper) => paper.id === cursor);
    if (index < 0) return apiError(400, 'VALIDATION_FAILED', 'Bad cursor');
    start = index + 1;
  }
  const items = matching.slice(start, start + limit);
  const hasMore = start + limit < matching.length;
  return HttpResponse.json<PaperPage>({
    items: items.map(toCard),
    nextCursor: hasMore ? (items.at(-1)?.id ?? null) : null,
  });
}

export const handlers = [
  http.get('*/api/papers', ({ request }) => listPapers(new URL(request.url))),

  http.get('*/api/papers/:id', ({ params }) => {
    const paper = db.papers.find((candidate) => candidate.id === params.id);
    // Visitors only ever see published papers (the tests here are all visitors).
    if (!paper || paper.status !== 'published') return apiError(404, 'NOT_FOUND', 'Paper not found');
    return HttpResponse.json(paper);
  }),

  http.get('*/api/auth/session', () => {
    db.calls.session += 1;
    const user = authenticated();
    return user ? HttpResponse.json(sessionResponse(user)) : unauthenticated();
  }),

  http.post('*/api/auth/refresh', () => {
    db.calls.refresh += 1;
    const user = sessionUser();
    if (!db.refreshValid || !user) {
      db.sessionUserId = null;
      return apiError(401, 'AUTH_REFRESH_INVALID', 'Refresh token is invalid');
    }
    db.accessExpired = false;
    return HttpResponse.json(sessionResponse(user));
  }),

  http.post('*/api/auth/sign-in', async ({ request }) => {
    const body = await record(request, '/auth/sign-in');
    const entry = db.users.get(String(body.email).toLowerCase());
    if (!entry || entry.password !== body.password) {
      return apiError(401, 'AUTH_INVALID_CREDENTIALS', 'Invalid login credentials');
    }
    if (!entry.confirmed) return apiError(403, 'AUTH_EMAIL_NOT_CONFIRMED', 'Email not confirmed');
    db.sessionUserId = entry.user.id;
    db.accessExpired = false;
    return HttpResponse.json(sessionResponse(entry.user));
  }),

  http.post('*/api/auth/sign-up', async ({ request }) => {
    const body = await record(request, '/auth/sign-up');
    const email = String(body.email).toLowerCase();
    if (db.users.has(email)) return apiError(409, 'AUTH_ACCOUNT_EXISTS', 'User already registered');
    if (String(body.password).length < 6) {
      return apiError(400, 'AUTH_WEAK_PASSWORD', 'Password should be at least 6 characters.');
    }
    return HttpResponse.json({ message: 'Check your e-mail to confirm your account.' }, { status: 201 });
  }),

  http.post('*/api/auth/forgot-password', async ({ request }) => {
    await record(request, '/auth/forgot-password');
    return HttpResponse.json({ message: 'If the address exists, a reset e-mail is on its way.' }, { status: 202 });
  }),

  http.post('*/api/auth/reset-password', async ({ request }) => {
    const body = await record(request, '/auth/reset-password');
    const token = db.resetTokens.get(String(body.token));
    if (!token || token.used) return apiError(400, 'AUTH_RESET_INVALID', 'This reset link is invalid or has already been used.');
    if (token.expired) return apiError(400, 'AUTH_RESET_EXPIRED', 'The reset link has expired.');
    if (String(body.password).length < 6) {
      return apiError(400, 'AUTH_WEAK_PASSWORD', 'Password should be at least 6 characters.');
    }
    token.used = true;
    const entry = db.users.get(token.email);
    if (entry) entry.password = String(body.password);
    db.sessionUserId = null;
    return new HttpResponse(null, { status: 204 });
  }),

  http.post('*/api/auth/sign-out', () => {
    db.calls.signOut += 1;
    db.sessionUserId = null;
    return new HttpResponse(null, { status: 204 });
  }),

  http.post('*/api/auth/sign-out-everywhere', () => {
    db.calls.signOutEverywhere += 1;
    if (!authenticated()) return unauthenticated();
    db.sessionUserId = null;
    return new HttpResponse(null, { status: 204 });
  }),
];
