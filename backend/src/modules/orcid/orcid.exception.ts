import type { Role } from '../../common/access/access-policy.js';

/** The two ways through ORCID: linking an iD to the signed-in account, and signing in with a linked one. */
export type OrcidFlow = 'link' | 'sign-in';

/**
 * Why a flow ended without its result. The web app reads the code from the address it is sent
 * back to and shows the spec's toast for it (docs/api.md, ORCID); the linking codes are the
 * spec's (section 8), `start_failed` is its 'Start failure', and sign-in has codes of its own.
 */
export const OrcidErrorCode = {
  /** Linking: the session that started it has ended, or no one is signed in to start it. */
  AuthenticationRequired: 'authentication_required',
  /** Linking: the account that started it no longer exists. */
  UserNotFound: 'user_not_found',
  /** Linking: ORCID refused or could not be reached, or the link could not be stored. */
  LinkFailed: 'link_failed',
  /** Linking: the iD is another account's. */
  AlreadyLinked: 'already_linked',
  /** ORCID's token endpoint refused the code (used, expired, not ours), or answered no valid iD. */
  InvalidToken: 'invalid_token',
  /** The state is unknown, expired, used, tampered with, from another browser, or another account is signed in. */
  InvalidState: 'invalid_state',
  /** The flow could not be started (ORCID is off, or the state could not be kept). */
  StartFailed: 'start_failed',
  /** Sign-in: the iD is linked to no account (accounts are made with a confirmed e-mail, then linked). */
  NotLinked: 'not_linked',
  /** Sign-in: ORCID refused or could not be reached, or the account cannot be signed in. */
  SignInFailed: 'sign_in_failed',
  /** Sign-in: too many attempts from this address (RATE_LIMIT_AUTH_PER_MINUTE). */
  RateLimited: 'rate_limited',
} as const;

export type OrcidErrorCode = (typeof OrcidErrorCode)[keyof typeof OrcidErrorCode];

/** The codes each flow can end with. */
export type OrcidLinkErrorCode = Exclude<OrcidErrorCode, 'not_linked' | 'sign_in_failed' | 'rate_limited'>;
export type OrcidSignInErrorCode = Extract<OrcidErrorCode, 'not_linked' | 'invalid_state' | 'invalid_token' | 'sign_in_failed' | 'start_failed' | 'rate_limited'>;

/** Where signing in lands, by the spec's order of roles (section 2, /auth). */
const LANDING: { readonly [R in Role]: string } = { admin: '/admin', reviewer: '/reviewer-dashboard', user: '/' };

/**
 * Every address the flows send the browser back to: fixed paths of the journal with fixed
 * parameters, never one taken from the request, so no callback can be turned into a redirect
 * to another site.
 */
export const OrcidRedirect = {
  linked: '/?orcid=linked',
  linkFailed: (code: OrcidLinkErrorCode) => `/?orcid=error&message=${code}`,
  signedIn: (role: Role) => `${LANDING[role]}?orcid=signed_in`,
  signInFailed: (code: OrcidSignInErrorCode) => `/auth?orcid=error&message=${code}`,
} as const;

/** A flow that ended with one of its codes; the ORCID routes' filter sends the browser to the flow's page for it. */
export class OrcidException extends Error {
  private constructor(
    readonly flow: OrcidFlow,
    readonly code: OrcidErrorCode,
    readonly redirectUrl: string,
  ) {
    super(`ORCID ${flow} ended with ${code}`);
    this.name = 'OrcidException';
  }

  static link(code: OrcidLinkErrorCode): OrcidException {
    return new OrcidException('link', code, OrcidRedirect.linkFailed(code));
  }

  static signIn(code: OrcidSignInErrorCode): OrcidException {
    return new OrcidException('sign-in', code, OrcidRedirect.signInFailed(code));
  }

  /** The code a flow ends with when it is refused for a reason both flows share. */
  static of(flow: OrcidFlow, code: OrcidLinkErrorCode & OrcidSignInErrorCode): OrcidException {
    return flow === 'link' ? OrcidException.link(code) : OrcidException.signIn(code);
  }
}
