import { expiresAt, splitScopes, type AdapterFactory, type TokenSet } from '../adapter';
import { AuthExpired, Rejected, RateLimited, Retryable, truncate } from '../errors';
import { withQuery, type PlatformResponse } from '../http';

const NAME = 'LinkedIn';

/** Sign In with OpenID plus Share on LinkedIn (platform-apis.md §5). Space-separated. */
export const linkedinScopes = ['openid', 'profile', 'email', 'w_member_social'] as const;

/** The next 00:00 UTC, when LinkedIn's daily limits reset. */
function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** Maps LinkedIn errors to our taxonomy (platform-apis.md §5 Errors). */
export function classifyLinkedinError(response: PlatformResponse, now: Date): Error {
  const body = (response.body ?? {}) as { status?: number; serviceErrorCode?: number; code?: string; message?: string; error?: string; error_description?: string };
  const message = body.message ?? body.error_description ?? body.error ?? response.text;
  if (body.error === 'invalid_grant' || body.error === 'invalid_token') return new AuthExpired(truncate(`${NAME} access was revoked or expired: ${message}`));
  if (response.status === 401 || body.serviceErrorCode === 65600 || body.serviceErrorCode === 65601) {
    return new AuthExpired(truncate(`${NAME} needs you to reconnect: ${message}`));
  }
  if (response.status === 403 && /permission|scope/i.test(message)) return new AuthExpired(truncate(`${NAME} permission missing: ${message}`));
  if (response.status === 429) return new RateLimited(`${NAME} daily limit reached`, nextUtcMidnight(now));
  if (response.status >= 500) return new Retryable(`${NAME} is unavailable (${response.status})`);
  if (response.status === 426) return new Rejected(`LinkedIn API error: the configured LinkedIn-Version is no longer active (${message})`);
  return new Rejected(truncate(`LinkedIn API error: ${response.text}`));
}

export const createLinkedinAdapter: AdapterFactory = ({ credentials, hosts, http, clock }) => {
  const ok = (response: PlatformResponse) => response.status >= 200 && response.status < 300;

  async function tokenRequest(form: Record<string, string | undefined>, previous?: TokenSet): Promise<TokenSet> {
    const response = await http({ method: 'POST', url: `${hosts['www']}/oauth/v2/accessToken`, form });
    if (!ok(response)) {
      const body = (response.body ?? {}) as { error?: string };
      if (body.error && body.error !== 'invalid_grant') throw new Rejected(truncate(`LinkedIn OAuth error: ${response.text}`));
      throw classifyLinkedinError(response, clock.now());
    }
    const body = response.body as Record<string, unknown>;
    if (typeof body['access_token'] !== 'string') throw new Rejected(`LinkedIn OAuth error: ${response.text}`);
    const refreshToken = typeof body['refresh_token'] === 'string' ? body['refresh_token'] : previous?.refreshToken;
    const accessTokenExpiresAt = expiresAt(clock, body['expires_in']);
    const refreshTokenExpiresAt = expiresAt(clock, body['refresh_token_expires_in']) ?? previous?.refreshTokenExpiresAt;
    return {
      accessToken: body['access_token'],
      ...(refreshToken ? { refreshToken } : {}),
      ...(accessTokenExpiresAt ? { accessTokenExpiresAt } : {}),
      ...(refreshTokenExpiresAt ? { refreshTokenExpiresAt } : {}),
      accessTokenIssuedAt: clock.now().toISOString(),
      scopes: body['scope'] !== undefined ? splitScopes(body['scope'], /[\s,]+/) : (previous?.scopes ?? []),
    };
  }

  return {
    platform: 'linkedin',
    usesPkce: false,
    scopes: linkedinScopes,
    requiredScopes: ['openid', 'w_member_social'],

    authorizeUrl: async ({ state, redirectUri }) => ({
      url: withQuery(`${hosts['www']}/oauth/v2/authorization`, {
        response_type: 'code',
        client_id: credentials.clientId,
        redirect_uri: redirectUri,
        state,
        scope: linkedinScopes.join(' '),
      }),
    }),

    exchangeCode: ({ code, redirectUri }) =>
      tokenRequest({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
      }),

    /** Only approved partners get refresh tokens; everyone else re-authorizes every 60 days. */
    canRefresh: (tokens) =>
      Boolean(tokens.refreshToken) && (!tokens.refreshTokenExpiresAt || new Date(tokens.refreshTokenExpiresAt) > clock.now()),

    refresh: async (tokens) => {
      if (!tokens.refreshToken) throw new AuthExpired(`${NAME} tokens last 60 days and cannot be refreshed: reconnect the account`);
      return tokenRequest(
        { grant_type: 'refresh_token', refresh_token: tokens.refreshToken, client_id: credentials.clientId, client_secret: credentials.clientSecret },
        tokens,
      );
    },

    async fetchProfile(tokens) {
      const response = await http({
        method: 'GET',
        url: `${hosts['api']}/v2/userinfo`,
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      if (!ok(response)) throw classifyLinkedinError(response, clock.now());
      const me = response.body as { sub?: string; name?: string; given_name?: string; family_name?: string; picture?: string; email?: string };
      if (!me.sub) throw new Rejected('LinkedIn returned no member id');
      const displayName = me.name || [me.given_name, me.family_name].filter(Boolean).join(' ') || me.sub;
      return {
        platformUserId: me.sub,
        displayName,
        // A vanity name needs a restricted scope; the email (when shared) is what identifies the member.
        ...(me.email ? { username: me.email } : {}),
        ...(me.picture ? { avatarUrl: me.picture } : {}),
      };
    },

    async revoke(tokens) {
      const response = await http({
        method: 'POST',
        url: `${hosts['www']}/oauth/v2/revoke`,
        form: { client_id: credentials.clientId, client_secret: credentials.clientSecret, token: tokens.accessToken },
      });
      if (response.status >= 500) throw classifyLinkedinError(response, clock.now());
    },
  };
};
