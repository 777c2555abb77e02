import { type RouteObject } from 'react-router-dom';
import { AuthPage } from '@/pages/auth/auth-page';
import { HomePage } from '@/pages/home/home-page';
import { NotFoundPage } from '@/pages/not-found/not-found-page';
import { paths } from '@/shared/config/paths';
import { PageSpinner } from '@/shared/ui';
import { RequireAdmin } from './guards/require-admin';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './layout/root-layout';

// Home, /auth and 404 are in the initial bundle; every other page loads on demand.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: paths.home.path, element: <HomePage /> },
      { path: paths.auth.path, element: <AuthPage /> },
      {
        path: paths.papers.path,
        lazy: async () => ({ Component: (await import('@/pages/papers/papers-page')).PapersPage }),
      },
      {
        path: paths.paper.path,
        lazy: async () => ({ Component: (await import('@/pages/paper-detail/paper-detail-page')).PaperDetailPage }),
      },
      {
        path: paths.guidelines.path,
        lazy: async () => ({ Component: (await import('@/pages/guidelines/guidelines-page')).GuidelinesPage }),
      },
      {
        path: paths.contact.path,
        lazy: async () => ({ Component: (await import('@/pages/contact/contact-page')).ContactPage }),
      },
      {
        path: paths.staff.path,
        lazy: async () => ({ Component: (await import('@/pages/staff/staff-page')).StaffPage }),
      },
      {
        path: paths.journals.path,
        lazy: async () => ({ Component: (await import('@/pages/journals/journals-page')).JournalsPage }),
      },
      {
        path: paths.reviewerInvitation.path,
        lazy: async () => ({
          Component: (await import('@/pages/reviewer-invitation/reviewer-invitation-page')).ReviewerInvitationPage,
        }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: paths.submit.path,
            lazy: async () => ({ Component: (await import('@/pages/submit/submit-page')).SubmitPage }),
          },
          {
            path: paths.mySubmissions.path,
            lazy: async () => ({
              Component: (await import('@/pages/my-submissions/my-submissions-page')).MySubmissionsPage,
            }),
          },
          {
            path: paths.testCheckout.path,
            lazy: async () => ({
              Component: (await import('@/pages/test-checkout/test-checkout-page')).TestCheckoutPage,
            }),
          },
          {
            path: paths.reviewerDashboard.path,
            lazy: async () => ({
              Component: (await import('@/pages/reviewer-dashboard/reviewer-dashboard-page')).ReviewerDashboardPage,
            }),
          },
          {
            path: paths.review.path,
            lazy: async () => ({ Component: (await import('@/pages/review/review-page')).ReviewPage }),
          },
          {
            element: <RequireAdmin />,
            children: [
              {
                path: paths.admin.path,
                lazy: async () => ({ Component: (await import('@/pages/admin/admin-page')).AdminPage }),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
