import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import {
  type Role,
  type SessionResponse,
  type SessionUser,
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

const initialState: SessionState = { status: 'loading', user: null, accessTokenExpiresAt: null };

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
    selectRole: (state): Role | null => state.user?.role ?? null,
  },
});

export const { selectSessionStatus, selectCurrentUser, selectAccessTokenExpiresAt, selectRole } =
  sessionSlice.selectors;
