import { expiresAt, splitScopes, type AdapterFactory, type TokenSet } from '../adapter';
import { accessEnded, AuthExpired, Rejected, RateLimited, Retryable, truncate } from '../errors';
import { withQuery, type PlatformResponse } from '../http';

const NAME = 'TikTok';

/** The spec's scopes, plus user.info.profile for the username (platform-apis.md §2). Comma-separated. */
export const tiktokScopes = ['user.info.basic', 'user.info.profile', 'video.list', 'video.upload', 'video.publish'] as const;

const reconnectCodes = new Set(['access_token_invalid', 'scope_not_authorized', 'scope_permission_missed', 'reached_active_user_cap']);
const rateLimitCodes = new Set(['rate_limit_exceeded', 'spam_risk_too_many_posts', 'spam_risk_too_many_pending_share']);

/** Maps TikTok's OAuth errors and API envelope errors to our taxonomy (platform-apis.md §2 Errors). */
export function classifyTiktokError(response: PlatformResponse, now: Date): Error {
  const body = (response.body ?? {}) as {
    error?: string | { code?: string; message?: string };
    error_description?: string;
  };
  if (typeof body.error === 'string') {
    if (body.error === 'invalid_grant') return accessEnded(NAME);
    return new Rejected(`${NAME} refused OneClick's sign-in request (${truncate(body.error, 60)}).`);
  }
  const code = body.error?.code;
  const message = body.error?.message || response.text;
  if (code && reconnectCodes.has(code)) return accessEnded(NAME);
  if (code && rateLimitCodes.has(code)) {
    const wait = code.startsWith('spam_risk') ? 24 * 3600_000 : 60_000;
    return new RateLimited(`${NAME} rate limit reached (${code})`, new Date(now.getTime() + wait));
  }
  if (response.status === 401) return accessEnded(NAME);
  if (response.status === 429) return new RateLimited(`${NAME} rate limit reached`, new Date(now.getTime() + 60_000));
  if (code === 'internal_error' || response.status >= 500) return new Retryable(`${NAME} is unavailable (${response.status})`);
  return new Rejected(truncate(`${NAME} API error: ${code ?? response.status} ${message}`));
}

/** creator_info/query's data (platform-apis.md §2). */
export interface TiktokCreatorInfo {
  creator_avatar_url?: string;
  creator_username?: string;
  creator_nickname?: string;
  privacy_level_options?: string[];
  comment_disabled?: boolean;
  duet_disabled?: boolean;
  stitch_disabled?: boolean;
  max_video_post_duration_sec?: number;
}

export const createTiktokAdapter: AdapterFactory = ({ credentials, hosts, http, clock }) => {
  const tokenUrl = `${hosts['open']}/v2/oauth/token/`;

  function tokenSet(body: Record<string, unknown>): TokenSet {
    const accessToken = body['access_token'];
    if (typeof accessToken !== 'string') throw new Rejected(`TikTok OAuth error: ${JSON.stringify(body)}`);
    const refreshToken = typeof body['refresh_token'] === 'string' ? body['refresh_token'] : undefined;
    const accessTokenExpiresAt = expiresAt(clock, body['expires_in']);
    const refreshTokenExpiresAt = expiresAt(clock, body['refresh_expires_in']);
    return {
      accessToken,
      ...(refreshToken ? { refreshToken } : {}),
      ...(accessTokenExpiresAt ? { accessTokenExpiresAt } : {}),
      ...(refreshTokenExpiresAt ? { refreshTokenExpiresAt } : {}),
      accessTokenIssuedAt: clock.now().toISOString(),
      scopes: splitScopes(body['scope'], /,/),
    };
  }

  async function tokenRequest(form: Record<string, string | undefined>): Promise<TokenSet> {
    const response = await http({ method: 'POST', url: tokenUrl, form, headers: { 'cache-control': 'no-cache' } });
    const body = (response.body ?? {}) as Record<string, unknown>;
    if (response.status >= 300 || typeof body['error'] === 'string') throw classifyTiktokError(response, clock.now());
    return tokenSet(body);
  }

  return {
    platform: 'tiktok',
    usesPkce: false,
    scopes: tiktokScopes,
    requiredScopes: ['user.info.basic', 'video.publish'],

    authorizeUrl: async ({ state, redirectUri }) => ({
      url: withQuery(`${hosts['www']}/v2/auth/authorize/`, {
        client_key: credentials.clientId,
        scope: tiktokScopes.join(','),
        response_type: 'code',
        redirect_uri: redirectUri,
        state,
      }),
    }),

    exchangeCode: ({ code, redirectUri }) =>
      tokenRequest({
        client_key: credentials.clientId,
        client_secret: credentials.clientSecret,
        code,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
      }),

    canRefresh: (tokens) =>
      Boolean(tokens.refreshToken) && (!tokens.refreshTokenExpiresAt || new Date(tokens.refreshTokenExpiresAt) > clock.now()),

    refresh: async (tokens) => {
      if (!tokens.refreshToken) throw new AuthExpired(`${NAME} gave no refresh token: reconnect the account`);
      // Refresh tokens rotate: the answer carries a new one, and the old one stops working.
      return tokenRequest({
        client_key: credentials.clientId,
        client_secret: credentials.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken,
      });
    },

    async fetchProfile(tokens) {
      const response = await http({
        method: 'GET',
        url: withQuery(`${hosts['open']}/v2/user/info/`, { fields: 'open_id,union_id,avatar_url,display_name,username' }),
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      const body = (response.body ?? {}) as {
        data?: { user?: { open_id?: string; display_name?: string; username?: string; avatar_url?: string } };
        error?: { code?: string };
      };
      if (response.status >= 300 || (body.error?.code && body.error.code !== 'ok')) throw classifyTiktokError(response, clock.now());
      const user = body.data?.user;
      if (!user?.open_id) throw new Rejected('TikTok returned no user');
      return {
        platformUserId: user.open_id,
        displayName: user.display_name || user.username || user.open_id,
        ...(user.username ? { username: user.username } : {}),
        ...(user.avatar_url ? { avatarUrl: user.avatar_url } : {}),
      };
    },

    /** creator_info/query (Direct Post): who posts, the privacy levels offered, what the creator switched off. */
    async creatorInfo(tokens) {
      const response = await http({
        method: 'POST',
        url: `${hosts['open']}/v2/post/publish/creator_info/query/`,
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json; charset=UTF-8' },
      });
      const body = (response.body ?? {}) as { data?: TiktokCreatorInfo; error?: { code?: string } };
      if (response.status >= 300 || (body.error?.code && body.error.code !== 'ok')) throw classifyTiktokError(response, clock.now());
      const data = body.data ?? {};
      return {
        avatarUrl: data.creator_avatar_url || null,
        username: data.creator_username || null,
        nickname: data.creator_nickname || null,
        privacyLevelOptions: Array.isArray(data.privacy_level_options) ? data.privacy_level_options.filter((level) => typeof level === 'string') : [],
        commentDisabled: data.comment_disabled === true,
        duetDisabled: data.duet_disabled === true,
        stitchDisabled: data.stitch_disabled === true,
        maxVideoPostDurationSec: typeof data.max_video_post_duration_sec === 'number' ? data.max_video_post_duration_sec : null,
      };
    },

    async revoke(tokens) {
      const response = await http({
        method: 'POST',
        url: `${hosts['open']}/v2/oauth/revoke/`,
        form: { client_key: credentials.clientId, client_secret: credentials.clientSecret, token: tokens.accessToken },
      });
      // An already revoked or expired token is not an error here: the grant is gone either way.
      if (response.status >= 500) throw classifyTiktokError(response, clock.now());
    },
  };
};
