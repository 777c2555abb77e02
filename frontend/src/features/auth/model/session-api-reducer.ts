import { type Action } from '@reduxjs/toolkit';
import { authApi } from '../api/auth-api';
import { type SessionState, sessionSlice, signedIn, signedOut } from './session-slice';

const { getSession, signIn } = authApi.endpoints;

/**
 * The session reducer once the API is loaded: the session slice's, plus what the API's answers
 * say about the session. The store swaps it in for the slice's reducer when it loads the API.
 */
export function sessionReducerWithApi(state: SessionState | undefined, action: Action): SessionState {
  const current = state ?? sessionSlice.getInitialState();
  if (getSession.matchRejected(action)) {
    // A newer request superseding this one is not an answer about the session.
    if (action.meta.condition) return current;
    // A busy or unreachable journal is not an answer either: a signed-in user stays signed in.
    if (current.status === 'authenticated' && action.payload?.status !== 401) return current;
    return signedOut;
  }
  if (getSession.matchFulfilled(action) || signIn.matchFulfilled(action)) return signedIn(action.payload);
  return sessionSlice.reducer(state, action);
}
