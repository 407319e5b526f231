/**
 * How one platform's authorize dialog differs from the common OAuth rules (oauth.ts): kept apart
 * from those rules so a platform's sandbox (platform.ts) can name it without importing them.
 */

export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string;
  codeChallenge?: string;
  codeChallengeMethod?: 'S256' | 'plain';
  /** The whole query, for the platform's own parameters (checked by its dialect's `validate`). */
  query: URLSearchParams;
}

/** Why an authorize request is refused: the error page shows both. */
export interface AuthorizeRefusal {
  error: string;
  description: string;
}

export interface AuthorizeDialect {
  /** Where the dialog is served: the real host key and path (a platform may have two). */
  endpoints: Array<{ hostKey: string; path: string }>;
  clientIdParameter: 'client_id' | 'client_key';
  /**
   * Apps the platform registers through its own API (one per
   * server), known besides the sandbox's one app: the app with this id, or undefined.
   */
  registeredClient?(clientId: string): { clientId: string; clientSecret: string } | undefined;
  /** How the scope parameter separates scopes; `comma-or-space` takes either. */
  scopeDelimiter: 'space' | 'comma' | 'comma-or-space';
  knownScopes: readonly string[];
  /** At least one of these must be requested (a platform's basic scope). */
  requiredScopes?: readonly string[];
  /** `ignored`: the platform does not do PKCE and disregards challenge parameters. */
  pkce: 'required' | 'optional' | 'ignored';
  /** The platform also accepts the S256 challenge hex-encoded (most use base64url only). */
  hexChallenge?: boolean;
  /** The platform's own parameters, checked after the common ones. */
  validate?(query: URLSearchParams): AuthorizeRefusal | undefined;
  /**
   * Pushed authorization requests (RFC 9126): the parameters the dialog's `request_uri` stands
   * for (checked against the client), or a refusal. The common checks then run on those.
   */
  pushedParameters?(query: URLSearchParams): URLSearchParams | AuthorizeRefusal;
  /** Whether the code's grant comes with a refresh token. */
  grantsRefreshToken(request: AuthorizeRequest, firstConsent: boolean): boolean;
  allowRedirect(request: AuthorizeRequest, code: string): string;
  denyRedirect(request: AuthorizeRequest): string;
  /** How this platform's codes and tokens look (`refresh` only where the platform has refresh tokens). */
  shapes: { code(): string; access(): string; refresh?(): string };
}
