import type { AdapterDeps, PlatformAdapter, PlatformCredentials, TokenSet } from '../adapter';
import { splitScopes } from '../adapter';
import { AddressRefused, AuthExpired, Rejected } from '../errors';
import { withQuery, type PlatformResponse } from '../http';
import type { MastodonApi } from './api';
import { classifyMastodonError, errorOf, NAME } from './errors';
import { sessionData, sessionOf } from './session';
import { accountLimitsOf, readInstanceLimits } from './instance';

/**
 * Mastodon OAuth (docs.joinmastodon.org/spec/oauth, /methods/apps, /methods/oauth): the account
 * lives on a server its user names; OneClick registers its app there once (POST /api/v1/apps,
 * kept per server by `clientRegistrations`), sends the browser to that server's /oauth/authorize
 * with PKCE (S256, Mastodon 4.3 and later) and exchanges the code at /oauth/token with the app's
 * id and secret. The token does not expire (no refresh token); disconnecting revokes it
 * (/oauth/revoke). The profile is GET /api/v1/accounts/verify_credentials, with the server's
 * limits (GET /api/v2/instance) the connection keeps.
 */

/** What OneClick asks for: reading the account (its profile, its statuses' numbers) and writing statuses and media. */
export const MASTODON_SCOPES = ['read', 'write:statuses', 'write:media', 'profile'] as const;
/** The app's name on every server, shown on its consent page and under statuses ("via OneClick"). */
export const MASTODON_CLIENT_NAME = 'OneClick';

const ok = (response: PlatformResponse) => response.status >= 200 && response.status < 300;

/** An account id is unique on its server only: ours is `<id>@<host>`, unique across servers. */
export const accountIdOf = (id: string, server: string) => `${id}@${new URL(server).host}`;

export function createMastodonAdapter({ http, clock, clientRegistrations }: AdapterDeps, api: MastodonApi): PlatformAdapter {
  /** A call to the server the user named, whose refusal by the outbound rule is said in words. */
  async function publicServer<T>(server: string, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof AddressRefused) throw new Rejected(`The ${NAME} server ${server} is not a public https address.`);
      throw error;
    }
  }

  /** The server's own limits (GET /api/v2/instance, public), kept with the connection. */
  async function readLimits(tokens: TokenSet) {
    const { server } = sessionOf(tokens);
    return accountLimitsOf(await publicServer(server, () => readInstanceLimits(http, server, clock.now())), clock.now());
  }

  /** The app registered at this server for this redirect URI: kept, or registered now (once: a race keeps one). */
  async function appAt(server: string, redirectUri: string): Promise<PlatformCredentials> {
    if (!clientRegistrations) throw new Rejected(`${NAME} cannot be connected from here`);
    const kept = await clientRegistrations.get(server);
    if (kept) return kept;
    const response = await publicServer(server, () =>
      http({ method: 'POST', url: `${server}/api/v1/apps`, form: { client_name: MASTODON_CLIENT_NAME, redirect_uris: redirectUri, scopes: MASTODON_SCOPES.join(' '), website: new URL(redirectUri).origin } }),
    );
    const body = (response.body ?? {}) as { client_id?: unknown; client_secret?: unknown };
    if (!ok(response) || typeof body.client_id !== 'string' || typeof body.client_secret !== 'string') {
      if (response.status >= 500 || response.status === 429) throw classifyMastodonError(response, clock.now());
      throw new Rejected(`${NAME}: ${server} did not register OneClick (${errorOf(response)}); is it a Mastodon server?`);
    }
    return clientRegistrations.keep(server, { clientId: body.client_id, clientSecret: body.client_secret });
  }

  return {
    platform: 'mastodon',
    usesPkce: true,
    scopes: MASTODON_SCOPES,
    requiredScopes: ['read', 'write:statuses', 'write:media'],

    async authorizeUrl({ state, redirectUri, codeChallenge, server }) {
      if (!server) throw new Rejected(`${NAME} needs the server your account is on`);
      if (!codeChallenge) throw new Rejected(`${NAME} requires PKCE`);
      const app = await appAt(server, redirectUri);
      return {
        url: withQuery(`${server}/oauth/authorize`, {
          response_type: 'code',
          client_id: app.clientId,
          redirect_uri: redirectUri,
          scope: MASTODON_SCOPES.join(' '),
          state,
          code_challenge: codeChallenge,
          code_challenge_method: 'S256',
        }),
        flowData: { server, clientId: app.clientId, clientSecret: app.clientSecret },
      };
    },

    async exchangeCode({ code, redirectUri, codeVerifier, flowData }) {
      const server = flowData?.['server'];
      const clientId = flowData?.['clientId'];
      const clientSecret = flowData?.['clientSecret'];
      if (!server || !clientId || !clientSecret || !codeVerifier) throw new Rejected(`${NAME}: this sign-in attempt is incomplete; please connect again`);
      const response = await publicServer(server, () =>
        http({
          method: 'POST',
          url: `${server}/oauth/token`,
          form: { grant_type: 'authorization_code', code, client_id: clientId, client_secret: clientSecret, redirect_uri: redirectUri, code_verifier: codeVerifier, scope: MASTODON_SCOPES.join(' ') },
        }),
      );
      const body = (response.body ?? {}) as { access_token?: unknown; token_type?: unknown; scope?: unknown };
      if (!ok(response)) {
        if (response.status === 400 || response.status === 401) throw new AuthExpired(`${NAME} refused the sign-in: ${errorOf(response)}`);
        throw classifyMastodonError(response, clock.now());
      }
      if (typeof body.access_token !== 'string' || String(body.token_type).toLowerCase() !== 'bearer') throw new Rejected(`${NAME} answered the sign-in without a token`);
      return {
        accessToken: body.access_token,
        accessTokenIssuedAt: clock.now().toISOString(),
        scopes: splitScopes(body.scope, /\s+/),
        platformData: sessionData({ server, clientId, clientSecret }),
      };
    },

    // Mastodon's tokens do not expire: they last until revoked.
    canRefresh: () => false,

    refresh: async () => {
      throw new AuthExpired(`${NAME} tokens are not refreshed: reconnect the account`);
    },

    async fetchProfile(tokens: TokenSet) {
      const { server } = sessionOf(tokens);
      const account = api.ok(await api.call(tokens, { method: 'GET', path: '/api/v1/accounts/verify_credentials' })).body as {
        id?: unknown;
        username?: unknown;
        display_name?: unknown;
        avatar?: unknown;
      };
      if (typeof account.id !== 'string' || typeof account.username !== 'string') throw new Rejected(`${NAME} answered the profile without the account`);
      const handle = `@${account.username}@${new URL(server).host}`;
      return {
        platformUserId: accountIdOf(account.id, server),
        displayName: (typeof account.display_name === 'string' && account.display_name.trim()) || account.username,
        username: handle,
        ...(typeof account.avatar === 'string' ? { avatarUrl: account.avatar } : {}),
        limits: await readLimits(tokens),
      };
    },

    readLimits,

    async revoke(tokens) {
      const { server, clientId, clientSecret } = sessionOf(tokens);
      const response = await http({ method: 'POST', url: `${server}/oauth/revoke`, form: { client_id: clientId, client_secret: clientSecret, token: tokens.accessToken } });
      if (response.status >= 500 || response.status === 429) throw classifyMastodonError(response, clock.now());
    },
  };
}
