/** Types of orcid-stand-in.mjs, for the backend's tests (TypeScript). */
export interface TestOrcidPerson {
  readonly orcidId: string;
  readonly name: string;
}

export declare const TEST_ORCID_IDS: readonly TestOrcidPerson[];
export declare const DEFAULT_STAND_IN_CLIENT_ID: string;
export declare function isOrcidId(value: unknown): value is string;

export interface OrcidStandInOptions {
  host?: string;
  /** 0 (the default): any free port. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** The journal's callback URL(s) registered for the client: `{PUBLIC_URL}/api/orcid/callback`. */
  redirectUris: string[];
}

export interface OrcidStandIn {
  /** ORCID_BASE_URL for the API. */
  url: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

export declare function startOrcidStandIn(options: OrcidStandInOptions): Promise<OrcidStandIn>;
