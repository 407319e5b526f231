import { expiresAt, splitScopes, type AdapterFactory, type TokenSet } from '../adapter';
import { accessEnded, AuthExpired, Rejected, RateLimited, Retryable, truncate } from '../errors';
import { withQuery, type PlatformResponse } from '../http';

const NAME = 'Instagram';

/**
 * Instagram API with Instagram Login (platform-apis.md §3), plus insights for analytics
 * (docs/analytics.md) and comments for the first comment (docs/publishing.md). Comma-separated.
 */
export const instagramScopes = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_insights',
  'instagram_business_manage_comments',
] as const;

/** The Graph API version our calls name; configurable, since Meta retires versions. */
export const defaultGraphVersion = 'v21.0';

const DAY_MS = 24 * 3600_000;
const rateLimitCodes = new Set([4, 17, 32, 613, 80002]);

interface GraphError {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number; is_transient?: boolean; error_user_msg?: string } | string;
  error_type?: string;
  error_message?: string;
}

/** Maps Graph API errors to our taxonomy (platform-apis.md §3 Errors). */
export function classifyInstagramError(response: PlatformResponse, now: Date): Error {
  const body = (response.body ?? {}) as GraphError;
  if (typeof body.error === 'string' || body.error_type) {
    // The api.instagram.com OAuth shape: {error_type, code, error_message}
    const message = body.error_message ?? String(body.error);
    return new Rejected(truncate(`Failed to get Instagram access token: ${message}`));
  }
  const error = body.error;
  const message = error?.error_user_msg ?? error?.message ?? response.text;
  if (error?.code === 190 || /REVOKED_ACCESS_TOKEN|session has been invalidated/i.test(message)) {
    return accessEnded(NAME);
  }
  if (error?.code === 10 || error?.code === 200) return new AuthExpired(`${NAME} needs you to reconnect and allow every permission OneClick asks for (a permission is missing or was removed).`);
  if (error?.code === 9 && error.error_subcode === 2207042) return new RateLimited(`${NAME} daily publishing limit reached`, new Date(now.getTime() + DAY_MS));
  if (error?.code !== undefined && rateLimitCodes.has(error.code)) return new RateLimited(`${NAME} rate limit reached`, new Date(now.getTime() + 3600_000));
  if (error?.is_transient || response.status >= 500) return new Retryable(truncate(`${NAME} is unavailable: ${message}`));
  return new Rejected(truncate(`Instagram API error: ${message}`));
}

export const createInstagramAdapter: AdapterFactory = ({ credentials, hosts, http, clock }) => {
  const graph = (path: string) => `${hosts['graph']}/${defaultGraphVersion}${path}`;
  const ok = (response: PlatformResponse) => response.status >= 200 && response.status < 300;

  function longLived(body: Record<string, unknown>, scopes: string[]): TokenSet {
    const accessToken = body['access_token'];
    if (typeof accessToken !== 'string') throw new Rejected('Failed to get Instagram access token');
    const accessTokenExpiresAt = expiresAt(clock, body['expires_in']);
    return {
      accessToken,
      ...(accessTokenExpiresAt ? { accessTokenExpiresAt } : {}),
      accessTokenIssuedAt: clock.now().toISOString(),
      scopes,
    };
  }

  return {
    platform: 'instagram',
    usesPkce: false,
    scopes: instagramScopes,
    requiredScopes: ['instagram_business_basic', 'instagram_business_content_publish'],

    authorizeUrl: async ({ state, redirectUri }) => ({
      url: withQuery(`${hosts['www']}/oauth/authorize`, {
        client_id: credentials.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: instagramScopes.join(','),
        state,
        force_reauth: 'true',
      }),
    }),

    async exchangeCode({ code, redirectUri }) {
      // 1. The code for a short-lived (1 h) token. Meta documents the answer inside data:[…]
      //    while clients read it flat, so both are accepted.
      const short = await http({
        method: 'POST',
        url: `${hosts['api']}/oauth/access_token`,
        form: {
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
          grant_type: 'authorization_code',
          redirect_uri: redirectUri,
          code,
        },
      });
      if (!ok(short)) throw classifyInstagramError(short, clock.now());
      const shortBody = short.body as Record<string, unknown> & { data?: Array<Record<string, unknown>> };
      const shortToken = (shortBody.data?.[0] ?? shortBody) as Record<string, unknown>;
      if (typeof shortToken['access_token'] !== 'string') throw new Rejected('Failed to get Instagram access token');
      const permissions = shortToken['permissions'];
      const scopes = Array.isArray(permissions) ? permissions.map(String) : splitScopes(permissions, /,/);
      // 2. The short-lived token for a long-lived (60 day) one.
      const long = await http({
        method: 'GET',
        url: withQuery(`${hosts['graph']}/access_token`, {
          grant_type: 'ig_exchange_token',
          client_secret: credentials.clientSecret,
          access_token: shortToken['access_token'],
        }),
      });
      if (!ok(long)) throw classifyInstagramError(long, clock.now());
      return longLived(long.body as Record<string, unknown>, scopes);
    },

    /** A long-lived token can be refreshed while it has not expired (there is no refresh token). */
    canRefresh: (tokens) => !tokens.accessTokenExpiresAt || new Date(tokens.accessTokenExpiresAt) > clock.now(),

    async refresh(tokens) {
      // Instagram refreshes only tokens at least 24 h old; a younger one is as fresh as it gets.
      if (clock.now().getTime() - new Date(tokens.accessTokenIssuedAt).getTime() < DAY_MS) return tokens;
      const response = await http({
        method: 'GET',
        url: withQuery(`${hosts['graph']}/refresh_access_token`, { grant_type: 'ig_refresh_token', access_token: tokens.accessToken }),
      });
      if (!ok(response)) throw classifyInstagramError(response, clock.now());
      return longLived(response.body as Record<string, unknown>, tokens.scopes);
    },

    async fetchProfile(tokens) {
      const response = await http({
        method: 'GET',
        url: withQuery(graph('/me'), { fields: 'user_id,username,name,profile_picture_url' }),
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      if (!ok(response)) throw classifyInstagramError(response, clock.now());
      const me = response.body as { id?: string; user_id?: string | number; username?: string; name?: string; profile_picture_url?: string };
      const platformUserId = String(me.user_id ?? me.id ?? '');
      if (!platformUserId) throw new Rejected('Instagram returned no account id');
      return {
        platformUserId,
        displayName: me.name || me.username || platformUserId,
        ...(me.username ? { username: me.username } : {}),
        ...(me.profile_picture_url ? { avatarUrl: me.profile_picture_url } : {}),
      };
    },

    // Instagram Login has no revoke endpoint: the tokens are deleted on our side, and the user
    // can remove the app in Instagram's settings.
    revoke: async () => undefined,
  };
};
