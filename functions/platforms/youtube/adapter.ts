import { expiresAt, splitScopes, type AdapterFactory, type TokenSet } from '../adapter';
import { accessEnded, AuthExpired, NoPublishingProfile, Rejected, RateLimited, Retryable, truncate } from '../errors';
import { withQuery, type PlatformResponse } from '../http';

const NAME = 'YouTube';

/**
 * Read-only (to find the channel) and upload scopes, plus the profile (platform-apis.md §1), and
 * youtube.force-ssl, the only scope commentThreads.insert takes (the first comment).
 */
export const youtubeScopes = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/userinfo.profile',
  'https://www.googleapis.com/auth/youtube.force-ssl',
] as const;

interface GoogleApiError {
  error?: { code?: number; message?: string; errors?: Array<{ reason?: string; message?: string }>; status?: string } | string;
  error_description?: string;
}

/** Next midnight in America/Los_Angeles, when the YouTube quota resets. */
function nextPacificMidnight(now: Date): Date {
  const pacific = new Date(now.toLocaleString('en-US', { timeZone: 'America/Los_Angeles' }));
  const offset = now.getTime() - pacific.getTime();
  const midnight = new Date(pacific);
  midnight.setHours(24, 0, 0, 0);
  return new Date(midnight.getTime() + offset);
}

/** Maps a Google/YouTube error response to our taxonomy (platform-apis.md §1 Errors). */
export function classifyYoutubeError(response: PlatformResponse, now: Date): Error {
  const body = (response.body ?? {}) as GoogleApiError;
  if (typeof body.error === 'string') {
    // OAuth endpoint shape: {"error":"invalid_grant","error_description":"…"}
    if (body.error === 'invalid_grant') return accessEnded(NAME);
    if (response.status >= 500) return new Retryable(`${NAME} is unavailable (${response.status})`);
    return new Rejected(truncate(`${NAME} OAuth error: ${body.error_description ?? body.error}`));
  }
  const reason = body.error?.errors?.[0]?.reason;
  const message = body.error?.message ?? response.text;
  if (response.status === 401 || reason === 'authError' || reason === 'youtubeSignupRequired') {
    return accessEnded(NAME);
  }
  if (reason === 'quotaExceeded') return new RateLimited(`${NAME} daily quota exceeded`, nextPacificMidnight(now));
  if (reason === 'uploadLimitExceeded') return new RateLimited(`${NAME} upload limit reached for this channel`, new Date(now.getTime() + 24 * 3600_000));
  if (response.status === 429 || reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded') {
    return new RateLimited(`${NAME} rate limit reached`);
  }
  if (response.status >= 500) return new Retryable(`${NAME} is unavailable (${response.status})`);
  return new Rejected(truncate(`${NAME} API error: ${message}`));
}

export const createYoutubeAdapter: AdapterFactory = ({ credentials, hosts, http, clock }) => {
  const ok = (response: PlatformResponse) => response.status >= 200 && response.status < 300;

  function tokenSet(body: Record<string, unknown>, previous?: TokenSet): TokenSet {
    const accessToken = body['access_token'];
    if (typeof accessToken !== 'string') throw new Rejected(`${NAME} sent no access token`);
    const refreshToken = typeof body['refresh_token'] === 'string' ? body['refresh_token'] : previous?.refreshToken;
    const accessTokenExpiresAt = expiresAt(clock, body['expires_in']);
    return {
      accessToken,
      ...(refreshToken ? { refreshToken } : {}),
      ...(accessTokenExpiresAt ? { accessTokenExpiresAt } : {}),
      accessTokenIssuedAt: clock.now().toISOString(),
      scopes: body['scope'] !== undefined ? splitScopes(body['scope'], /\s+/) : (previous?.scopes ?? []),
    };
  }

  async function tokenRequest(form: Record<string, string | undefined>, previous?: TokenSet): Promise<TokenSet> {
    const response = await http({ method: 'POST', url: `${hosts['oauth2']}/token`, form });
    if (!ok(response)) throw classifyYoutubeError(response, clock.now());
    return tokenSet(response.body as Record<string, unknown>, previous);
  }

  return {
    platform: 'youtube',
    usesPkce: false,
    scopes: youtubeScopes,
    requiredScopes: ['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube.readonly'],

    authorizeUrl: async ({ state, redirectUri }) => ({
      url: withQuery(`${hosts['accounts']}/o/oauth2/v2/auth`, {
        client_id: credentials.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: youtubeScopes.join(' '),
        state,
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
      }),
    }),

    exchangeCode: ({ code, redirectUri }) =>
      tokenRequest({
        code,
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        redirect_uri: redirectUri,
        grant_type: 'authorization_code',
      }),

    canRefresh: (tokens) => Boolean(tokens.refreshToken),

    refresh: async (tokens) => {
      if (!tokens.refreshToken) throw new AuthExpired(`${NAME} gave no refresh token: reconnect the account`);
      return tokenRequest(
        {
          grant_type: 'refresh_token',
          refresh_token: tokens.refreshToken,
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
        },
        tokens,
      );
    },

    async fetchProfile(tokens) {
      const response = await http({
        method: 'GET',
        url: withQuery(`${hosts['googleapis']}/youtube/v3/channels`, { part: 'snippet', mine: 'true' }),
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      if (!ok(response)) throw classifyYoutubeError(response, clock.now());
      const channel = (response.body as { items?: Array<{ id: string; snippet?: { title?: string; customUrl?: string; thumbnails?: { default?: { url?: string } } } }> })
        .items?.[0];
      if (!channel) throw new NoPublishingProfile('No YouTube channel found');
      const avatarUrl = channel.snippet?.thumbnails?.default?.url;
      return {
        platformUserId: channel.id,
        displayName: channel.snippet?.title ?? channel.id,
        ...(channel.snippet?.customUrl ? { username: channel.snippet.customUrl } : {}),
        ...(avatarUrl ? { avatarUrl } : {}),
      };
    },

    async revoke(tokens) {
      const response = await http({
        method: 'POST',
        url: `${hosts['oauth2']}/revoke`,
        form: { token: tokens.refreshToken ?? tokens.accessToken },
      });
      // 400 invalid_token: already revoked or expired — the grant is gone either way.
      if (!ok(response) && response.status !== 400) throw classifyYoutubeError(response, clock.now());
    },
  };
};
