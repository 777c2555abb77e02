import { ROLES } from '@journal/web-shared/roles';
import {
  type Invitation,
  type MessageAttachment,
  type PaperComment,
  type PaperDetail,
  type PaperStatusEvent,
  type PaperVersion,
  type ReviewCriterion,
  type ReviewRecommendation,
  type ReviewStatus,
  type Role,
  type ReviewRounds,
  type RubricCriterion,
  type SessionUser,
} from '@/shared/api';

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
  /** Owner (user id) of each paper that has one. */
  paperOwners: Record<string, string>;
  /** The signed-in user's submission fee and the payment provider in use. */
  fee: { status: 'unpaid' | 'paid'; provider: 'stripe' | 'test' };
  /** Checkout sessions by id: their owner and whether the provider says they are paid. */
  checkoutSessions: Map<string, { userId: string; status: 'open' | 'complete' | 'expired' }>;
  payments: { checkout: number; verify: number; complete: number; cancel: number };
  /** Multipart submissions received by POST /api/papers (fields and the file's name and size). */
  submissions: Array<{ fields: Record<string, string>; file: { name: string; size: number; type: string } | null }>;
  comments: Array<PaperComment & { userId: string }>;
  /** What POST /comments answers as `notification`. */
  nextNotification: 'queued' | 'failed' | 'none';
  versions: Record<string, PaperVersion[]>;
  /** Each paper's status timeline, oldest first; changedByName as an admin sees it. */
  statusEvents: Record<string, PaperStatusEvent[]>;
  /** Query strings of every GET /api/admin/papers, for assertions. */
  adminListRequests: URLSearchParams[];
  /** Reviewer invitations, newest last, each with the token its e-mail carried. */
  invitations: InvitationRow[];
  /** Review assignments (one per paper), oldest first. */
  reviews: ReviewRow[];
  /** The review rubric's current criteria, in order (the server's six defaults to begin with). */
  rubric: RubricCriterion[];
  /** Messages between editors and reviewers, oldest first. */
  messages: MessageRow[];
  /** Each paper's review rounds as the server would answer them (the test sets what a viewer sees). */
  rounds: Record<string, ReviewRounds>;
  /** The server's REVIEWERS_PER_ROUND: 1 (the spec's one reviewer) unless a test says otherwise. */
  reviewersPerRound: number;
  /** Multipart answers to revision requests, by paper. */
  revisions: Record<string, Array<{ fields: Record<string, string>; file: { name: string; size: number; type: string } | null }>>;
}

/** A message as stored: `recipientId` null means the editorial team (a reviewer's message). */
export interface MessageRow {
  id: string;
  parentId: string | null;
  senderId: string;
  recipientId: string | null;
  subject: string;
  body: string;
  readAt: string | null;
  createdAt: string;
  attachments: MessageAttachment[];
}

export interface ReviewRow {
  id: string;
  paperId: string;
  reviewerId: string;
  status: ReviewStatus;
  recommendation: ReviewRecommendation | null;
  text: string;
  assignedAt: string;
  updatedAt: string;
  submittedAt: string | null;
  dueAt: string;
  /** The paper's review round it is for; 1 unless a test says otherwise. */
  round?: number;
  /** As the server stores them: a draft's as given, a submitted review's snapshot; null before any. */
  criteria?: ReviewCriterion[] | null;
  /** Set when the reviewer declined (status declined), with the reason the editors read. */
  declinedAt?: string | null;
  declineReason?: string | null;
  /** The latest reminder of any kind, and the latest an editor sent (one a day at most). */
  lastReminderAt?: string | null;
  manualReminderAt?: string | null;
}

export type InvitationRow = Invitation & { token: string };

/**
 * The server sets the readable `signed_in` cookie with the refresh cookie and clears it with it;
 * here the "browser's cookies" are `sessionUserId`, so the hint follows it.
 */
function setSessionHint(present: boolean): void {
  document.cookie = present ? 'signed_in=1; path=/' : 'signed_in=; path=/; max-age=0';
}

function freshDb(): Db {
  let sessionUserId: string | null = null;
  setSessionHint(false);
  return {
    users: new Map(),
    get sessionUserId() {
      return sessionUserId;
    },
    set sessionUserId(id: string | null) {
      sessionUserId = id;
      setSessionHint(id !== null);
    },
    accessExpired: false,
    refreshValid: true,
    resetTokens: new Map(),
    calls: { refresh: 0, session: 0, signOut: 0, signOutEverywhere: 0 },
    bodies: {},
    papers: [],
    paperListRequests: [],
    paperOwners: {},
    fee: { status: 'unpaid', provider: 'test' },
    checkoutSessions: new Map(),
    payments: { checkout: 0, verify: 0, complete: 0, cancel: 0 },
    submissions: [],
    comments: [],
    nextNotification: 'none',
    versions: {},
    statusEvents: {},
    adminListRequests: [],
    invitations: [],
    reviews: [],
    rubric: DEFAULT_RUBRIC.map((criterion) => ({ ...criterion })),
    messages: [],
    rounds: {},
    reviewersPerRound: 1,
    revisions: {},
  };
}

/** The server's seeded rubric (migration 20261129002000). */
export const DEFAULT_RUBRIC: readonly RubricCriterion[] = [
  { name: 'Research question', hint: "Is the question clear, focused and answerable with the student's means? Say what would sharpen it." },
  { name: 'Method', hint: 'Does the approach fit the question, and is it described well enough that a classmate could repeat it?' },
  { name: 'Use of evidence', hint: 'Do the data or sources support the conclusions? Point kindly to any claim that goes further than the evidence.' },
  { name: 'Clarity of writing', hint: 'Could a curious reader outside the field follow it? Name a passage that was hard to follow and suggest how to fix it.' },
  { name: 'Sources', hint: 'Are the sources relevant and trustworthy, and cited so a reader can find them? Suggest a better one if you know it.' },
  { name: 'Ethics', hint: 'Were people, animals and data treated with care (consent, safety, privacy), and is help from others acknowledged?' },
];

export let db: Db = freshDb();

export function resetDb(): void {
  db = freshDb();
}

let nextId = 1;

export function addUser(options: {
  email: string;
  password?: string;
  role?: Role;
  /** Several roles at once (an admin who also reviews); the landing role follows the spec's order. */
  roles?: Role[];
  confirmed?: boolean;
  firstName?: string | null;
}): SessionUser {
  const held = new Set<Role>(['user', ...(options.roles ?? [options.role ?? 'user'])]);
  const roles = ROLES.filter((role) => held.has(role));
  const user: SessionUser = {
    id: `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`,
    email: options.email,
    firstName: options.firstName ?? 'Ada',
    lastName: 'Lovelace',
    role: roles[0] ?? 'user',
    roles,
    orcidId: null,
    orcidName: null,
    orcidLinkedAt: null,
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
    license: { id: 'CC-BY-4.0', label: 'CC BY 4.0', name: 'Creative Commons Attribution 4.0 International', url: 'https://creativecommons.org/licenses/by/4.0/' },
    doi: null,
    access: { owner: false, discuss: false, uploadVersion: false, changeStatus: false },
    // Never sent as stored: the handlers answer the stage derived from the rest (paper-stages.ts).
    stage: { name: 'published', round: 1, reviewsIn: null, reviewsExpected: null, dueAt: null },
    actions: { readHistory: false, readReviews: false, approveVersion: false, exportDeposit: false, assignReviewers: false, versionUpload: 'open' },
    createdAt: new Date(Date.UTC(2024, 11, 1) + n * 86_400_000).toISOString(),
    updatedAt: new Date(Date.UTC(2024, 11, 1) + n * 86_400_000).toISOString(),
    authorEmails: null,
    ...overrides,
  };
  db.papers.push(paper);
  return paper;
}

/** Adds a paper owned by `owner` (submitted unless said otherwise), with version 1. */
export function addOwnPaper(owner: SessionUser, overrides: Partial<PaperDetail> = {}): PaperDetail {
  const paper = addPaper({ status: 'submitted', publishedAt: null, ...overrides });
  db.paperOwners[paper.id] = owner.id;
  db.versions[paper.id] = [
    {
      version: 1,
      fileName: 'paper.pdf',
      size: 2048,
      uploadedAt: paper.createdAt,
      pdfUrl: `/api/papers/${paper.id}/versions/1/pdf`,
      state: 'current',
      current: true,
      public: paper.status === 'published',
    },
  ];
  addStatusEvent(paper.id, { fromStatus: null, toStatus: 'submitted', changedBy: 'author', changedAt: paper.createdAt });
  return paper;
}

let nextEvent = 1;

export function addStatusEvent(
  paperId: string,
  event: Pick<PaperStatusEvent, 'fromStatus' | 'toStatus' | 'changedBy'> & Partial<PaperStatusEvent>,
): PaperStatusEvent {
  const n = nextEvent++;
  const row: PaperStatusEvent = {
    id: `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: 'status_changed',
    round: null,
    changedByName: null,
    reviewerName: null,
    changedAt: new Date(Date.UTC(2025, 2, 1) + n * 3_600_000).toISOString(),
    ...event,
  };
  (db.statusEvents[paperId] ??= []).push(row);
  return row;
}

let nextComment = 1;

export function addComment(
  paperId: string,
  writer: SessionUser,
  comment: string,
  overrides: Partial<PaperComment> = {},
): PaperComment & { userId: string } {
  const n = nextComment++;
  const at = new Date(Date.UTC(2025, 5, 1) + n * 3_600_000).toISOString();
  const row = {
    id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    paperId,
    comment,
    isAdminComment: writer.role === 'admin',
    mine: false,
    createdAt: at,
    updatedAt: at,
    userId: writer.id,
    ...overrides,
  };
  db.comments.push(row);
  return row;
}

let nextInvitation = 1;

/** Adds an invitation (pending, its e-mail sent, unless said otherwise); the nth of a test is invited on January n+1, 2026. */
export function addInvitation(email: string, overrides: Partial<InvitationRow> = {}): InvitationRow {
  const n = nextInvitation++;
  const invitedAt = new Date(Date.UTC(2026, 0, 1) + (db.invitations.length + 1) * 86_400_000);
  const row: InvitationRow = {
    id: `50000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email,
    status: 'pending',
    invitedAt: invitedAt.toISOString(),
    expiresAt: new Date(invitedAt.getTime() + 14 * 86_400_000).toISOString(),
    acceptedAt: null,
    invitedByName: 'Editor',
    delivery: 'sent',
    token: `invitation-token-${n}`,
    ...overrides,
  };
  db.invitations.push(row);
  return row;
}

let nextReview = 1;

/** Assigns a paper to a reviewer (assigned, nothing written, unless said otherwise); the nth of a test is assigned on February n, 2026. */
export function addReview(paper: PaperDetail, reviewer: SessionUser, overrides: Partial<ReviewRow> = {}): ReviewRow {
  const n = nextReview++;
  const assignedAt = new Date(Date.UTC(2026, 1, 0) + (db.reviews.length + 1) * 86_400_000).toISOString();
  const row: ReviewRow = {
    id: `60000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    paperId: paper.id,
    reviewerId: reviewer.id,
    status: 'assigned',
    recommendation: null,
    text: '',
    assignedAt,
    updatedAt: assignedAt,
    submittedAt: null,
    // Three weeks from the real now, so a review is overdue only when a test says so.
    dueAt: new Date(Date.now() + 21 * 86_400_000).toISOString(),
    ...overrides,
  };
  db.reviews.push(row);
  return row;
}

let nextMessage = 1;

/** Adds a message (unread, no images, unless said otherwise); the nth of a test is sent on March n, 2026. */
export function addMessage(
  sender: SessionUser,
  recipient: SessionUser | null,
  overrides: Partial<Omit<MessageRow, 'attachments'>> & { images?: string[] } = {},
): MessageRow {
  const n = nextMessage++;
  const { images = [], ...rest } = overrides;
  const id = `70000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const row: MessageRow = {
    id,
    parentId: null,
    senderId: sender.id,
    recipientId: recipient?.id ?? null,
    subject: `Subject ${n}`,
    body: `Body of message ${n}.`,
    readAt: null,
    createdAt: new Date(Date.UTC(2026, 2, 0) + (db.messages.length + 1) * 86_400_000).toISOString(),
    attachments: images.map((name, index) => ({
      id: `71000000-0000-4000-8000-${String(n * 10 + index).padStart(12, '0')}`,
      url: `/api/messages/${id}/attachments/71000000-0000-4000-8000-${String(n * 10 + index).padStart(12, '0')}`,
      type: 'image' as const,
      contentType: 'image/png',
      size: 1024,
      name,
    })),
    ...rest,
  };
  db.messages.push(row);
  return row;
}
