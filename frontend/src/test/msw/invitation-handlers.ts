import { ROLES } from '@journal/web-shared/roles';
import { HttpResponse, http } from 'msw';
import { type ApiErrorBody, type ErrorCode, type Invitation, type ReviewerOverview, type Role } from '@/shared/api';
import { type InvitationRow, addInvitation, addUser, db, sessionUser } from './db';

// docs/api.md "Reviewer invitations", against the in-memory db.

function fail(statusCode: number, code: ErrorCode, message: string): Response {
  return HttpResponse.json<ApiErrorBody>({ statusCode, code, message }, { status: statusCode });
}

function ok(body: unknown, init?: ResponseInit): Response {
  return HttpResponse.json(body as Record<string, unknown>, init);
}

async function record(request: Request, path: string): Promise<Record<string, unknown>> {
  const text = await request.text();
  const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  (db.bodies[path] ??= []).push(body);
  return body;
}

function adminOnly(): Response | null {
  const user = db.accessExpired ? null : sessionUser();
  if (!user) return fail(401, 'UNAUTHENTICATED', 'Authentication required');
  return user.roles.includes('admin') ? null : fail(403, 'FORBIDDEN', 'Forbidden');
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function toDto(row: InvitationRow): Invitation {
  const { token: _token, ...dto } = row;
  return dto;
}

function grant(email: string, role: Role): void {
  const entry = db.users.get(email.toLowerCase());
  if (!entry || entry.user.roles.includes(role)) return;
  const held = new Set([...entry.user.roles, role]);
  entry.user.roles = ROLES.filter((r) => held.has(r));
  entry.user.role = entry.user.roles[0];
}

function overview(): ReviewerOverview {
  const accepted = db.invitations.filter((row) => row.status === 'accepted');
  const account = (email: string) => db.users.get(email.toLowerCase())?.user;
  const withAccount = accepted.filter((row) => account(row.email));
  const ready = withAccount.filter((row) => account(row.email)?.roles.includes('reviewer'));
  return {
    counts: {
      acceptedInvitations: accepted.length,
      activeReviewers: ready.length,
      withProfiles: withAccount.length,
      withoutProfiles: accepted.length - withAccount.length,
      missingRoles: withAccount.length - ready.length,
    },
    acceptedWithoutAccount: accepted
      .filter((row) => !account(row.email))
      .map((row) => ({ email: row.email, acceptedAt: row.acceptedAt ?? row.invitedAt })),
    readyReviewers: ready.map((row) => {
      const user = account(row.email)!;
      return { userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, acceptedAt: row.acceptedAt ?? row.invitedAt };
    }),
  };
}

/** The pending invitation a link names, or null (unknown, expired, used or removed). */
function usable(token: unknown): InvitationRow | null {
  return db.invitations.find((row) => row.token === token && row.status === 'pending') ?? null;
}

const notFound = () => fail(404, 'INVITATION_NOT_FOUND', 'No valid invitation found');

export const invitationHandlers = [
  http.get('*/api/admin/invitations', ({ request }) => {
    const denied = adminOnly();
    if (denied) return denied;
    const url = new URL(request.url);
    const status = url.searchParams.get('status');
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const rows = db.invitations
      .filter((row) => !status || row.status === status)
      .sort((a, b) => b.invitedAt.localeCompare(a.invitedAt))
      .slice(0, limit);
    return ok(rows.map(toDto));
  }),

  http.post('*/api/admin/invitations', async ({ request }) => {
    const denied = adminOnly();
    if (denied) return denied;
    const body = await record(request, '/admin/invitations');
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) return fail(400, 'VALIDATION_FAILED', 'email must be an email');
    if (db.invitations.some((row) => row.status === 'pending' && same(row.email, email))) {
      return fail(409, 'INVITATION_PENDING_EXISTS', `A pending invitation already exists for ${email}.`);
    }
    const row = addInvitation(email, { delivery: 'queued', invitedAt: new Date(Date.UTC(2027, 0, 1) + db.invitations.length * 60_000).toISOString() });
    return ok(toDto(row), { status: 201 });
  }),

  http.post('*/api/admin/invitations/remove', async ({ request }) => {
    const denied = adminOnly();
    if (denied) return denied;
    const body = await record(request, '/admin/invitations/remove');
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    const before = db.invitations.length;
    if (email) db.invitations = db.invitations.filter((row) => !same(row.email, email));
    return ok({ removed: before - db.invitations.length });
  }),

  http.get('*/api/admin/reviewers/overview', () => adminOnly() ?? ok(overview())),

  http.post('*/api/admin/reviewers/missing-roles', () => {
    const denied = adminOnly();
    if (denied) return denied;
    const missing = overview().counts.missingRoles;
    for (const row of db.invitations.filter((candidate) => candidate.status === 'accepted')) grant(row.email, 'reviewer');
    return ok({ created: missing });
  }),

  http.post('*/api/invitations/verify', async ({ request }) => {
    const body = await record(request, '/invitations/verify');
    const row = usable(body.token);
    if (!row) return notFound();
    return ok({ email: row.email, accountExists: db.users.has(row.email.toLowerCase()) });
  }),

  http.post('*/api/invitations/accept', async ({ request }) => {
    const body = await record(request, '/invitations/accept');
    const row = usable(body.token);
    if (!row) return notFound();
    const user = db.accessExpired ? null : sessionUser();
    if (user) {
      if (!same(user.email, row.email)) {
        return fail(403, 'INVITATION_OTHER_ACCOUNT', `This invitation is for ${row.email}. Sign in with that e-mail to accept it.`);
      }
      grant(user.email, 'reviewer');
      Object.assign(row, { status: 'accepted', acceptedAt: new Date(Date.UTC(2027, 1, 1)).toISOString() });
      return ok({ email: row.email });
    }
    if (db.users.has(row.email.toLowerCase())) {
      return fail(409, 'INVITATION_ACCOUNT_EXISTS', 'An account already exists for this e-mail. Sign in, then open the link again.');
    }
    const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
    const password = typeof body.password === 'string' ? body.password : '';
    if (!text(body.firstName) || !text(body.lastName)) return fail(400, 'VALIDATION_FAILED', 'firstName and lastName are required');
    if (password.length < 6) return fail(400, 'AUTH_WEAK_PASSWORD', 'Password should be at least 6 characters.');
    addUser({ email: row.email, password, role: 'reviewer', firstName: text(body.firstName) });
    Object.assign(row, { status: 'accepted', acceptedAt: new Date(Date.UTC(2027, 1, 1)).toISOString() });
    return ok({ email: row.email }, { status: 201 });
  }),
];
