import { type Role } from '@/shared/api';
import { safeReturnPath } from '@journal/web-shared/return-path';
import { destinationForRole } from './role-destination';

/** Where a sign-in leads: the page the person asked for when it is safe, else the role's landing page. */
export function destinationAfterSignIn(role: Role, requested: string | null | undefined): string {
  return safeReturnPath(requested) ?? destinationForRole(role);
}

export { RETURN_PATH_PARAM, safeReturnPath } from '@journal/web-shared/return-path';
