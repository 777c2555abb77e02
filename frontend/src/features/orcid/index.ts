// Public face of the orcid feature: pages and app/ import from here only.
export { OrcidCard } from './components/orcid-card';
export { OrcidResultNotice } from './components/orcid-result-notice';
export { OrcidSignInButton } from './components/orcid-sign-in-button';
