import { Inject, Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { isOrcidId } from './orcid-id.js';

/** Who ORCID says signed in at its end. */
export interface OrcidIdentity {
  orcidId: string;
  name: string | null;
}

/** What the authorization request asks for (spec section 9): `openid` to link, `/authenticate` to sign in. */
export type OrcidScope = 'openid' | '/authenticate';

/** Why the code brought no identity. */
export type OrcidExchangeFailure =
  /** ORCID said no at its end (the person declined), or its token endpoint refused the code. */
  | 'refused'
  /** ORCID's answer named no valid iD, or two different ones. */
  | 'no-identity'
  /** ORCID could not be reached, or answered something that is not OAuth. */
  | 'unavailable';

export class OrcidExchangeError extends Error {
  constructor(
    readonly failure: OrcidExchangeFailure,
    options?: { cause?: unknown },
  ) {
    super(`ORCID exchange failed: ${failure}`, options);
    this.name = 'OrcidExchangeError';
  }
}

const NAME_MAX_LENGTH = 200;
const ORCID_TIMEOUT_SECONDS = 10;

/**
 * ORCID's OAuth endpoints through `openid-client`: the authorization URL, and the code
 * exchanged with the client secret and the PKCE verifier. ORCID's token endpoint answers the iD
 * and the name beside the tokens (`orcid`, `name`); with the `openid` scope an ID token names
 * the iD too (`sub`), and the two must agree. The endpoints are ORCID's paths under
 * ORCID_BASE_URL, not discovered, so nothing is fetched before the first sign-in.
 */
@Injectable()
export class OrcidClient {
  private readonly configuration: oidc.Configuration | null;
  readonly callbackUrl: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.callbackUrl = `${config.http.publicUrl}/api/orcid/callback`;
    const orcid = config.orcid;
    if (!orcid) {
      this.configuration = null;
      return;
    }
    this.configuration = new oidc.Configuration(
      { issuer: orcid.baseUrl, authorization_endpoint: `${orcid.baseUrl}/oauth/authorize`, token_endpoint: `${orcid.baseUrl}/oauth/token` },
      orcid.clientId,
      undefined,
      // ORCID reads the client's credentials from the form body.
      oidc.ClientSecretPost(orcid.clientSecret),
    );
    // Only the local stand-in answers over plain HTTP; production refuses such a base URL (env.schema.ts).
    if (new URL(orcid.baseUrl).protocol === 'http:') oidc.allowInsecureRequests(this.configuration);
    this.configuration.timeout = ORCID_TIMEOUT_SECONDS;
  }

  get enabled(): boolean {
    return this.configuration !== null;
  }

  async authorizationUrl(request: { scope: OrcidScope; state: string; codeVerifier: string }): Promise<string> {
    const url = oidc.buildAuthorizationUrl(this.requireConfiguration(), {
      response_type: 'code',
      scope: request.scope,
      redirect_uri: this.callbackUrl,
      state: request.state,
      code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
    });
    return url.href;
  }

  /** The callback's parameters (code, state, or ORCID's error) exchanged for the identity they prove. */
  async exchange(query: Record<string, string>, checks: { state: string; codeVerifier: string }): Promise<OrcidIdentity> {
    const currentUrl = new URL(this.callbackUrl);
    for (const [name, value] of Object.entries(query)) currentUrl.searchParams.set(name, value);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(
        this.requireConfiguration(),
        currentUrl,
        { expectedState: checks.state, pkceCodeVerifier: checks.codeVerifier },
        { redirect_uri: this.callbackUrl },
      );
    } catch (error) {
      const refused = error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError;
      throw new OrcidExchangeError(refused ? 'refused' : 'unavailable', { cause: error });
    }
    return identityOf(tokens, tokens.claims());
  }

  private requireConfiguration(): oidc.Configuration {
    if (!this.configuration) throw new Error('ORCID is not configured');
    return this.configuration;
  }
}

function identityOf(tokens: oidc.TokenEndpointResponse, claims: oidc.IDToken | undefined): OrcidIdentity {
  const orcidId = tokens.orcid ?? claims?.sub;
  if (!isOrcidId(orcidId) || (claims && claims.sub !== orcidId)) throw new OrcidExchangeError('no-identity');
  const claimedName = [claims?.given_name, claims?.family_name].filter((part): part is string => typeof part === 'string').join(' ');
  return { orcidId, name: nameOf(tokens.name) ?? nameOf(claimedName) };
}

function nameOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.replace(/\s+/g, ' ').trim().slice(0, NAME_MAX_LENGTH).trim();
  return name === '' ? null : name;
}
