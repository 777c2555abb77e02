import { type Role } from '@/shared/api';
import { paths } from '@/shared/config/paths';

/** Where a user lands after signing in (and where a signed-in user on /auth is sent). */
export function destinationForRole(role: Role): string {
  switch (role) {
    case 'admin':
      return paths.admin.getHref();
    case 'reviewer':
      return paths.reviewerDashboard.getHref();
    case 'user':
      return paths.home.getHref();
  }
}
