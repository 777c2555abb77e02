import { useSelector } from 'react-redux';
import { type Role, type SessionUser } from '@/shared/api';
import { type SessionStatus, selectCurrentUser, selectRole, selectRoles, selectSessionStatus } from './session-slice';

export interface SessionView {
  status: SessionStatus;
  user: SessionUser | null;
  /** The landing role: for the landing page and the navigation only. */
  role: Role | null;
  /** Every role held (an admin may also review); access decides by these. */
  roles: readonly Role[];
  hasRole: (role: Role) => boolean;
}

export function useSession(): SessionView {
  const status = useSelector(selectSessionStatus);
  const user = useSelector(selectCurrentUser);
  const role = useSelector(selectRole);
  const roles = useSelector(selectRoles);
  return { status, user, role, roles, hasRole: (wanted) => roles.includes(wanted) };
}
