import { randomUUID } from 'node:crypto';
import type { AdapterDeps, PlatformAdapter, TokenSet } from '../adapter';
import { expiresAt, splitScopes } from '../adapter';
import { AddressRefused, AuthExpired, Rejected, Retryable } from '../errors';
import { withQuery, type PlatformResponse } from '../http';
import { blueskyClientMetadata, blueskyScope } from './clientMetadata';
import type { DpopHttp } from './dpop';
import { classifyBlueskyError, errorOf, NAME } from './errors';
import { resolveDid } from './identity';
import { clientKeyFromSecret, jwkThumbprint, newDpopKey, publicJwkOf, signJwt, type PrivateJwk } from './keys';
import { sessionData, sessionOf, type BlueskySession } from './session';
import type { Xrpc } from './xrpc';

/**
 * AT Protocol OAuth (atproto.com/specs/oauth): the service's protected-resource metadata names
 * its authorization server; that server's metadata gives PAR, authorize, token and revoke
 * endpoints. Every request to it carries a DPoP proof, and our confidential client authenticates
 * with a private_key_jwt assertion. PKCE S256 is required; the authorize URL carries only
 * client_id and the pushed request_uri. The token answer's `sub` is the account's DID; its DID
 * document names the PDS, whose own metadata must name the same authorization server.
 */

interface ServerMetadata {
  issuer: string;
  pushedAuthorizationRequestEndpoint: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  revocationEndpoint?: string;
}

const ok = (response: PlatformResponse) => response.status >= 200 && response.status < 300;

export function createBlueskyAdapter({ credentials, hosts, http, clock }: AdapterDeps, dpopHttp: DpopHttp, xrpc: Xrpc): PlatformAdapter {
  const clientKey = clientKeyFromSecret(credentials.clientSecret);
  const clientKid = jwkThumbprint(publicJwkOf(clientKey));
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  async function getJson(url: string, what: string): Promise<Record<string, unknown>> {
    const response = await http({ method: 'GET', url });
    if (response.status >= 500) throw new Retryable(`${NAME} is unavailable`);
    if (!ok(response) || typeof response.body !== 'object' || response.body === null) throw new Rejected(`${NAME} gave no ${what} at ${url}`);
    return response.body as Record<string, unknown>;
  }

  /** The authorization server a resource server (the entryway or a PDS) names. */
  async function authorizationServerOf(resource: string): Promise<string> {
    const servers = (await getJson(`${resource}/.well-known/oauth-protected-resource`, 'protected-resource metadata'))['authorization_servers'];
    const issuer = Array.isArray(servers) ? servers[0] : undefined;
    if (typeof issuer !== 'string') throw new Rejected(`${NAME}'s server at ${resource} names no authorization server`);
    return issuer;
  }

  async function serverMetadata(issuer: string): Promise<ServerMetadata> {
    const metadata = await getJson(`${issuer}/.well-known/oauth-authorization-server`, 'authorization-server metadata');
    const text = (name: string) => (typeof metadata[name] === 'string' ? (metadata[name] as string) : undefined);
    const par = text('pushed_authorization_request_endpoint');
    const authorize = text('authorization_endpoint');
    const token = text('token_endpoint');
    if (text('issuer') !== issuer || !par || !authorize || !token) throw new Rejected(`${NAME}'s authorization server metadata at ${issuer} is incomplete`);
    const revocation = text('revocation_endpoint');
    return { issuer, pushedAuthorizationRequestEndpoint: par, authorizationEndpoint: authorize, tokenEndpoint: token, ...(revocation ? { revocationEndpoint: revocation } : {}) };
  }

  /** A step that asks the servers an account's identity names, whose refusal by the outbound rule is said in words. */
  async function publicServer<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof AddressRefused) throw new Rejected(`The ${NAME} server for this handle is not a public https address.`);
      throw error;
    }
  }

  /** private_key_jwt client authentication (RFC 7523), audience the issuer. */
  function clientAuthentication(issuer: string): Record<string, string> {
    const iat = nowSeconds();
    return {
      client_id: credentials.clientId,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: signJwt({ kid: clientKid }, { iss: credentials.clientId, sub: credentials.clientId, aud: issuer, jti: randomUUID(), iat, exp: iat + 60 }, clientKey),
    };
  }

  function serverPost(key: PrivateJwk, url: string, issuer: string, form: Record<string, string | undefined>) {
    return dpopHttp(key, { method: 'POST', url, form: { ...form, ...clientAuthentication(issuer) } });
  }

  /** A token answer turned into our TokenSet; `sub` must be the account we expect (on refresh). */
  async function tokenSet(response: PlatformResponse, session: Omit<BlueskySession, 'did' | 'pds'> & Partial<BlueskySession>): Promise<TokenSet> {
    if (!ok(response)) throw classifyBlueskyError(response, clock.now(), 'oauth');
    const body = (response.body ?? {}) as Record<string, unknown>;
    if (typeof body['access_token'] !== 'string' || body['token_type'] !== 'DPoP' || typeof body['sub'] !== 'string') {
      throw new Rejected(`${NAME} answered the token request without a DPoP-bound token for an account`);
    }
    const scopes = splitScopes(body['scope'], /\s+/);
    if (!scopes.includes('atproto')) throw new Rejected(`${NAME} did not grant the atproto scope`);
    let { did, pds } = session;
    if (did !== undefined && body['sub'] !== did) throw new AuthExpired(`${NAME} answered for another account: reconnect the account`);
    if (did === undefined || pds === undefined) {
      const identity = await publicServer(() => resolveDid(http, hosts['plc']!, body['sub'] as string));
      // The account's PDS must trust the server that issued the tokens (the spec's issuer check).
      const pdsIssuer = await publicServer(() => authorizationServerOf(identity.pds));
      if (pdsIssuer !== session.issuer) throw new Rejected(`${NAME}: the account's server ${identity.pds} does not use ${session.issuer} to sign in`);
      did = identity.did;
      pds = identity.pds;
    }
    const accessTokenExpiresAt = expiresAt(clock, body['expires_in']);
    return {
      accessToken: body['access_token'],
      ...(typeof body['refresh_token'] === 'string' ? { refreshToken: body['refresh_token'] } : {}),
      ...(accessTokenExpiresAt ? { accessTokenExpiresAt } : {}),
      accessTokenIssuedAt: clock.now().toISOString(),
      scopes,
      platformData: sessionData({ ...session, did, pds }),
    };
  }

  return {
    platform: 'bluesky',
    usesPkce: true,
    scopes: blueskyScope.split(' '),
    requiredScopes: blueskyScope.split(' '),

    async authorizeUrl({ state, redirectUri, codeChallenge }) {
      if (!codeChallenge) throw new Rejected(`${NAME} requires PKCE`);
      const server = await serverMetadata(await authorizationServerOf(hosts['entryway']!));
      const dpopKey = newDpopKey();
      const response = await serverPost(dpopKey, server.pushedAuthorizationRequestEndpoint, server.issuer, {
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: blueskyScope,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
      const requestUri = (response.body as { request_uri?: unknown } | undefined)?.request_uri;
      if (!ok(response) || typeof requestUri !== 'string') {
        if (response.status >= 500 || response.status === 429) throw classifyBlueskyError(response, clock.now());
        throw new Rejected(`${NAME} refused the sign-in request: ${errorOf(response).message}`);
      }
      return {
        url: withQuery(server.authorizationEndpoint, { client_id: credentials.clientId, request_uri: requestUri }),
        flowData: {
          dpopKey: JSON.stringify(dpopKey),
          issuer: server.issuer,
          tokenEndpoint: server.tokenEndpoint,
          ...(server.revocationEndpoint ? { revocationEndpoint: server.revocationEndpoint } : {}),
        },
      };
    },

    async exchangeCode({ code, redirectUri, codeVerifier, flowData, issuer: returnedIssuer }) {
      const data = flowData ?? {};
      let dpopKey: PrivateJwk;
      try {
        dpopKey = JSON.parse(data['dpopKey'] ?? '') as PrivateJwk;
      } catch {
        throw new Rejected(`${NAME}: this sign-in attempt lost its key; please connect again`);
      }
      const issuer = data['issuer'];
      const tokenEndpoint = data['tokenEndpoint'];
      if (!issuer || !tokenEndpoint || !codeVerifier) throw new Rejected(`${NAME}: this sign-in attempt is incomplete; please connect again`);
      // AT Protocol OAuth requires `iss` on the callback (RFC 9207): a code from any other server is refused.
      if (returnedIssuer !== issuer) throw new Rejected(`${NAME}: the sign-in came back from ${returnedIssuer ?? 'an unnamed server'}, not ${issuer}; please connect again`);
      const revocationEndpoint = data['revocationEndpoint'];
      const response = await serverPost(dpopKey, tokenEndpoint, issuer, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      });
      return tokenSet(response, { dpopKey, issuer, tokenEndpoint, ...(revocationEndpoint ? { revocationEndpoint } : {}) });
    },

    canRefresh: (tokens) => Boolean(tokens.refreshToken),

    async refresh(tokens) {
      if (!tokens.refreshToken) throw new AuthExpired(`${NAME} gave no refresh token: reconnect the account`);
      const session = sessionOf(tokens);
      // Refresh tokens are single-use: the answer's replaces it (tokenFreshness holds the lease).
      const response = await serverPost(session.dpopKey, session.tokenEndpoint, session.issuer, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
      return tokenSet(response, session);
    },

    async fetchProfile(tokens) {
      const { did } = sessionOf(tokens);
      const profile = xrpc.ok(await xrpc.query(tokens, 'app.bsky.actor.getProfile', { actor: did })).body as {
        did?: string;
        handle?: string;
        displayName?: string;
        avatar?: string;
      };
      if (profile.did !== did) throw new Rejected(`${NAME} answered the profile of another account`);
      const handle = profile.handle && profile.handle !== 'handle.invalid' ? profile.handle : undefined;
      return {
        platformUserId: did,
        displayName: profile.displayName?.trim() || handle || did,
        ...(handle ? { username: `@${handle}` } : {}),
        ...(profile.avatar ? { avatarUrl: profile.avatar } : {}),
      };
    },

    clientMetadata: (redirectUri) => blueskyClientMetadata({ clientId: credentials.clientId, clientSecret: credentials.clientSecret, redirectUri }),

    async revoke(tokens) {
      const session = sessionOf(tokens);
      if (!session.revocationEndpoint) return;
      for (const token of [tokens.refreshToken, tokens.accessToken]) {
        if (!token) continue;
        // RFC 7009: revoking either token ends the grant; an unknown token is not an error.
        const response = await serverPost(session.dpopKey, session.revocationEndpoint, session.issuer, { token });
        if (response.status >= 500 || response.status === 429) throw classifyBlueskyError(response, clock.now());
      }
    },
  };
}
