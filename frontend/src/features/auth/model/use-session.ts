import { useSelector } from 'react-redux';
import { type Role, type SessionUser } from '@/shared/api';
import { type SessionStatus, selectCurrentUser, selectRole, selectSessionStatus } from './session-slice';

export interface SessionView {
  status: SessionStatus;
  user: SessionUser | null;
  role: Role | null;
}

export function useSession(): SessionView {
  const status = useSelector(selectSessionStatus);
  const user = useSelector(selectCurrentUser);
  const role = useSelector(selectRole);
  return { status, user, role };
}
