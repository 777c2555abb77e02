import { type ComponentType } from 'react';
import { type RouteObject } from 'react-router-dom';
import { HomePage } from '@/pages/home/home-page';
import { NotFoundPage } from '@/pages/not-found/not-found-page';
import { paths } from '@/shared/config/paths';
import { PageSpinner } from '@/shared/ui';
import { RequireAdmin } from './guards/require-admin';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './layout/root-layout';
import { connectApi } from './store';

/** A page loaded on demand, with the API it works through (both fetched at once). */
async function withApi(page: Promise<ComponentType>) {
  const [Component] = await Promise.all([page, connectApi()]);
  return { Component };
}

// Home and 404 are in the initial bundle; every other page loads on demand (the sign-in forms
// too: the landing page's visitors do not need them to see it).
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: paths.home.path, element: <HomePage /> },
      {
        path: paths.auth.path,
        lazy: () => withApi(import('@/pages/auth/auth-page').then((page) => page.AuthPage)),
      },
      {
        path: paths.papers.path,
        lazy: () => withApi(import('@/pages/papers/papers-page').then((page) => page.PapersPage)),
      },
      {
        path: paths.paper.path,
        lazy: () => withApi(import('@/pages/paper-detail/paper-detail-page').then((page) => page.PaperDetailPage)),
      },
      {
        path: paths.guidelines.path,
        lazy: () => withApi(import('@/pages/guidelines/guidelines-page').then((page) => page.GuidelinesPage)),
      },
      {
        path: paths.contact.path,
        lazy: () => withApi(import('@/pages/contact/contact-page').then((page) => page.ContactPage)),
      },
      {
        path: paths.staff.path,
        lazy: () => withApi(import('@/pages/staff/staff-page').then((page) => page.StaffPage)),
      },
      {
        path: paths.journals.path,
        lazy: () => withApi(import('@/pages/journals/journals-page').then((page) => page.JournalsPage)),
      },
      {
        path: paths.reviewerInvitation.path,
        lazy: () => withApi(import('@/pages/reviewer-invitation/reviewer-invitation-page').then((page) => page.ReviewerInvitationPage)),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: paths.submit.path,
            lazy: () => withApi(import('@/pages/submit/submit-page').then((page) => page.SubmitPage)),
          },
          {
            path: paths.mySubmissions.path,
            lazy: () => withApi(import('@/pages/my-submissions/my-submissions-page').then((page) => page.MySubmissionsPage)),
          },
          {
            path: paths.testCheckout.path,
            lazy: () => withApi(import('@/pages/test-checkout/test-checkout-page').then((page) => page.TestCheckoutPage)),
          },
          {
            path: paths.reviewerDashboard.path,
            lazy: () => withApi(import('@/pages/reviewer-dashboard/reviewer-dashboard-page').then((page) => page.ReviewerDashboardPage)),
          },
          {
            path: paths.review.path,
            lazy: () => withApi(import('@/pages/review/review-page').then((page) => page.ReviewPage)),
          },
          {
            element: <RequireAdmin />,
            children: [
              {
                path: paths.admin.path,
                lazy: () => withApi(import('@/pages/admin/admin-page').then((page) => page.AdminPage)),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
