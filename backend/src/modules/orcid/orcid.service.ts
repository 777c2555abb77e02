import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { safeReturnPath, withQueryParameter } from '../../common/web-shared/return-path.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { AuthUser } from '../auth/auth-user.js';
import { AuthService, type SignedIn } from '../auth/auth.service.js';
import { SessionAuthenticator } from '../auth/session-authenticator.service.js';
import type { ClientInfo } from '../auth/sessions.service.js';
import { UsersService } from '../users/users.service.js';
import { OrcidClient, OrcidExchangeError, type OrcidIdentity, type OrcidScope } from './orcid-client.js';
import { OrcidException, type OrcidFlow, OrcidRedirect } from './orcid.exception.js';
import { hashFlowToken, isFlowToken, type OrcidFlowState, OrcidStateStore } from './orcid-state.store.js';

/** A started flow: where to send the browser, and the binding cookie it must bring back. */
export interface StartedFlow {
  authorizationUrl: string;
  binding: string;
}

/** What the callback received: ORCID's parameters, the browser's binding cookie, and who is signed in there now. */
export interface OrcidCallback {
  query: Record<string, string>;
  binding: string | undefined;
  currentUser: AuthUser | undefined;
  client: ClientInfo;
}

/** Where the callback sends the browser; a sign-in also carries the new session for the cookies. */
export type CallbackOutcome = { url: string; signedIn?: SignedIn };

const SCOPE: { readonly [F in OrcidFlow]: OrcidScope } = { link: 'openid', 'sign-in': '/authenticate' };

const newToken = () => randomBytes(32).toString('base64url');

/** What of the callback's query the flow reads: OAuth's response parameters, each once and as text. */
const CALLBACK_PARAMETERS = ['code', 'state', 'error', 'error_description', 'error_uri', 'iss'] as const;

export function callbackParametersOf(query: Record<string, unknown>): Record<string, string> {
  const parameters: Record<string, string> = {};
  for (const name of CALLBACK_PARAMETERS) {
    const value = query[name];
    if (typeof value === 'string') parameters[name] = value;
  }
  return parameters;
}

/**
 * ORCID linking and sign-in through ORCID's authorization-code flow, held entirely on the
 * server (docs/api.md, ORCID): the browser carries only the state in ORCID's URL and a binding
 * cookie. Each flow's state is kept in Redis, bound to the browser that started it (and, for
 * linking, to the account and session), used once, and short-lived.
 */
@Injectable()
export class OrcidService {
  private readonly logger = new Logger(OrcidService.name);

  constructor(
    private readonly orcid: OrcidClient,
    private readonly states: OrcidStateStore,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly sessions: SessionAuthenticator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  startLink(user: AuthUser, binding: string | undefined): Promise<StartedFlow> {
    return this.start('link', binding, { userId: user.id, sessionId: user.sessionId });
  }

  /** `next`: the page to open once signed in, kept only when it is a path of this site (`safeReturnPath`). */
  startSignIn(binding: string | undefined, next?: unknown): Promise<StartedFlow> {
    const returnTo = safeReturnPath(next);
    return this.start('sign-in', binding, returnTo ? { returnTo } : {});
  }

  async unlink(user: AuthUser): Promise<void> {
    await this.users.unlinkOrcid(user.id);
  }

  /**
   * ORCID's redirect back. Every failure is an `OrcidException` naming the flow's code; a
   * state that cannot be read names no flow, and is treated as linking when someone is signed
   * in (they started it from the dashboard) and as sign-in otherwise.
   */
  async complete(callback: OrcidCallback): Promise<CallbackOutcome> {
    const state = await this.states.take(callback.query.state);
    if (!state) throw OrcidException.of(callback.currentUser ? 'link' : 'sign-in', 'invalid_state');
    // Another browser (a link sent to someone else, a forged callback): the state is spent for nothing.
    if (!isFlowToken(callback.binding) || hashFlowToken(callback.binding) !== state.bindingHash) {
      throw OrcidException.of(state.flow, 'invalid_state');
    }
    return state.flow === 'link' ? this.completeLink(state, callback) : this.completeSignIn(state, callback);
  }

  private async start(flow: OrcidFlow, binding: string | undefined, owner: Pick<OrcidFlowState, 'userId' | 'sessionId' | 'returnTo'>): Promise<StartedFlow> {
    if (!this.orcid.enabled || !this.config.orcid) throw OrcidException.of(flow, 'start_failed');
    const state = newToken();
    const codeVerifier = newToken();
    // One binding per browser while it lasts, so two tabs can each be mid-flow.
    const browserBinding = isFlowToken(binding) ? binding : newToken();
    await this.states.save(state, { flow, bindingHash: hashFlowToken(browserBinding), codeVerifier, ...owner }, this.config.orcid.stateTtlSeconds);
    return { authorizationUrl: await this.orcid.authorizationUrl({ scope: SCOPE[flow], state, codeVerifier }), binding: browserBinding };
  }

  /**
   * The link goes to the account that started it, never to whoever else is signed in: another
   * account signed in in this browser since is refused (invalid_state), and so is a link whose
   * session has ended (authentication_required). The access token may have expired while the
   * person was at ORCID; the session it belonged to is what must still be live.
   */
  private async completeLink(state: OrcidFlowState, callback: OrcidCallback): Promise<CallbackOutcome> {
    const { userId, sessionId } = state;
    if (!userId || !sessionId) throw OrcidException.link('invalid_state');
    if (callback.currentUser && callback.currentUser.id !== userId) throw OrcidException.link('invalid_state');
    if (!(await this.sessions.isSessionActive(sessionId, userId))) throw OrcidException.link('authentication_required');
    const identity = await this.identityFrom('link', state, callback);
    const outcome = await this.users.linkOrcid(userId, { id: identity.orcidId, name: identity.name });
    switch (outcome) {
      case 'linked':
        return { url: OrcidRedirect.linked };
      case 'taken':
        throw OrcidException.link('already_linked');
      case 'no-account':
        throw OrcidException.link('user_not_found');
    }
  }

  /** Only an iD linked to an account signs in; ORCID makes no account (an account starts with a confirmed e-mail). */
  private async completeSignIn(state: OrcidFlowState, callback: OrcidCallback): Promise<CallbackOutcome> {
    const identity = await this.identityFrom('sign-in', state, callback);
    const userId = await this.users.findIdByOrcidId(identity.orcidId);
    if (!userId) throw OrcidException.signIn('not_linked');
    let signedIn: SignedIn;
    try {
      signedIn = await this.auth.signInIdentified(userId, callback.client);
    } catch (error) {
      this.logger.warn({ err: error, userId }, 'ORCID sign-in refused by the account');
      throw OrcidException.signIn('sign_in_failed');
    }
    const url = state.returnTo ? withQueryParameter(state.returnTo, 'orcid=signed_in') : OrcidRedirect.signedIn(signedIn.body.user.role);
    return { url, signedIn };
  }

  private async identityFrom(flow: OrcidFlow, state: OrcidFlowState, callback: OrcidCallback): Promise<OrcidIdentity> {
    try {
      return await this.orcid.exchange(callback.query, { state: callback.query.state, codeVerifier: state.codeVerifier });
    } catch (error) {
      if (!(error instanceof OrcidExchangeError)) throw error;
      // A code the token endpoint refused (used, expired, someone else's) or an answer naming no iD.
      const badToken = error.failure === 'no-identity' || (error.failure === 'refused' && !callback.query.error);
      if (badToken) throw OrcidException.of(flow, 'invalid_token');
      // The person declined at ORCID, or ORCID could not be reached.
      if (error.failure === 'unavailable') this.logger.error({ err: error.cause ?? error }, 'ORCID could not be reached');
      throw flow === 'link' ? OrcidException.link('link_failed') : OrcidException.signIn('sign_in_failed');
    }
  }
}
