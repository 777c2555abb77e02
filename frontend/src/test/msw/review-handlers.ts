import { HttpResponse, http } from 'msw';
import { type ApiErrorBody, type ErrorCode, type SessionUser } from '@/shared/api';
import { type ReviewRow, db, sessionUser } from './db';

// docs/api.md "Peer review", against the in-memory db.

function fail(statusCode: number, code: ErrorCode, message: string): Response {
  return HttpResponse.json<ApiErrorBody>({ statusCode, code, message }, { status: statusCode });
}

const ok = (body: unknown, init?: ResponseInit): Response => HttpResponse.json(body as Record<string, unknown>, init);

async function record(request: Request, path: string): Promise<Record<string, unknown>> {
  const text = await request.text();
  const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  (db.bodies[path] ??= []).push(body);
  return body;
}

const caller = (): SessionUser | null => (db.accessExpired ? null : sessionUser());
const unauthenticated = () => fail(401, 'UNAUTHENTICATED', 'Authentication required');

function adminOnly(): Response | null {
  const user = caller();
  if (!user) return unauthenticated();
  return user.roles.includes('admin') ? null : fail(403, 'FORBIDDEN', 'Forbidden');
}

function userById(id: string): SessionUser | undefined {
  return [...db.users.values()].map((entry) => entry.user).find((user) => user.id === id);
}

const nameOf = (user: SessionUser | undefined) => [user?.firstName, user?.lastName].filter(Boolean).join(' ') || (user?.email ?? '');
const paperOf = (row: ReviewRow) => db.papers.find((paper) => paper.id === row.paperId)!;
/** As the server computes it: the date has passed and the review is not submitted. */
const dueOf = (row: ReviewRow) => ({ dueAt: row.dueAt, overdue: row.status !== 'submitted' && Date.parse(row.dueAt) < Date.now() });
const newestAssignedFirst = (a: ReviewRow, b: ReviewRow) => b.assignedAt.localeCompare(a.assignedAt);

function assignmentDto(row: ReviewRow) {
  const paper = paperOf(row);
  const reviewer = userById(row.reviewerId);
  return {
    id: row.id,
    paperId: row.paperId,
    paperTitle: paper.title,
    category: paper.category,
    reviewerId: row.reviewerId,
    reviewerName: nameOf(reviewer),
    reviewerEmail: reviewer?.email ?? '',
    status: row.status,
    recommendation: row.recommendation,
    assignedAt: row.assignedAt,
    updatedAt: row.updatedAt,
    submittedAt: row.submittedAt,
    ...dueOf(row),
  };
}

function reviewDto(row: ReviewRow) {
  const paper = paperOf(row);
  const reviewer = userById(row.reviewerId);
  return {
    id: row.id,
    paper: { id: paper.id, title: paper.title, category: paper.category },
    reviewer: { id: row.reviewerId, name: nameOf(reviewer), email: reviewer?.email ?? '' },
    status: row.status,
    recommendation: row.recommendation,
    text: row.text,
    assignedAt: row.assignedAt,
    updatedAt: row.updatedAt,
    submittedAt: row.submittedAt,
    ...dueOf(row),
  };
}

/** The review the caller may see (its reviewer, or an admin), or the answer refusing it. */
function visibleReview(id: unknown, writing: boolean): ReviewRow | Response {
  const user = caller();
  if (!user) return unauthenticated();
  const row = db.reviews.find((review) => review.id === id);
  const mine = row?.reviewerId === user.id;
  if (!row || !(mine || (!writing && user.roles.includes('admin')))) return fail(404, 'NOT_FOUND', 'Not found');
  return row;
}

const submittedAlready = () => fail(409, 'REVIEW_SUBMITTED', 'This review has been submitted and can no longer be changed.');

export const reviewHandlers = [
  http.get('*/api/admin/reviews/assignable-papers', () => {
    const denied = adminOnly();
    if (denied) return denied;
    const papers = db.papers
      .filter((paper) => ['submitted', 'under_review'].includes(paper.status) && !db.reviews.some((row) => row.paperId === paper.id))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map(({ id, title, category, status }) => ({ id, title, category, status }));
    return ok(papers);
  }),

  http.get('*/api/admin/reviews/assignable-reviewers', () => {
    const denied = adminOnly();
    if (denied) return denied;
    const reviewers = [...db.users.values()]
      .map((entry) => entry.user)
      .filter((user) => user.roles.includes('reviewer'))
      .map((user) => ({ userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName }));
    return ok(reviewers);
  }),

  http.get('*/api/admin/reviews', () => {
    const denied = adminOnly();
    if (denied) return denied;
    return ok([...db.reviews].sort(newestAssignedFirst).map(assignmentDto));
  }),

  http.post('*/api/admin/reviews', async ({ request }) => {
    const denied = adminOnly();
    if (denied) return denied;
    const body = await record(request, '/admin/reviews');
    const { paperId, reviewerId, dueAt } = body as { paperId?: string; reviewerId?: string; dueAt?: string };
    if (!paperId || !reviewerId) return fail(400, 'VALIDATION_FAILED', 'Missing required fields');
    if (db.reviews.some((row) => row.paperId === paperId)) {
      return fail(409, 'REVIEW_ALREADY_ASSIGNED', 'This paper has already been assigned to a reviewer.');
    }
    const at = new Date().toISOString();
    const row: ReviewRow = {
      id: `61000000-0000-4000-8000-${String(db.reviews.length + 1).padStart(12, '0')}`,
      paperId,
      reviewerId,
      status: 'assigned',
      recommendation: null,
      text: '',
      assignedAt: at,
      updatedAt: at,
      submittedAt: null,
      dueAt: dueAt ?? new Date(Date.now() + 21 * 86_400_000).toISOString(),
    };
    db.reviews.push(row);
    return ok(assignmentDto(row), { status: 201 });
  }),

  http.patch('*/api/admin/reviews/:id', async ({ params, request }) => {
    const denied = adminOnly();
    if (denied) return denied;
    const row = db.reviews.find((review) => review.id === params.id);
    if (!row) return fail(404, 'NOT_FOUND', 'Not found');
    const { dueAt } = (await record(request, `/admin/reviews/${row.id}`)) as { dueAt?: string };
    if (row.status === 'submitted') return fail(409, 'REVIEW_SUBMITTED', 'This review has been submitted, so its due date can no longer be changed.');
    const due = dueAt ? Date.parse(dueAt) : NaN;
    if (!(due > Date.now() && due <= Date.now() + 365 * 86_400_000)) {
      return fail(400, 'VALIDATION_FAILED', 'dueAt must be an ISO date-time (e.g. 2026-12-24T23:59:59Z) in the future and at most 365 days ahead');
    }
    row.dueAt = dueAt!;
    return ok(assignmentDto(row));
  }),

  http.delete('*/api/admin/reviews/:id', ({ params }) => {
    const denied = adminOnly();
    if (denied) return denied;
    const row = db.reviews.find((review) => review.id === params.id);
    if (!row) return fail(404, 'NOT_FOUND', 'Not found');
    if (row.status === 'submitted') return submittedAlready();
    db.reviews = db.reviews.filter((review) => review !== row);
    return new HttpResponse(null, { status: 204 });
  }),

  http.get('*/api/reviews/mine', () => {
    const user = caller();
    if (!user) return unauthenticated();
    if (!user.roles.includes('reviewer')) return fail(403, 'FORBIDDEN', 'Forbidden');
    const mine = db.reviews.filter((row) => row.reviewerId === user.id).sort(newestAssignedFirst);
    return ok({
      counts: {
        total: mine.length,
        pending: mine.filter((row) => row.status !== 'submitted').length,
        completed: mine.filter((row) => row.status === 'submitted').length,
      },
      assignments: mine.map((row) => {
        const paper = paperOf(row);
        return {
          id: row.id,
          paperId: paper.id,
          title: paper.title,
          category: paper.category,
          paperSubmittedAt: paper.createdAt,
          abstract: paper.abstract,
          status: row.status,
          assignedAt: row.assignedAt,
          updatedAt: row.updatedAt,
          submittedAt: row.submittedAt,
          ...dueOf(row),
        };
      }),
    });
  }),

  http.get('*/api/reviews/:id', ({ params }) => {
    const row = visibleReview(params.id, false);
    return row instanceof Response ? row : ok(reviewDto(row));
  }),

  http.put('*/api/reviews/:id/draft', async ({ params, request }) => {
    const row = visibleReview(params.id, true);
    if (row instanceof Response) return row;
    const body = (await record(request, `/reviews/${row.id}/draft`)) as Pick<ReviewRow, 'text' | 'recommendation'>;
    if (row.status === 'submitted') return submittedAlready();
    Object.assign(row, { text: body.text, recommendation: body.recommendation, status: 'in_progress', updatedAt: new Date().toISOString() });
    return ok(reviewDto(row));
  }),

  http.post('*/api/reviews/:id/submit', async ({ params, request }) => {
    const row = visibleReview(params.id, true);
    if (row instanceof Response) return row;
    const body = (await record(request, `/reviews/${row.id}/submit`)) as Pick<ReviewRow, 'text' | 'recommendation'>;
    if (row.status === 'submitted') return submittedAlready();
    if (!body.recommendation || !body.text.trim()) return fail(400, 'REVIEW_INCOMPLETE', 'A recommendation and the review text are required.');
    const at = new Date().toISOString();
    Object.assign(row, { text: body.text, recommendation: body.recommendation, status: 'submitted', updatedAt: at, submittedAt: at });
    return ok(reviewDto(row));
  }),

  http.get('*/api/papers/:id/review', ({ params }) => {
    const denied = adminOnly();
    if (denied) return denied;
    const row = db.reviews.find((review) => review.paperId === params.id);
    return row ? ok(reviewDto(row)) : fail(404, 'NOT_FOUND', 'This paper has no review assignment.');
  }),
];
