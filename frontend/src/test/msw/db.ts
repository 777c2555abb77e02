import { type Role, type SessionUser } from '@/shared/api';

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
