import { expiresAt, splitScopes, type AdapterFactory, type TokenSet } from '../adapter';
import { accessEnded, AuthExpired, Rejected, RateLimited, Retryable, truncate } from '../errors';
import { basicAuth, withQuery, type PlatformResponse } from '../http';

const NAME = 'X';

/** OAuth 2.0 with PKCE; offline.access for a refresh token (platform-apis.md §4). Space-separated. */
export const xScopes = ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'] as const;

/** Maps X's problem+json, legacy and OAuth errors to our taxonomy (platform-apis.md §4 Errors). */
export function classifyXError(response: PlatformResponse, now: Date, during: 'oauth' | 'api' = 'api'): Error {
  const body = (response.body ?? {}) as {
    title?: string;
    detail?: string;
    type?: string;
    error?: string;
    error_description?: string;
    errors?: Array<{ message?: string }>;
  };
  const message = body.detail ?? body.error_description ?? body.errors?.[0]?.message ?? body.title ?? response.text;
  if (during === 'oauth' && (response.status === 400 || response.status === 401)) {
    return accessEnded(NAME);
  }
  if (response.status === 401 || /Unsupported Authentication/i.test(message) || body.type?.endsWith('/client-forbidden')) {
    return accessEnded(NAME);
  }
  if (response.status === 429 || body.type?.endsWith('/usage-capped')) {
    const reset = Number(response.headers.get('x-rate-limit-reset'));
    return new RateLimited(`${NAME} rate limit reached`, Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : new Date(now.getTime() + 15 * 60_000));
  }
  if (response.status >= 500) return new Retryable(`${NAME} is unavailable (${response.status})`);
  return new Rejected(truncate(`Twitter API error: ${message}`));
}

export const createXAdapter: AdapterFactory = ({ credentials, hosts, http, clock }) => {
  const authorization = basicAuth(credentials.clientId, credentials.clientSecret);
  const ok = (response: PlatformResponse) => response.status >= 200 && response.status < 300;

  async function tokenRequest(form: Record<string, string | undefined>, previous?: TokenSet): Promise<TokenSet> {
    const response = await http({ method: 'POST', url: `${hosts['api']}/2/oauth2/token`, form, headers: { authorization } });
    if (!ok(response)) throw classifyXError(response, clock.now(), 'oauth');
    const body = response.body as Record<string, unknown>;
    if (typeof body['access_token'] !== 'string') throw new Rejected('Invalid response from Twitter');
    const refreshToken = typeof body['refresh_token'] === 'string' ? body['refresh_token'] : previous?.refreshToken;
    const accessTokenExpiresAt = expiresAt(clock, body['expires_in']);
    return {
      accessToken: body['access_token'],
      ...(refreshToken ? { refreshToken } : {}),
      ...(accessTokenExpiresAt ? { accessTokenExpiresAt } : {}),
      accessTokenIssuedAt: clock.now().toISOString(),
      scopes: body['scope'] !== undefined ? splitScopes(body['scope'], /\s+/) : (previous?.scopes ?? []),
    };
  }

  return {
    platform: 'x',
    usesPkce: true,
    scopes: xScopes,
    requiredScopes: ['tweet.read', 'tweet.write', 'users.read', 'media.write'],

    authorizeUrl: async ({ state, redirectUri, codeChallenge }) => ({
      url: withQuery(`${hosts['www']}/i/oauth2/authorize`, {
        response_type: 'code',
        client_id: credentials.clientId,
        redirect_uri: redirectUri,
        scope: xScopes.join(' '),
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }),
    }),

    exchangeCode: ({ code, redirectUri, codeVerifier }) =>
      tokenRequest({
        code,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
        client_id: credentials.clientId,
      }),

    canRefresh: (tokens) => Boolean(tokens.refreshToken),

    refresh: async (tokens) => {
      if (!tokens.refreshToken) throw new AuthExpired(`${NAME} gave no refresh token: reconnect the account`);
      // X returns a new refresh token on every refresh; it replaces the old one.
      return tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken, client_id: credentials.clientId }, tokens);
    },

    async fetchProfile(tokens) {
      const response = await http({
        method: 'GET',
        url: withQuery(`${hosts['api']}/2/users/me`, { 'user.fields': 'profile_image_url,username,name,verified' }),
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      if (!ok(response)) throw classifyXError(response, clock.now());
      const user = (response.body as { data?: { id?: string; name?: string; username?: string; profile_image_url?: string } }).data;
      if (!user?.id) throw new Rejected('Invalid response from Twitter');
      return {
        platformUserId: user.id,
        displayName: user.name || user.username || user.id,
        ...(user.username ? { username: `@${user.username}` } : {}),
        ...(user.profile_image_url ? { avatarUrl: user.profile_image_url } : {}),
      };
    },

    async revoke(tokens) {
      for (const [token, hint] of [
        [tokens.refreshToken, 'refresh_token'],
        [tokens.accessToken, 'access_token'],
      ] as const) {
        if (!token) continue;
        const response = await http({
          method: 'POST',
          url: `${hosts['api']}/2/oauth2/revoke`,
          form: { token, token_type_hint: hint, client_id: credentials.clientId },
          headers: { authorization },
        });
        if (response.status >= 500) throw classifyXError(response, clock.now());
      }
    },
  };
};
