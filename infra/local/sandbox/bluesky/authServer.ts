import { clientKeyFromSecret, publicJwkOf } from '../../../../functions/platforms/bluesky/keys';
import { json, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import {
  checkRefreshToken,
  isFailure,
  issueForCode,
  redeemCode,
  redirectTo,
  refreshGrant,
  requireParameters,
  revokeGrantOf,
  tokenForm,
  type AuthorizeDialect,
  type AuthorizeRefusal,
  type IssuedGrant,
  type TokenFailure,
} from '../oauth';
import { decodeJwt, verifyEs256 } from './jwt';
import { didOf, randomId, type BlueskyState } from './state';

/**
 * Bluesky's authorization server (atproto.com/specs/oauth), at the entryway:
 *
 *   GET  /.well-known/oauth-protected-resource     {resource, authorization_servers} (also on the PDS)
 *   GET  /.well-known/oauth-authorization-server   issuer and endpoints; PAR required, DPoP ES256
 *   POST /oauth/par      pushed request (form, DPoP, private_key_jwt) → 201 {request_uri, expires_in}
 *   GET  /oauth/authorize?client_id&request_uri     the consent dialog; back with code, state, iss
 *   POST /oauth/token    authorization_code (PKCE, same DPoP key as PAR) | refresh_token (rotates,
 *                        bound to the key) → {access_token, token_type: DPoP, expires_in, refresh_token, scope, sub}
 *   POST /oauth/revoke   RFC 7009
 *
 * Every answer carries DPoP-Nonce; a proof without the current nonce is refused with 400
 * use_dpop_nonce. The registered client authenticates with an ES256 assertion signed by the key
 * its secret stands for (functions/platforms/bluesky/keys.ts): the sandbox knows that one app.
 */

const ACCESS_SECONDS = 3600;
const REFRESH_SECONDS = 90 * 24 * 3600;
const REQUEST_URI_SECONDS = 299;
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
export const blueskyScopes = ['atproto', 'transition:generic', 'transition:chat.bsky', 'transition:email'];

interface PushedRequest {
  parameters: URLSearchParams;
  jkt: string;
  expiresAt: number;
}

/** Which DPoP key a token is bound to: carried inside the token itself (access tokens are JWTs with cnf.jkt). */
export function boundKeyOf(token: string): string | undefined {
  if (token.startsWith('ref-')) return token.split('.')[1];
  const payload = decodeJwt(token)?.payload;
  const cnf = payload?.['cnf'] as { jkt?: unknown } | undefined;
  return typeof cnf?.jkt === 'string' ? cnf.jkt : undefined;
}

export function blueskyAuthServer(state: BlueskyState) {
  const { context, dpop } = state;
  const pushed = new Map<string, PushedRequest>();
  /** PKCE challenge of a pushed request → the DPoP key it was pushed with (the code inherits it). */
  const challengeKeys = new Map<string, string>();
  const usedAssertions = new Set<string>();
  /** The key the tokens being issued now are bound to (set just before issuing; issuing is synchronous). */
  let issuingFor = '';

  const withNonce = (response: SandboxResponse): SandboxResponse => ({ ...response, headers: { ...response.headers, 'dpop-nonce': dpop.nonce(), 'cache-control': 'no-store' } });
  const oauthError = (status: number, error: string, description: string) => withNonce(json(status, { error, error_description: description }));

  const authorize: AuthorizeDialect = {
    endpoints: [{ hostKey: 'entryway', path: '/oauth/authorize' }],
    clientIdParameter: 'client_id',
    scopeDelimiter: 'space',
    knownScopes: blueskyScopes,
    requiredScopes: ['atproto'],
    pkce: 'required',
    pushedParameters(query): URLSearchParams | AuthorizeRefusal {
      const requestUri = query.get('request_uri');
      if (!requestUri) return { error: 'invalid_request', description: 'Pushed authorization request required (request_uri missing)' };
      const request = pushed.get(requestUri);
      if (!request || request.expiresAt <= context.now()) return { error: 'invalid_request', description: 'This request has expired' };
      if (query.get('client_id') !== request.parameters.get('client_id')) return { error: 'invalid_request', description: 'client_id does not match the pushed request' };
      return request.parameters;
    },
    grantsRefreshToken: () => true,
    allowRedirect: (request, code) => redirectTo(request.redirectUri, { iss: state.issuer(), state: request.state, code }),
    denyRedirect: (request) => redirectTo(request.redirectUri, { iss: state.issuer(), state: request.state, error: 'access_denied', error_description: 'Access denied' }),
    shapes: {
      code: () => `cod-${randomId(32)}`,
      access: () => {
        const header = Buffer.from(JSON.stringify({ typ: 'at+jwt', alg: 'ES256K' })).toString('base64url');
        const payload = Buffer.from(JSON.stringify({ iss: state.issuer(), cnf: { jkt: issuingFor }, jti: `tok-${randomId()}`, iat: Math.floor(context.now() / 1000) })).toString('base64url');
        return `${header}.${payload}.${randomId(32)}`;
      },
      refresh: () => `ref-${randomId(32)}.${issuingFor}`,
    },
  };

  /** private_key_jwt: an ES256 assertion by the registered client's key, for this issuer, fresh and unused. */
  function clientRefusal(form: URLSearchParams): SandboxResponse | undefined {
    const clientId = form.get('client_id');
    if (!clientId) return oauthError(400, 'invalid_request', 'client_id is required');
    if (clientId !== context.client.clientId) return oauthError(400, 'invalid_client', `Unknown client ${clientId}`);
    if (form.get('client_assertion_type') !== ASSERTION_TYPE) return oauthError(400, 'invalid_client', 'This client authenticates with private_key_jwt');
    const assertion = form.get('client_assertion') ?? '';
    const decoded = decodeJwt(assertion);
    const key = publicJwkOf(clientKeyFromSecret(context.client.clientSecret));
    if (!decoded || decoded.header['alg'] !== 'ES256' || !verifyEs256(assertion, key)) return oauthError(400, 'invalid_client', 'Invalid client assertion signature');
    const { payload } = decoded;
    const nowSeconds = context.now() / 1000;
    if (payload['iss'] !== clientId || payload['sub'] !== clientId) return oauthError(400, 'invalid_client', 'Client assertion iss and sub must be the client_id');
    if (payload['aud'] !== state.issuer()) return oauthError(400, 'invalid_client', 'Client assertion aud must be the issuer');
    if (typeof payload['exp'] === 'number' && payload['exp'] < nowSeconds) return oauthError(400, 'invalid_client', 'Client assertion expired');
    const jti = payload['jti'];
    if (typeof jti !== 'string' || usedAssertions.has(jti)) return oauthError(400, 'invalid_client', 'Client assertion jti missing or replayed');
    usedAssertions.add(jti);
    return undefined;
  }

  function proofOf(request: SandboxRequest): { jkt: string } | SandboxResponse {
    const check = dpop.check(request, `${state.issuer()}${request.path}`);
    if (!check.ok) return oauthError(400, check.error, check.description);
    return { jkt: check.jkt };
  }

  function tokenFailure(failure: TokenFailure): SandboxResponse {
    switch (failure.failure) {
      case 'not_form':
        return oauthError(400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
      case 'missing_parameter':
        return oauthError(400, 'invalid_request', `${failure.parameter} is required`);
      case 'unsupported_grant_type':
        return oauthError(400, 'unsupported_grant_type', `Unsupported grant_type ${failure.grantType}`);
      case 'invalid_client':
        return oauthError(400, 'invalid_client', 'Invalid client');
      case 'redirect_mismatch':
        return oauthError(400, 'invalid_grant', 'Invalid redirect_uri');
      case 'invalid_verifier':
        return oauthError(400, 'invalid_grant', failure.reason === 'missing' ? 'code_verifier is required' : 'Invalid code_verifier');
      case 'invalid_code':
        return oauthError(400, 'invalid_grant', 'Invalid code');
      case 'invalid_refresh_token':
        return oauthError(400, 'invalid_grant', failure.reason === 'revoked' ? 'Token was revoked' : failure.reason === 'expired' ? 'Token expired' : 'Invalid refresh token');
    }
  }

  function tokenAnswer(grant: IssuedGrant, scopes: string[], account: string): SandboxResponse {
    return withNonce(
      json(200, {
        access_token: grant.accessToken,
        token_type: 'DPoP',
        expires_in: ACCESS_SECONDS,
        ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
        scope: scopes.join(' '),
        sub: didOf(account),
      }),
    );
  }

  async function par(request: SandboxRequest): Promise<SandboxResponse> {
    const proof = proofOf(request);
    if ('status' in proof) return proof;
    const form = await tokenForm(request);
    if (isFailure(form)) return tokenFailure(form);
    const refused = clientRefusal(form);
    if (refused) return refused;
    const missing = requireParameters(form, ['response_type', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method']);
    if (missing) return tokenFailure(missing);
    if (form.get('code_challenge_method') !== 'S256') return oauthError(400, 'invalid_request', 'code_challenge_method must be S256');
    if (form.has('request_uri')) return oauthError(400, 'invalid_request', 'request_uri cannot be pushed');
    const parameters = new URLSearchParams(form);
    for (const name of ['client_assertion', 'client_assertion_type']) parameters.delete(name);
    const requestUri = `urn:ietf:params:oauth:request_uri:req-${randomId()}`;
    pushed.set(requestUri, { parameters, jkt: proof.jkt, expiresAt: context.now() + REQUEST_URI_SECONDS * 1000 });
    challengeKeys.set(form.get('code_challenge')!, proof.jkt);
    return withNonce(json(201, { request_uri: requestUri, expires_in: REQUEST_URI_SECONDS }));
  }

  async function token(request: SandboxRequest): Promise<SandboxResponse> {
    const proof = proofOf(request);
    if ('status' in proof) return proof;
    const form = await tokenForm(request);
    if (isFailure(form)) return tokenFailure(form);
    const refused = clientRefusal(form);
    if (refused) return refused;
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const missing = requireParameters(form, ['code', 'redirect_uri', 'code_verifier']);
      if (missing) return tokenFailure(missing);
      const code = redeemCode(context, authorize, form);
      if (isFailure(code)) return tokenFailure(code);
      if (!code.codeChallenge || challengeKeys.get(code.codeChallenge) !== proof.jkt) return oauthError(400, 'invalid_dpop_key', 'DPoP key mismatch: use the key of the pushed request');
      issuingFor = proof.jkt;
      return tokenAnswer(issueForCode(context, authorize, code, { accessSeconds: ACCESS_SECONDS, refreshSeconds: REFRESH_SECONDS }), code.scopes, code.account);
    }
    if (grantType === 'refresh_token') {
      const missing = requireParameters(form, ['refresh_token']);
      if (missing) return tokenFailure(missing);
      const refresh = checkRefreshToken(context, form);
      if (isFailure(refresh)) return tokenFailure(refresh);
      if (boundKeyOf(form.get('refresh_token')!) !== proof.jkt) return oauthError(400, 'invalid_dpop_key', 'DPoP key mismatch');
      issuingFor = proof.jkt;
      return tokenAnswer(refreshGrant(context, authorize, refresh, { accessSeconds: ACCESS_SECONDS, refreshSeconds: REFRESH_SECONDS, rotate: true }), refresh.scopes, refresh.account);
    }
    return tokenFailure(grantType ? { failure: 'unsupported_grant_type', grantType } : { failure: 'missing_parameter', parameter: 'grant_type' });
  }

  async function revoke(request: SandboxRequest): Promise<SandboxResponse> {
    const proof = proofOf(request);
    if ('status' in proof) return proof;
    const form = await tokenForm(request);
    if (isFailure(form)) return tokenFailure(form);
    const refused = clientRefusal(form);
    if (refused) return refused;
    const tokenValue = form.get('token');
    if (!tokenValue) return oauthError(400, 'invalid_request', 'token is required');
    revokeGrantOf(context, tokenValue);
    return withNonce(json(200, {}));
  }

  const metadata = () =>
    json(200, {
      issuer: state.issuer(),
      authorization_endpoint: `${state.issuer()}/oauth/authorize`,
      token_endpoint: `${state.issuer()}/oauth/token`,
      pushed_authorization_request_endpoint: `${state.issuer()}/oauth/par`,
      revocation_endpoint: `${state.issuer()}/oauth/revoke`,
      require_pushed_authorization_requests: true,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['ES256'],
      dpop_signing_alg_values_supported: ['ES256'],
      scopes_supported: blueskyScopes,
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    });

  const protectedResource = (resource: () => string) => () => json(200, { resource: resource(), authorization_servers: [state.issuer()], scopes_supported: [], bearer_methods_supported: ['header'] });

  const routes: Route[] = [
    { method: 'GET', hostKey: 'entryway', path: '/.well-known/oauth-protected-resource', handle: protectedResource(() => state.issuer()) },
    { method: 'GET', hostKey: 'pds', path: '/.well-known/oauth-protected-resource', handle: protectedResource(() => state.pdsUrl()) },
    { method: 'GET', hostKey: 'entryway', path: '/.well-known/oauth-authorization-server', handle: metadata },
    { method: 'POST', hostKey: 'entryway', path: '/oauth/par', handle: par },
    { method: 'POST', hostKey: 'entryway', path: '/oauth/token', handle: token },
    { method: 'POST', hostKey: 'entryway', path: '/oauth/revoke', handle: revoke },
  ];
  return {
    authorize,
    routes,
    reset() {
      pushed.clear();
      challengeKeys.clear();
    },
  };
}
