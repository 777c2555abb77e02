// Public face of the admin feature: pages and app/ import from here only.
export { adminApi, ADMIN_PAPERS_PAGE_SIZE, useChangePaperStatusMutation, useGetAdminPapersInfiniteQuery, useGetStatusCountsQuery } from './api/admin-api';
export { AdminActions } from './components/admin-actions';
export { AdminDashboard, ADMIN_TAGLINE } from './components/admin-dashboard';
export { ADMIN_PAPERS_LOAD_ERROR, emptyPapersMessage, statusUpdatedToast } from './model/admin-messages';
