import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import {
  type Role,
  type SessionResponse,
  type SessionUser,
  hasSessionHint,
  sessionCleared,
  sessionRefreshed,
} from '@/shared/api';
import { authApi } from '../api/auth-api';

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

const signedOut: SessionState = { status: 'anonymous', user: null, accessTokenExpiresAt: null };

function signedIn(session: SessionResponse): SessionState {
  return { status: 'authenticated', user: session.user, accessTokenExpiresAt: session.accessTokenExpiresAt };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionCleared, () => signedOut)
      .addMatcher(authApi.endpoints.getSession.matchRejected, (state, action) => {
        // A newer request superseding this one is not an answer about the session.
        if (action.meta.condition) return state;
        // A busy or unreachable journal is not an answer either: a signed-in user stays signed in.
        if (state.status === 'authenticated' && action.payload?.status !== 401) return state;
        return signedOut;
      })
      .addMatcher(
        isAnyOf(
          sessionRefreshed,
          authApi.endpoints.getSession.matchFulfilled,
          authApi.endpoints.signIn.matchFulfilled,
        ),
        (_state, action) => signedIn(action.payload),
      );
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
