// Read by vite.config.ts (relative imports only: the config is bundled without the `@/` alias) and
// by src/app/lazy-routes.test.ts, which holds it to src/app/routes.tsx.
import { firstPapersPageUrl } from '../src/features/papers/api/first-page';
import { paths } from '../src/shared/config/paths';

/** What a lazy route loads before it can show itself: the module it imports and the API requests it makes first. */
export interface LazyRoute {
  /** The page module the route's `lazy()` imports, relative to the project root. */
  page: string;
  /** URLs the page requests as soon as it renders, when its address carries no query. */
  requests?: readonly string[];
}

/**
 * The lazy routes of src/app/routes.tsx with the page module each imports, and the API requests a
 * page makes as soon as it renders (under the API's base URL). Every lazy route also loads the
 * API (withApi): `LAZY_ROUTES_SHARED`.
 */
export function lazyRoutes(apiBaseUrl: string): Record<string, LazyRoute> {
  return {
    [paths.auth.path]: { page: 'src/pages/auth/auth-page.tsx' },
    [paths.papers.path]: { page: 'src/pages/papers/papers-page.tsx', requests: [firstPapersPageUrl(apiBaseUrl)] },
    [paths.paper.path]: { page: 'src/pages/paper-detail/paper-detail-page.tsx' },
    [paths.guidelines.path]: { page: 'src/pages/guidelines/guidelines-page.tsx' },
    [paths.contact.path]: { page: 'src/pages/contact/contact-page.tsx' },
    [paths.staff.path]: { page: 'src/pages/staff/staff-page.tsx' },
    [paths.journals.path]: { page: 'src/pages/journals/journals-page.tsx' },
    [paths.reviewerInvitation.path]: { page: 'src/pages/reviewer-invitation/reviewer-invitation-page.tsx' },
    [paths.submit.path]: { page: 'src/pages/submit/submit-page.tsx' },
    [paths.mySubmissions.path]: { page: 'src/pages/my-submissions/my-submissions-page.tsx' },
    [paths.testCheckout.path]: { page: 'src/pages/test-checkout/test-checkout-page.tsx' },
    [paths.reviewerDashboard.path]: { page: 'src/pages/reviewer-dashboard/reviewer-dashboard-page.tsx' },
    [paths.review.path]: { page: 'src/pages/review/review-page.tsx' },
    [paths.admin.path]: { page: 'src/pages/admin/admin-page.tsx' },
  };
}

/** What every lazy route loads with its page (app/routes.tsx withApi). */
export const LAZY_ROUTES_SHARED = ['src/app/api-parts.ts'];
