import { composeDecisionLetter, type LetterReview } from '@journal/web-shared/decision-letter';
import { HttpResponse, http } from 'msw';
import { type ApiErrorBody, type DecisionLetterPreviewRequest, type ErrorCode, type RevisionKind, type RevisionRequest, type ReviewRounds } from '@/shared/api';
import { personName } from '@/shared/lib/person-name';
import { db, sessionUser } from './db';
import { readMultipart } from './multipart';

// docs/api.md "Review rounds", against the in-memory db: a test sets `db.rounds[paperId]` to what
// the server would answer its viewer, and the handlers move it on as the server would.

function fail(statusCode: number, code: ErrorCode, message: string): Response {
  return HttpResponse.json<ApiErrorBody>({ statusCode, code, message }, { status: statusCode });
}

const DAY_MS = 24 * 60 * 60 * 1000;
const noRounds = (): ReviewRounds => ({ currentRound: 1, openRequest: null, canRequestRevisions: false, rounds: [] });

/**
 * Without rounds set by the test, the editors' view of round 1 from the review rows, as the server
 * gives it: every review with its id and, once submitted, the name the author reads it by.
 */
function editorsRoundsOf(paperId: string): ReviewRounds {
  const reviews = db.reviews.filter((review) => review.paperId === paperId && (review.round ?? 1) === 1);
  if (reviews.length === 0) return noRounds();
  const labels = new Map<string, string>();
  for (const review of reviews) if (review.status === 'submitted' && !labels.has(review.reviewerId)) labels.set(review.reviewerId, `Reviewer ${labels.size + 1}`);
  const nameOf = (id: string) => [...db.users.values()].map((entry) => entry.user).find((user) => user.id === id);
  return {
    currentRound: 1,
    openRequest: null,
    canRequestRevisions: reviews.some((review) => review.status === 'submitted'),
    rounds: [
      {
        round: 1,
        version: 1,
        pdfUrl: `/api/papers/${paperId}/rounds/1/pdf`,
        reviews: reviews.map((review) => {
          const reviewer = nameOf(review.reviewerId);
          return {
            id: review.id,
            authorLabel: labels.get(review.reviewerId) ?? null,
            reviewer: reviewer ? personName(reviewer) : '',
            mine: false,
            status: review.status,
            recommendation: review.recommendation,
            text: review.text,
            criteria: (review.criteria ?? []).map(({ name, score, comment }) => ({ name, score, comment })),
            submittedAt: review.submittedAt,
            declineReason: review.declineReason ?? null,
            sharedWithAuthor: false,
          };
        }),
        revisionRequest: null,
      },
    ],
  };
}

export const revisionHandlers = [
  http.get('*/api/papers/:id/rounds', ({ params }) => {
    const user = sessionUser();
    if (!user) return fail(401, 'UNAUTHENTICATED', 'Authentication required');
    const paperId = String(params.id);
    return HttpResponse.json(db.rounds[paperId] ?? (user.roles.includes('admin') ? editorsRoundsOf(paperId) : noRounds()));
  }),

  http.post('*/api/papers/:id/revision-requests', async ({ params, request }) => {
    const user = sessionUser();
    if (!user) return fail(401, 'UNAUTHENTICATED', 'Authentication required');
    if (!user.roles.includes('admin')) return fail(403, 'FORBIDDEN', 'Only the editorial team can request revisions');
    const paperId = String(params.id);
    const body = (await request.json()) as { kind: RevisionKind; editorNote?: string; shareText: boolean; shareCriteria: boolean };
    (db.bodies[`/papers/${paperId}/revision-requests`] ??= []).push(body);
    const rounds = db.rounds[paperId] ?? noRounds();
    if (!rounds.canRequestRevisions) return fail(409, 'REVISION_NEEDS_REVIEW', "Revisions can be requested once this round's review has been submitted.");
    const now = new Date();
    const created: RevisionRequest = {
      id: crypto.randomUUID(),
      round: rounds.currentRound,
      kind: body.kind,
      editorNote: body.editorNote ?? '',
      requestedAt: now.toISOString(),
      dueAt: new Date(now.getTime() + (body.kind === 'minor' ? 14 : 30) * DAY_MS).toISOString(),
      overdue: false,
      responseLetter: null,
      respondedAt: null,
    };
    db.rounds[paperId] = {
      ...rounds,
      openRequest: created,
      canRequestRevisions: false,
      rounds: rounds.rounds.map((round) => (round.round === rounds.currentRound ? { ...round, revisionRequest: created } : round)),
    };
    return HttpResponse.json(created, { status: 201 });
  }),

  // The letter as the API composes it (the same composer): the shared reviews unnamed, in the order
  // their reviewers first submitted. Chosen by id from the paper's reviews (db.reviews); without a
  // choice, a revision request's preview quotes the current round's reviews (db.rounds) and a decision none.
  http.post('*/api/papers/:id/decision-letter/preview', async ({ params, request }) => {
    const user = sessionUser();
    if (!user) return fail(401, 'UNAUTHENTICATED', 'Authentication required');
    if (!user.roles.includes('admin')) return fail(403, 'FORBIDDEN', 'Only the editorial team can change the status');
    const paperId = String(params.id);
    const body = (await request.json()) as DecisionLetterPreviewRequest;
    (db.bodies[`/papers/${paperId}/decision-letter/preview`] ??= []).push(body);
    const parts = (text: string | null, criteria: LetterReview['criteria']) => ({
      text: body.shareText === false ? null : text,
      criteria: body.shareCriteria === false ? [] : criteria,
    });
    let shared: LetterReview[];
    if (body.sharedReviewIds !== undefined) {
      const submitted = db.reviews.filter((review) => review.paperId === paperId && review.status === 'submitted');
      const chosen = submitted.filter((review) => body.sharedReviewIds!.includes(review.id));
      if (chosen.length !== new Set(body.sharedReviewIds).size) return fail(400, 'VALIDATION_FAILED', "A shared review must be a submitted review of the paper's current round");
      const labels = [...new Set(submitted.map((review) => review.reviewerId))];
      shared = chosen.map((review) => ({
        label: `Reviewer ${labels.indexOf(review.reviewerId) + 1}`,
        round: review.round ?? 1,
        ...parts(review.text, (review.criteria ?? []).map(({ name, score, comment }) => ({ name, score: score ?? null, comment: comment ?? '' }))),
      }));
    } else {
      const rounds = db.rounds[paperId] ?? noRounds();
      const revision = body.decision === 'minor_revisions' || body.decision === 'major_revisions';
      const submitted = (rounds.rounds.find((round) => round.round === rounds.currentRound)?.reviews ?? []).filter((review) => review.status === 'submitted');
      shared = (revision ? submitted : []).map((review, index) => ({ label: `Reviewer ${index + 1}`, round: rounds.currentRound, ...parts(review.text, review.criteria) }));
    }
    return HttpResponse.json({ letter: composeDecisionLetter({ decision: body.decision, editorNote: body.editorNote, sharedReviews: shared }) });
  }),

  http.post('*/api/papers/:id/revisions', async ({ params, request }) => {
    const user = sessionUser();
    if (!user) return fail(401, 'UNAUTHENTICATED', 'Authentication required');
    const paperId = String(params.id);
    if (db.paperOwners[paperId] !== user.id) return fail(403, 'FORBIDDEN', 'Only the paper’s author can submit a revision');
    const rounds = db.rounds[paperId] ?? noRounds();
    const open = rounds.openRequest;
    if (!open) return fail(409, 'REVISION_NOT_REQUESTED', 'No revision has been requested for this paper.');
    const { fields, files } = await readMultipart(request);
    (db.revisions[paperId] ??= []).push({ fields, file: files.pdf ?? null });
    const answered: RevisionRequest = { ...open, responseLetter: fields.responseLetter ?? '', respondedAt: new Date().toISOString() };
    const next = rounds.currentRound + 1;
    db.rounds[paperId] = {
      currentRound: next,
      openRequest: null,
      canRequestRevisions: false,
      rounds: [
        ...rounds.rounds.map((round) => (round.round === open.round ? { ...round, revisionRequest: answered } : round)),
        { round: next, version: next, pdfUrl: `/api/papers/${paperId}/rounds/${next}/pdf`, reviews: [], revisionRequest: null },
      ],
    };
    return HttpResponse.json(answered, { status: 201 });
  }),
];
