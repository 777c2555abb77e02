// Public face of the auth feature: pages and app/ import from here only.
export { authApi } from './api/auth-api';
export { AuthScreen } from './components/auth-screen';
export { SessionKeeper } from './components/session-keeper';
export { UserMenu } from './components/user-menu';
export { destinationForRole } from './model/role-destination';
export {
  sessionSlice,
  selectAccessTokenExpiresAt,
  selectCurrentUser,
  selectRole,
  selectSessionStatus,
  type SessionState,
  type SessionStatus,
} from './model/session-slice';
export { sessionReducerWithApi } from './model/session-api-reducer';
export { useSession, type SessionView } from './model/use-session';
export { useSignOut } from './model/use-sign-out';
