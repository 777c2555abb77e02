// Public face of the invitations feature: pages and app/ import from here only.
export { ReviewerInvitation, type InvitationViewer } from './components/reviewer-invitation';
export { ReviewerInvitations } from './components/reviewer-invitations';
