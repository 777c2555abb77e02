import { HttpResponse, http } from 'msw';
import { type ApiErrorBody, type ErrorCode, type ReviewCriterion, type ReviewCriterionInput, type RubricCriterion, type SessionUser } from '@/shared/api';
import { formatDateTime } from '@/shared/lib/format-date';
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
/** A declined assignment no longer holds its paper, and is gone for its reviewer. */
const standing = (row: ReviewRow) => row.status !== 'declined';
const newestAssignedFirst = (a: ReviewRow, b: ReviewRow) => b.assignedAt.localeCompare(a.assignedAt);
/** As the server decides it: the paper's current round (a test's rounds say it, 1 otherwise). */
const currentRoundOf = (paperId: string) => db.rounds[paperId]?.currentRound ?? 1;
/** A standing assignment of the paper's current round holds it; earlier rounds' do not. */
/** The reviewers standing in the paper's current round, in the order assigned. */
const standingInCurrentRound = (paperId: string) =>
  db.reviews.filter((row) => row.paperId === paperId && standing(row) && (row.round ?? 1) === currentRoundOf(paperId)).map((row) => row.reviewerId);
const heldInCurrentRound = (paperId: string) => standingInCurrentRound(paperId).length >= db.reviewersPerRound;

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
    round: row.round ?? 1,
    declinedAt: row.declinedAt ?? null,
    declineReason: row.declineReason ?? null,
    lastReminderAt: row.lastReminderAt ?? null,
  };
}

const keyOf = (name: string) => name.trim().toLowerCase();

/** As the server shows them: a submitted review's snapshot ([] before the rubric), a draft's scores on the current rubric. */
function criteriaOf(row: ReviewRow): ReviewCriterion[] {
  if (row.status === 'submitted') return row.criteria ?? [];
  const drafted = new Map((row.criteria ?? []).map((criterion) => [keyOf(criterion.name), criterion]));
  return db.rubric.map(({ name, hint }) => ({ name, hint, score: drafted.get(keyOf(name))?.score ?? null, comment: drafted.get(keyOf(name))?.comment ?? '' }));
}

const hintOf = (name: string) => db.rubric.find((criterion) => keyOf(criterion.name) === keyOf(name))?.hint ?? '';

/** The server's check on submit: a score for every criterion of the current rubric, and no other. */
function submitProblem(given: readonly ReviewCriterionInput[]): string | null {
  const byName = new Map(given.map((criterion) => [keyOf(criterion.name), criterion]));
  const unscored = db.rubric.filter((criterion) => typeof byName.get(keyOf(criterion.name))?.score !== 'number').map((criterion) => criterion.name);
  const unknown = given.filter((criterion) => !db.rubric.some((known) => keyOf(known.name) === keyOf(criterion.name))).map((criterion) => criterion.name);
  const problems = [
    unscored.length > 0 ? `Give a score from 1 to 5 for ${unscored.join(', ')} before submitting.` : '',
    unknown.length > 0 ? `The rubric has no criterion named ${unknown.join(', ')}: it may have changed, so reload the review.` : '',
  ].filter(Boolean);
  return problems.length > 0 ? problems.join(' ') : null;
}

function reviewDto(row: ReviewRow) {
  const paper = paperOf(row);
  const reviewer = userById(row.reviewerId);
  // As the server's policy answers: only its reviewer, while the assignment stands, writes or declines it.
  const assignee = caller()?.id === row.reviewerId && standing(row);
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
    round: row.round ?? 1,
    criteria: criteriaOf(row),
    access: { write: assignee, decline: assignee },
  };
}

/** The review the caller may see (its reviewer, or an admin), or the answer refusing it. */
function visibleReview(id: unknown, writing: boolean): ReviewRow | Response {
  const user = caller();
  if (!user) return unauthenticated();
  const row = db.reviews.find((review) => review.id === id);
  const mine = row?.reviewerId === user.id && standing(row);
  if (!row || !(mine || (!writing && user.roles.includes('admin')))) return fail(404, 'NOT_FOUND', 'Not found');
  return row;
}

const submittedAlready = () => fail(409, 'REVIEW_SUBMITTED', 'This review has been submitted and can no longer be changed.');
const declinedAlready = () => fail(409, 'REVIEW_DECLINED', 'The reviewer declined this assignment, so it can no longer be changed.');

export const reviewHandlers = [
  http.get('*/api/admin/reviews/assignable-papers', () => {
    const denied = adminOnly();
    if (denied) return denied;
    const papers = db.papers
      .filter((paper) => ['submitted', 'under_review'].includes(paper.status) && !heldInCurrentRound(paper.id))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map(({ id, title, category, status }) => {
        const reviewerIds = standingInCurrentRound(id);
        return { id, title, category, status, round: currentRoundOf(id), assignedReviewers: reviewerIds.length, reviewersPerRound: db.reviewersPerRound, reviewerIds };
      });
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
    if (heldInCurrentRound(paperId)) {
      const message = db.reviewersPerRound === 1 ? 'This paper has already been assigned to a reviewer.' : `This round already has its ${db.reviewersPerRound} reviewers. Withdraw one to assign another.`;
      return fail(409, 'REVIEW_ALREADY_ASSIGNED', message);
    }
    if (standingInCurrentRound(paperId).includes(reviewerId)) {
      return fail(409, 'REVIEW_REVIEWER_ALREADY_ON_PAPER', 'This reviewer is already reviewing this paper in its current round. Choose another reviewer.');
    }
    const at = new Date().toISOString();
    const row: ReviewRow = {
      id: `61000000-0000-4000-8000-${String(db.reviews.length + 1).padStart(12, '0')}`,
      paperId,
      reviewerId,
      round: currentRoundOf(paperId),
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
    if (!standing(row)) return declinedAlready();
    const due = dueAt ? Date.parse(dueAt) : NaN;
    if (!(due > Date.now() && due <= Date.now() + 365 * 86_400_000)) {
      return fail(400, 'VALIDATION_FAILED', 'dueAt must be an ISO date-time (e.g. 2026-12-24T23:59:59Z) in the future and at most 365 days ahead');
    }
    row.dueAt = dueAt!;
    return ok(assignmentDto(row));
  }),

  http.post('*/api/admin/reviews/:id/reminders', ({ params }) => {
    const denied = adminOnly();
    if (denied) return denied;
    const row = db.reviews.find((review) => review.id === params.id);
    if (!row) return fail(404, 'NOT_FOUND', 'Review not found');
    if (row.status === 'submitted') return fail(409, 'REVIEW_SUBMITTED', 'This review has been submitted, so there is nothing to remind the reviewer of.');
    if (row.status === 'declined') return fail(409, 'REVIEW_DECLINED', 'The reviewer declined this assignment, so there is nothing to remind them of.');
    if (row.manualReminderAt && Date.now() - Date.parse(row.manualReminderAt) < 86_400_000) {
      // Written as the server writes a moment: the journal's date style, with its time zone.
      const next = formatDateTime(new Date(Date.parse(row.manualReminderAt) + 86_400_000).toISOString());
      return fail(409, 'REVIEW_REMINDER_TOO_SOON', `The reviewer was reminded less than a day ago. The next reminder can be sent after ${next}.`);
    }
    const sentAt = new Date().toISOString();
    Object.assign(row, { lastReminderAt: sentAt, manualReminderAt: sentAt });
    return ok({ sentAt }, { status: 201 });
  }),

  http.delete('*/api/admin/reviews/:id', ({ params }) => {
    const denied = adminOnly();
    if (denied) return denied;
    const row = db.reviews.find((review) => review.id === params.id);
    if (!row) return fail(404, 'NOT_FOUND', 'Not found');
    if (row.status === 'submitted') return submittedAlready();
    if (!standing(row)) return declinedAlready();
    db.reviews = db.reviews.filter((review) => review !== row);
    return new HttpResponse(null, { status: 204 });
  }),

  http.get('*/api/reviews/mine', () => {
    const user = caller();
    if (!user) return unauthenticated();
    if (!user.roles.includes('reviewer')) return fail(403, 'FORBIDDEN', 'Forbidden');
    const mine = db.reviews.filter((row) => row.reviewerId === user.id && standing(row)).sort(newestAssignedFirst);
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
          round: row.round ?? 1,
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
    const body = (await record(request, `/reviews/${row.id}/draft`)) as Pick<ReviewRow, 'text' | 'recommendation'> & { criteria?: ReviewCriterionInput[] };
    if (row.status === 'submitted') return submittedAlready();
    Object.assign(row, { text: body.text, recommendation: body.recommendation, status: 'in_progress', updatedAt: new Date().toISOString() });
    if (body.criteria) {
      row.criteria = body.criteria.map(({ name, score, comment }) => ({ name, hint: hintOf(name), score: score ?? null, comment: comment ?? '' }));
    }
    return ok(reviewDto(row));
  }),

  http.post('*/api/reviews/:id/submit', async ({ params, request }) => {
    const row = visibleReview(params.id, true);
    if (row instanceof Response) return row;
    const body = (await record(request, `/reviews/${row.id}/submit`)) as Pick<ReviewRow, 'text' | 'recommendation'> & { criteria?: ReviewCriterionInput[] };
    if (row.status === 'submitted') return submittedAlready();
    if (!body.recommendation || !body.text.trim()) return fail(400, 'REVIEW_INCOMPLETE', 'A recommendation and the review text are required.');
    const given = body.criteria ?? [];
    const problem = submitProblem(given);
    if (problem) return fail(400, 'REVIEW_INCOMPLETE', problem);
    const at = new Date().toISOString();
    const snapshot = db.rubric.map(({ name, hint }) => {
      const scored = given.find((criterion) => keyOf(criterion.name) === keyOf(name))!;
      return { name, hint, score: scored.score ?? null, comment: scored.comment ?? '' };
    });
    Object.assign(row, { text: body.text, recommendation: body.recommendation, status: 'submitted', updatedAt: at, submittedAt: at, criteria: snapshot });
    return ok(reviewDto(row));
  }),

  http.post('*/api/reviews/:id/decline', async ({ params, request }) => {
    const row = visibleReview(params.id, true);
    if (row instanceof Response) return row;
    const { declineReason } = (await record(request, `/reviews/${row.id}/decline`)) as { declineReason?: unknown };
    if (typeof declineReason !== 'string' || declineReason.length > 2000) return fail(400, 'VALIDATION_FAILED', 'declineReason must be a string of at most 2000 characters');
    if (!declineReason.trim()) return fail(400, 'VALIDATION_FAILED', 'Please tell the editors why you are declining this review.');
    if (row.status === 'submitted') return fail(409, 'REVIEW_SUBMITTED', 'This review has been submitted, so it can no longer be declined.');
    const at = new Date().toISOString();
    Object.assign(row, { status: 'declined', declinedAt: at, declineReason: declineReason.trim(), updatedAt: at });
    return new HttpResponse(null, { status: 204 });
  }),

  // Only the review's own reviewer; an editor is refused outright (the policy's 403).
  http.get('*/api/reviews/:id/certificate', ({ params }) => {
    const user = caller();
    if (!user) return unauthenticated();
    const row = db.reviews.find((review) => review.id === params.id);
    if (row && standing(row) && row.reviewerId !== user.id && user.roles.includes('admin')) return fail(403, 'FORBIDDEN', 'Only the reviewer can download this certificate');
    const found = visibleReview(params.id, true);
    if (found instanceof Response) return found;
    if (!found.submittedAt) return fail(409, 'REVIEW_NOT_SUBMITTED', 'The certificate is available once you have submitted this review.');
    return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename=review-certificate-${found.submittedAt.slice(0, 10)}.pdf`,
        'cache-control': 'private, no-store',
      },
    });
  }),

  http.get('*/api/rubric', () => {
    const user = caller();
    if (!user) return unauthenticated();
    if (!user.roles.some((role) => role === 'reviewer' || role === 'admin')) return fail(403, 'FORBIDDEN', 'Forbidden');
    return ok(db.rubric);
  }),

  http.put('*/api/admin/rubric', async ({ request }) => {
    const denied = adminOnly();
    if (denied) return denied;
    const { criteria = [] } = (await record(request, '/admin/rubric')) as { criteria?: RubricCriterion[] };
    const names = criteria.map((criterion) => keyOf(criterion.name));
    if (criteria.length < 1 || criteria.length > 12) return fail(400, 'VALIDATION_FAILED', 'the rubric needs 1 to 12 criteria');
    if (names.some((name) => name === '')) return fail(400, 'VALIDATION_FAILED', 'every criterion needs a name');
    if (new Set(names).size !== names.length) return fail(400, 'VALIDATION_FAILED', 'criteria names must be distinct (ignoring case)');
    db.rubric = criteria.map(({ name, hint }) => ({ name: name.trim(), hint: (hint ?? '').trim() }));
    return ok(db.rubric);
  }),

  http.get('*/api/papers/:id/review', ({ params }) => {
    const denied = adminOnly();
    if (denied) return denied;
    const row = db.reviews.find((review) => review.paperId === params.id);
    return row ? ok(reviewDto(row)) : fail(404, 'NOT_FOUND', 'This paper has no review assignment.');
  }),
];
