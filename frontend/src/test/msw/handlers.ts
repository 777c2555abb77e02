import { HttpResponse, http } from 'msw';
import {
  type ApiErrorBody,
  type ErrorCode,
  type MySubmission,
  type PaperCard,
  type PaperComment,
  type PaperDetail,
  type PaperPage,
  type PaperStatus,
  type PaperVersion,
  type SessionResponse,
  type SessionUser,
} from '@/shared/api';
import { paperProgress, paperStatuses } from '@/shared/lib/paper-status';
import { paperCategories } from '@/shared/lib/paper-categories';
import { MAX_PDF_BYTES, MAX_PDF_SIZE } from '@/shared/config/upload-limits';
import { addPaper, addStatusEvent, db, sessionUser } from './db';
import { invitationHandlers } from './invitation-handlers';
import { messageHandlers } from './message-handlers';
import { orcidHandlers } from './orcid-handlers';
import { stageCounts, stageOfPaper } from './paper-stages';
import { readMultipart } from './multipart';
import { reviewHandlers } from './review-handlers';
import { revisionHandlers } from './revision-handlers';

// Handlers implementing docs/api.md's auth and public papers endpoints against the in-memory db.

/** The version becomes the paper's PDF; older pending ones are passed over (as the server does). */
function makeCurrent(versions: PaperVersion[], number: number, published: boolean): void {
  for (const version of versions) {
    if (version.version === number) Object.assign(version, { state: 'current', current: true, public: published });
    else if (version.state === 'current' || (version.state === 'pending' && version.version < number)) {
      Object.assign(version, { state: 'superseded', current: false, public: false });
    }
  }
}

function apiError(statusCode: number, code: ErrorCode, message: string) {
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

// Plain Responses, so one handler may answer a body or an error without msw's body typing.
function ok(body: unknown, init?: ResponseInit): Response {
  return HttpResponse.json(body as Record<string, unknown>, init);
}

function fail(statusCode: number, code: ErrorCode, message: string): Response {
  return apiError(statusCode, code, message);
}



function toSubmission(paper: PaperDetail): MySubmission {
  return {
    id: paper.id,
    title: paper.title,
    category: paper.category,
    status: paper.status,
    progress: paperProgress(paper.status),
    stage: stageOfPaper(paper),
    createdAt: paper.createdAt,
    updatedAt: paper.updatedAt,
    publishedAt: paper.publishedAt,
    commentCount: db.comments.filter((comment) => comment.paperId === paper.id).length,
  };
}

function myPapers(user: SessionUser): PaperDetail[] {
  return db.papers
    .filter((paper) => db.paperOwners[paper.id] === user.id)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The paper as the caller may see it (docs/api.md access rules), or an error response. */
function paperFor(id: string, user: SessionUser | null): { paper: PaperDetail; owner: boolean; admin: boolean } | null {
  const paper = db.papers.find((candidate) => candidate.id === id);
  if (!paper) return null;
  const owner = user !== null && db.paperOwners[paper.id] === user.id;
  const admin = user?.role === 'admin';
  // As the access policy: the assigned reviewer (a live assignment) reads the paper too.
  const reviewer = user !== null && db.reviews.some((review) => review.paperId === paper.id && review.reviewerId === user.id && review.status !== 'declined');
  if (paper.status !== 'published' && !owner && !admin && !reviewer) return null;
  return { paper, owner, admin };
}

/** Owner-or-admin routes under /papers/{id}: 401 visitor, 404 unseen, 403 seen but not theirs. */
function ownerOrAdmin(id: string, ownerOnly = false) {
  const user = authenticated();
  if (!user) return { error: fail(401, 'UNAUTHENTICATED', 'Authentication required') } as const;
  const found = paperFor(id, user);
  if (!found) return { error: fail(404, 'NOT_FOUND', 'Paper not found') } as const;
  if (ownerOnly ? !found.owner : !found.owner && !found.admin) {
    return { error: fail(403, 'FORBIDDEN', 'Forbidden') } as const;
  }
  return { user, ...found } as const;
}

function publicComment(row: PaperComment & { userId: string }, user: SessionUser): PaperComment {
  const { userId, ...comment } = row;
  return { ...comment, mine: userId === user.id };
}

function fileProblem(file: { size: number; type: string } | null) {
  if (!file) return fail(400, 'VALIDATION_FAILED', 'pdf is required');
  if (file.type !== 'application/pdf') return fail(415, 'INVALID_FILE_TYPE', 'Please upload a PDF file only.');
  if (file.size > MAX_PDF_BYTES) return fail(413, 'FILE_TOO_LARGE', `Please upload a file smaller than ${MAX_PDF_SIZE}.`);
  return null;
}

const decisionStatuses: PaperStatus[] = ['under_review', 'accepted', 'published', 'rejected'];

/** 401 for a visitor, 403 for a signed-in non-admin, null for an admin. */
/** The server's `actions` on a paper, as its access policy grants them: the timeline to the owner and the editors, the rest to the editors. */
function paperActions(paper: PaperDetail, owner: boolean, admin: boolean) {
  return { readHistory: owner || admin, readReviews: admin, approveVersion: admin, exportDeposit: admin, assignReviewers: admin, versionUpload: owner ? versionUploadWindow(paper) : ('open' as const) };
}

/** The server's rule (paper-versions.service.ts): the revision is the only upload while one is asked for; none while the round is in review. */
function versionUploadWindow(paper: PaperDetail): 'open' | 'revisionRequested' | 'inReview' {
  if (paper.status !== 'submitted' && paper.status !== 'under_review') return 'open';
  const rounds = db.rounds[paper.id];
  if (rounds?.openRequest) return 'revisionRequested';
  const round = rounds?.currentRound ?? 1;
  const inReview = db.reviews.some((review) => review.paperId === paper.id && (review.round ?? 1) === round && (review.status === 'assigned' || review.status === 'in_progress'));
  return inReview ? 'inReview' : 'open';
}

function adminOnly(): Response | null {
  const user = authenticated();
  if (!user) return fail(401, 'UNAUTHENTICATED', 'Authentication required');
  return user.role === 'admin' ? null : fail(403, 'FORBIDDEN', 'Forbidden');
}

let nextSession = 1;

// docs/api.md "Payments" and "Submitting and following papers"; the /mine routes come before
// /papers/:id, which would otherwise match them.
export const paperAndPaymentHandlers = [
  http.get('*/api/papers/mine', () => {
    const user = authenticated();
    if (!user) return fail(401, 'UNAUTHENTICATED', 'Authentication required');
    return ok(myPapers(user).map(toSubmission));
  }),

  http.get('*/api/papers/mine/dashboard', () => {
    const user = authenticated();
    if (!user) return fail(401, 'UNAUTHENTICATED', 'Authentication required');
    const mine = myPapers(user).map(toSubmission);
    return ok({
      totalSubmissions: mine.length,
      published: mine.filter((paper) => paper.status === 'published').length,
      comments: mine.reduce((sum, paper) => sum + paper.commentCount, 0),
      revisionsRequested: mine.filter((paper) => paper.stage.name === 'revisions_requested').length,
      recent: mine.slice(0, 5),
    });
  }),

  http.post('*/api/papers', async ({ request }) => {
    const user = authenticated();
    if (!user) return fail(401, 'UNAUTHENTICATED', 'Authentication required');
    const { fields, files } = await readMultipart(request);
    const pdf = files.pdf ?? null;
    db.submissions.push({ fields, file: pdf });
    if (db.fee.status !== 'paid') {
      return fail(402, 'PAYMENT_REQUIRED', 'Please complete the $100 submission fee before submitting your paper.');
    }
    const problem = fileProblem(pdf);
    if (problem) return problem;
    db.fee.status = 'unpaid';
    const authors = JSON.parse(fields.authors ?? '[]') as Array<{ name: string; email: string; school: string }>;
    const paper = addPaper({
      title: fields.title,
      abstract: fields.abstract,
      category: fields.category,
      keywords: fields.keywords ?? null,
      authors: authors.map((author) => ({ name: author.name, school: author.school })),
      status: 'submitted',
      publishedAt: null,
    });
    db.paperOwners[paper.id] = user.id;
    return ok(paper, { status: 201 });
  }),

  http.get('*/api/papers/:id/versions', ({ params }) => {
    const found = ownerOrAdmin(String(params.id));
    if ('error' in found) return found.error;
    return ok([...(db.versions[found.paper.id] ?? [])].reverse());
  }),

  http.post('*/api/papers/:id/versions', async ({ params, request }) => {
    const found = ownerOrAdmin(String(params.id), true);
    if ('error' in found) return found.error;
    const uploadWindow = versionUploadWindow(found.paper);
    if (uploadWindow === 'revisionRequested') return fail(409, 'VERSION_REVISION_REQUESTED', 'The editors have asked for revisions: send your revised paper with the "Submit Your Revision" form, which opens the next round of review.');
    if (uploadWindow === 'inReview') return fail(409, 'VERSION_IN_REVIEW', 'Your paper is being reviewed; you can upload a new version once the review is in or the editors ask for revisions.');
    const file = (await readMultipart(request)).files.pdf ?? null;
    const problem = fileProblem(file);
    if (problem) return problem;
    if (!file) return fail(400, 'VALIDATION_FAILED', 'pdf is required');
    const versions = (db.versions[found.paper.id] ??= []);
    // After publication an upload waits for an editor; before it, it is the paper's PDF at once.
    const published = found.paper.status === 'published';
    if (!published) makeCurrent(versions, versions.length + 1, false);
    const version: PaperVersion = {
      version: versions.length + 1,
      fileName: file.name,
      size: file.size,
      uploadedAt: new Date(Date.UTC(2025, 6, 1)).toISOString(),
      pdfUrl: `/api/papers/${found.paper.id}/versions/${versions.length + 1}/pdf`,
      state: published ? 'pending' : 'current',
      current: !published,
      public: false,
    };
    versions.push(version);
    if (!published) found.paper.updatedAt = version.uploadedAt;
    return ok(version, { status: 201 });
  }),

  http.post('*/api/papers/:id/versions/:version/approve', ({ params }) => {
    const found = ownerOrAdmin(String(params.id));
    if ('error' in found) return found.error;
    if (authenticated()?.role !== 'admin') return fail(403, 'FORBIDDEN', 'Only the editorial team can approve a version');
    const versions = db.versions[found.paper.id] ?? [];
    const number = Number(params.version);
    const version = versions.find((candidate) => candidate.version === number);
    if (!version) return fail(404, 'NOT_FOUND', 'Version not found');
    db.bodies[`approve:${found.paper.id}`] = [...(db.bodies[`approve:${found.paper.id}`] ?? []), number];
    if (version.state === 'current') return ok({ version, changed: false, notification: 'none' });
    if (version.state !== 'pending') return fail(409, 'CONFLICT', `Version ${number} is not waiting for approval`);
    makeCurrent(versions, number, found.paper.status === 'published');
    return ok({ version, changed: true, notification: 'queued' });
  }),

  http.get('*/api/papers/:id/comments', ({ params }) => {
    const found = ownerOrAdmin(String(params.id));
    if ('error' in found) return found.error;
    const rows = db.comments
      .filter((comment) => comment.paperId === found.paper.id)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return ok(rows.map((row) => publicComment(row, found.user)));
  }),

  http.post('*/api/papers/:id/comments', async ({ params, request }) => {
    const found = ownerOrAdmin(String(params.id));
    if ('error' in found) return found.error;
    const body = await record(request, `/papers/${found.paper.id}/comments`);
    const text = typeof body.comment === 'string' ? body.comment.trim() : '';
    if (!text) return fail(400, 'VALIDATION_FAILED', 'comment must not be blank');
    const at = new Date(Date.UTC(2026, 0, 1) + db.comments.length * 60_000).toISOString();
    const row = {
      id: `30000000-0000-4000-8000-${String(db.comments.length + 1).padStart(12, '0')}`,
      paperId: found.paper.id,
      comment: text,
      isAdminComment: found.admin,
      mine: true,
      createdAt: at,
      updatedAt: at,
      userId: found.user.id,
    };
    db.comments.push(row);
    return ok(
      { comment: publicComment(row, found.user), notification: db.nextNotification },
      { status: 201 },
    );
  }),

  http.patch('*/api/papers/:id/comments/:commentId', async ({ params, request }) => {
    const found = ownerOrAdmin(String(params.id));
    if ('error' in found) return found.error;
    const body = await record(request, `/papers/${found.paper.id}/comments/${String(params.commentId)}`);
    const row = db.comments.find((comment) => comment.id === params.commentId && comment.paperId === found.paper.id);
    if (!row) return fail(404, 'NOT_FOUND', 'Comment not found');
    if (row.userId !== found.user.id) return fail(403, 'FORBIDDEN', 'Forbidden');
    const text = typeof body.comment === 'string' ? body.comment.trim() : '';
    if (!text) return fail(400, 'VALIDATION_FAILED', 'comment must not be blank');
    row.comment = text;
    row.updatedAt = new Date(Date.UTC(2026, 1, 1)).toISOString();
    return ok(publicComment(row, found.user));
  }),

  http.get('*/api/papers/:id/status-history', ({ params }) => {
    const found = ownerOrAdmin(String(params.id));
    if ('error' in found) return found.error;
    const events = db.statusEvents[found.paper.id] ?? [];
    // As the API: names (of who acted, and of the reviewer) for the editors only.
    return ok(events.map((event) => ({ ...event, changedByName: found.admin ? event.changedByName : null, reviewerName: found.admin ? event.reviewerName : null })));
  }),

  http.patch('*/api/papers/:id/status', async ({ params, request }) => {
    const user = authenticated();
    if (!user) return fail(401, 'UNAUTHENTICATED', 'Authentication required');
    if (user.role !== 'admin') return fail(403, 'FORBIDDEN', 'Forbidden');
    const paper = db.papers.find((candidate) => candidate.id === params.id);
    if (!paper) return fail(404, 'NOT_FOUND', 'Paper not found');
    const body = await record(request, `/papers/${paper.id}/status`);
    const status = body.status as PaperStatus;
    if (!(decisionStatuses as string[]).includes(status)) return fail(400, 'VALIDATION_FAILED', 'Bad status');
    const owner = db.paperOwners[paper.id] === user.id;
    const access = { owner, discuss: true, uploadVersion: owner, changeStatus: true };
    const actions = paperActions(paper, owner, true);
    if (paper.status === status) return ok({ paper: { ...paper, access, actions }, changed: false, notification: 'none' });
    addStatusEvent(paper.id, {
      fromStatus: paper.status,
      toStatus: status,
      changedBy: 'editorial',
      changedByName: `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.email,
      changedAt: new Date(Date.UTC(2026, 2, 1) + (db.statusEvents[paper.id]?.length ?? 0) * 60_000).toISOString(),
    });
    paper.status = status;
    paper.publishedAt = status === 'published' ? new Date(Date.UTC(2026, 2, 1)).toISOString() : null;
    return ok({
      paper: { ...paper, access, actions },
      changed: true,
      notification: status === 'under_review' ? 'none' : 'queued',
    });
  }),

  // Nothing queued by default; tests of the e-mail card answer with their own counts.
  http.get('*/api/admin/email-outbox/summary', () => adminOnly() ?? ok({ waiting: 0, retrying: 0, nextRetryAt: null, failed: 0, sentLastDay: 0 })),

  http.get('*/api/admin/papers/status-counts', () => {
    const denied = adminOnly();
    if (denied) return denied;
    const count = (status: PaperStatus) => db.papers.filter((paper) => paper.status === status).length;
    return ok({
      all: db.papers.length,
      submitted: count('submitted'),
      under_review: count('under_review'),
      accepted: count('accepted'),
      published: count('published'),
      rejected: count('rejected'),
      stages: stageCounts(),
    });
  }),

  http.get('*/api/admin/papers', ({ request }) => {
    const denied = adminOnly();
    if (denied) return denied;
    const url = new URL(request.url);
    db.adminListRequests.push(url.searchParams);
    const status = url.searchParams.get('status');
    const cursor = url.searchParams.get('cursor');
    const limit = Number(url.searchParams.get('limit') ?? 25);
    if (status && !(paperStatuses as string[]).includes(status)) return fail(400, 'VALIDATION_FAILED', 'Bad status');
    const stage = url.searchParams.get('stage');
    // Every word, in the title or an author's name (the server also matches e-mails).
    const words = (url.searchParams.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const matches = (paper: PaperDetail) =>
      words.every((word) => `${paper.title} ${paper.authors.map((author) => author.name).join(' ')}`.toLowerCase().includes(word));
    const matching = db.papers
      .filter((paper) => (!status || paper.status === status) && (!stage || stageOfPaper(paper).name === stage) && matches(paper))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    let start = 0;
    if (cursor) {
      const index = matching.findIndex((paper) => paper.id === cursor);
      if (index < 0) return fail(400, 'VALIDATION_FAILED', 'Bad cursor');
      start = index + 1;
    }
    const items = matching.slice(start, start + limit);
    return ok({
      items: items.map((paper) => ({
        id: paper.id,
        title: paper.title,
        authors: paper.authors.map((author) => author.name),
        category: paper.category,
        status: paper.status,
        stage: stageOfPaper(paper),
        submittedAt: paper.createdAt,
        pendingVersions: (db.versions[paper.id] ?? []).filter((version) => version.state === 'pending').length,
      })),
      nextCursor: start + limit < matching.length ? (items.at(-1)?.id ?? null) : null,
    });
  }),

  http.get('*/api/papers', ({ request }) => listPapers(new URL(request.url))),

  // "How to cite": published papers only, whoever asks. The text stands in for the server's CSL output.
  http.get('*/api/papers/:id/citation', ({ params, request }) => {
    const paper = db.papers.find((candidate) => candidate.id === params.id);
    if (!paper || paper.status !== 'published') return fail(404, 'NOT_FOUND', 'Paper not found');
    const format = new URL(request.url).searchParams.get('format') ?? '';
    if (!['apa', 'mla', 'bibtex', 'ris'].includes(format)) return fail(400, 'VALIDATION_FAILED', 'format must be one of: apa, mla, bibtex, ris');
    const authors = paper.authors.map((author) => author.name).join(', ');
    return new HttpResponse(`${format.toUpperCase()} ${authors}. ${paper.title}. Young Scientists Journal.`, {
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }),

  http.get('*/api/papers/:id', ({ params }) => {
    const user = authenticated();
    const found = paperFor(String(params.id), user);
    if (!found) return fail(404, 'NOT_FOUND', 'Paper not found');
    const { paper, owner, admin } = found;
    return ok({
      ...paper,
      stage: stageOfPaper(paper),
      access: { owner, discuss: owner || admin, uploadVersion: owner, changeStatus: admin },
      actions: paperActions(paper, owner, admin),
      authorEmails: owner || admin ? (paper.authorEmails ?? []) : null,
    });
  }),

  http.get('*/api/payments/submission-fee', () => {
    if (!authenticated()) return fail(401, 'UNAUTHENTICATED', 'Authentication required');
    return ok({ status: db.fee.status, amount: 10000, currency: 'usd', provider: db.fee.provider });
  }),

  http.post('*/api/payments/checkout', () => {
    const user = authenticated();
    if (!user) return fail(401, 'UNAUTHENTICATED', 'Authentication required');
    db.payments.checkout += 1;
    if (db.fee.status === 'paid') return fail(409, 'PAYMENT_ALREADY_PAID', 'Already paid');
    const open = [...db.checkoutSessions.entries()].find(([, session]) => session.userId === user.id && session.status === 'open');
    const sessionId = open?.[0] ?? `cs_test_${nextSession++}`;
    if (!open) db.checkoutSessions.set(sessionId, { userId: user.id, status: 'open' });
    return ok(
      { url: `http://localhost:3000/payments/test-checkout?session_id=${sessionId}`, sessionId },
      { status: 201 },
    );
  }),

  http.post('*/api/payments/verify', async ({ request }) => {
    const user = authenticated();
    if (!user) return fail(401, 'UNAUTHENTICATED', 'Authentication required');
    db.payments.verify += 1;
    const body = await record(request, '/payments/verify');
    const session = db.checkoutSessions.get(String(body.sessionId));
    const verified = session?.userId === user.id && session.status === 'complete';
    if (verified) db.fee.status = 'paid';
    return ok({ verified });
  }),

  http.get('*/api/payments/test-checkout/:sessionId', ({ params }) => {
    const user = authenticated();
    if (!user) return fail(401, 'UNAUTHENTICATED', 'Authentication required');
    const sessionId = String(params.sessionId);
    const session = db.checkoutSessions.get(sessionId);
    if (!session || session.userId !== user.id) return fail(404, 'NOT_FOUND', 'Not found');
    return ok({
      sessionId,
      amount: 10000,
      currency: 'usd',
      status: session.status,
      successUrl: `http://localhost:3000/submit?payment=success&session_id=${sessionId}`,
      cancelUrl: 'http://localhost:3000/submit?payment=canceled',
    });
  }),

  http.post('*/api/payments/test-checkout/:sessionId/complete', ({ params }) => {
    const user = authenticated();
    if (!user) return fail(401, 'UNAUTHENTICATED', 'Authentication required');
    const sessionId = String(params.sessionId);
    const session = db.checkoutSessions.get(sessionId);
    if (!session || session.userId !== user.id) return fail(404, 'NOT_FOUND', 'Not found');
    db.payments.complete += 1;
    session.status = 'complete';
    return ok({ redirectUrl: `http://localhost:3000/submit?payment=success&session_id=${sessionId}` });
  }),

  http.post('*/api/payments/test-checkout/:sessionId/cancel', ({ params }) => {
    const user = authenticated();
    if (!user) return fail(401, 'UNAUTHENTICATED', 'Authentication required');
    const session = db.checkoutSessions.get(String(params.sessionId));
    if (!session || session.userId !== user.id) return fail(404, 'NOT_FOUND', 'Not found');
    db.payments.cancel += 1;
    session.status = 'expired';
    return ok({ redirectUrl: 'http://localhost:3000/submit?payment=canceled' });
  }),
];

export const handlers = [
  ...paperAndPaymentHandlers,
  ...invitationHandlers,
  ...reviewHandlers,
  ...revisionHandlers,
  ...messageHandlers,
  ...orcidHandlers,

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

  http.post('*/api/auth/resend-confirmation', async ({ request }) => {
    await record(request, '/auth/resend-confirmation');
    return HttpResponse.json(
      { message: 'If that account is waiting for confirmation, a new link is on its way.' },
      { status: 202 },
    );
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
