// Every route of the web app, in one place. Components link with `paths.x.getHref()` and the
// router registers `paths.x.path`, so a route is renamed in one line.
export const paths = {
  home: { path: '/', getHref: () => '/' },
  auth: {
    path: '/auth',
    // `returnTo`: the page to open after signing in (the auth feature checks it stays on this site).
    getHref: (returnTo?: string) => (returnTo ? `/auth?next=${encodeURIComponent(returnTo)}` : '/auth'),
  },
  papers: { path: '/papers', getHref: () => '/papers' },
  paper: { path: '/papers/:id', getHref: (id: string) => `/papers/${encodeURIComponent(id)}` },
  guidelines: { path: '/guidelines', getHref: () => '/guidelines' },
  contact: { path: '/contact', getHref: () => '/contact' },
  staff: { path: '/staff', getHref: () => '/staff' },
  journals: { path: '/journals', getHref: () => '/journals' },
  submit: { path: '/submit', getHref: () => '/submit' },
  mySubmissions: { path: '/my-submissions', getHref: () => '/my-submissions' },
  testCheckout: {
    path: '/payments/test-checkout',
    getHref: (sessionId: string) => `/payments/test-checkout?session_id=${encodeURIComponent(sessionId)}`,
  },
  reviewerDashboard: { path: '/reviewer-dashboard', getHref: () => '/reviewer-dashboard' },
  review: { path: '/review/:id', getHref: (id: string) => `/review/${encodeURIComponent(id)}` },
  admin: { path: '/admin', getHref: () => '/admin' },
  // Bull Board, served by the API server (not a route of the web app): link with a plain <a href>.
  adminQueues: { path: '/admin/queues', getHref: () => '/admin/queues' },
  reviewerInvitation: {
    path: '/reviewer-invitation',
    getHref: (token?: string) =>
      token ? `/reviewer-invitation?token=${encodeURIComponent(token)}` : '/reviewer-invitation',
  },
} as const;
