import { type PaperDetail, type Role, type SessionUser } from '@/shared/api';

// In-memory stand-in for the backend's state, driven by the handlers in handlers.ts.
export interface DbUser {
  user: SessionUser;
  password: string;
  confirmed: boolean;
}

export interface Db {
  users: Map<string, DbUser>;
  /** Whose session the browser's cookies carry, if any. */
  sessionUserId: string | null;
  /** The 15-minute access cookie has expired (the refresh cookie may still be good). */
  accessExpired: boolean;
  /** The refresh cookie is accepted. */
  refreshValid: boolean;
  resetTokens: Map<string, { email: string; expired: boolean; used: boolean }>;
  calls: { refresh: number; session: number; signOut: number; signOutEverywhere: number };
  /** Bodies the server received, by path, for assertions. */
  bodies: Record<string, unknown[]>;
  /** Every paper in the "database", any status; the list endpoint serves the published ones. */
  papers: PaperDetail[];
  /** Query strings of every GET /api/papers, for assertions. */
  paperListRequests: URLSearchParams[];
}

function freshDb(): Db {
  return {
    users: new Map(),
    sessionUserId: null,
    accessExpired: false,
    refreshValid: true,
    resetTokens: new Map(),
    calls: { refresh: 0, session: 0, signOut: 0, signOutEverywhere: 0 },
    bodies: {},
    papers: [],
    paperListRequests: [],
  };
}

export let db: Db = freshDb();

export function resetDb(): void {
  db = freshDb();
}

let nextId = 1;

export function addUser(options: {
  email: string;
  password?: string;
  role?: Role;
  confirmed?: boolean;
  firstName?: string | null;
}): SessionUser {
  const user: SessionUser = {
    id: `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`,
    email: options.email,
    firstName: options.firstName ?? 'Ada',
    lastName: 'Lovelace',
    role: options.role ?? 'user',
  };
  db.users.set(options.email.toLowerCase(), {
    user,
    password: options.password ?? 'secret123',
    confirmed: options.confirmed ?? true,
  });
  return user;
}

/** Puts a signed-in session of a new user of this role in the "browser's cookies". */
export function signInAs(role: Role, email = `${role}@example.org`): SessionUser {
  const user = addUser({ email, role });
  db.sessionUserId = user.id;
  return user;
}

export function sessionUser(): SessionUser | null {
  for (const entry of db.users.values()) {
    if (entry.user.id === db.sessionUserId) return entry.user;
  }
  return null;
}

let nextPaper = 1;

/** Adds a paper (published unless said otherwise); newer papers get later dates by default. */
export function addPaper(overrides: Partial<PaperDetail> = {}): PaperDetail {
  const n = nextPaper++;
  const id = overrides.id ?? `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const paper: PaperDetail = {
    id,
    title: `Paper ${n}`,
    authors: [{ name: `Author ${n}`, school: 'Central High School' }],
    abstract: `Abstract of paper ${n}.`,
    category: 'Biology',
    publishedAt: new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString(),
    school: 'Central High School',
    pdfUrl: `/api/papers/${id}/pdf`,
    opensPdfDirectly: false,
    status: 'published',
    keywords: null,
    ...overrides,
  };
  db.papers.push(paper);
  return paper;
}
