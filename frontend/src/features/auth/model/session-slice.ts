import { createSlice } from '@reduxjs/toolkit';
import {
  type Role,
  type SessionResponse,
  type SessionUser,
  hasSessionHint,
  sessionCleared,
  sessionRefreshed,
} from '@/shared/api';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** ISO time the access cookie expires; the session keeper refreshes a little before. */
  accessTokenExpiresAt: string | null;
}

/** Without the session hint cookie there is nothing to load: a visitor is anonymous from the start. */
const initialState = (): SessionState => ({
  status: hasSessionHint() ? 'loading' : 'anonymous',
  user: null,
  accessTokenExpiresAt: null,
});

const NO_ROLES: readonly Role[] = [];

export const signedOut: SessionState = { status: 'anonymous', user: null, accessTokenExpiresAt: null };

export function signedIn(session: SessionResponse): SessionState {
  return { status: 'authenticated', user: session.user, accessTokenExpiresAt: session.accessTokenExpiresAt };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {},
  // The API's own answers (session loaded, signed in) are reduced by sessionReducerWithApi, which
  // the store puts in this reducer's place when the API loads: this slice stays off RTK Query, so a
  // visitor's landing page does not load it.
  extraReducers: (builder) => {
    builder
      .addCase(sessionCleared, () => signedOut)
      .addCase(sessionRefreshed, (_state, action) => signedIn(action.payload));
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectCurrentUser: (state) => state.user,
    selectAccessTokenExpiresAt: (state) => state.accessTokenExpiresAt,
    /** The landing role (the spec's order): it picks the landing page and the navigation only. */
    selectRole: (state): Role | null => state.user?.role ?? null,
    /** Every role held: what the route guards and pages decide by. */
    selectRoles: (state): readonly Role[] => state.user?.roles ?? NO_ROLES,
  },
});

export const { selectSessionStatus, selectCurrentUser, selectAccessTokenExpiresAt, selectRole, selectRoles } =
  sessionSlice.selectors;
