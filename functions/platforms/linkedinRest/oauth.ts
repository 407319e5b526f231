import { expiresAt, splitScopes, type AdapterDeps, type TokenSet } from '../adapter';
import { AuthExpired, Rejected, truncate } from '../errors';
import { withQuery, type PlatformResponse } from '../http';
import { isOk } from '../steps';
import { classifyLinkedinError } from './errors';

/**
 * LinkedIn's OAuth 2.0 calls on www.linkedin.com (platform-apis.md §5), the same for a member's
 * app and a Community Management app: the authorization URL (space-separated scopes), the token
 * endpoint (a code; a refresh token where LinkedIn issued one: approved partners only), revoke.
 */
export function linkedinOauth({ credentials, hosts, http, clock }: AdapterDeps) {
  async function tokenRequest(form: Record<string, string | undefined>, previous?: TokenSet): Promise<TokenSet> {
    const response = await http({ method: 'POST', url: `${hosts['www']}/oauth/v2/accessToken`, form });
    if (!isOk(response)) {
      const body = (response.body ?? {}) as { error?: string };
      // A refresh token LinkedIn refuses (expired, revoked, or the member's role gone) cannot be used again.
      if (previous && response.status === 400) throw new AuthExpired('LinkedIn refused to renew the access (its refresh token is expired or revoked): reconnect the account');
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
      ...(previous?.platformData ? { platformData: previous.platformData } : {}),
    };
  }

  return {
    authorizeUrl: (scopes: readonly string[], { state, redirectUri }: { state: string; redirectUri: string }) =>
      withQuery(`${hosts['www']}/oauth/v2/authorization`, { response_type: 'code', client_id: credentials.clientId, redirect_uri: redirectUri, state, scope: scopes.join(' ') }),

    exchangeCode: ({ code, redirectUri }: { code: string; redirectUri: string }) =>
      tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: credentials.clientId, client_secret: credentials.clientSecret }),

    /** Only approved partners get refresh tokens; everyone else re-authorizes every 60 days. */
    canRefresh: (tokens: TokenSet) => Boolean(tokens.refreshToken) && (!tokens.refreshTokenExpiresAt || new Date(tokens.refreshTokenExpiresAt) > clock.now()),

    refresh: async (tokens: TokenSet) => {
      if (!tokens.refreshToken) throw new AuthExpired('LinkedIn tokens last 60 days and cannot be refreshed: reconnect the account');
      return tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken, client_id: credentials.clientId, client_secret: credentials.clientSecret }, tokens);
    },

    async revoke(tokens: TokenSet) {
      const response: PlatformResponse = await http({
        method: 'POST',
        url: `${hosts['www']}/oauth/v2/revoke`,
        form: { client_id: credentials.clientId, client_secret: credentials.clientSecret, token: tokens.accessToken },
      });
      if (response.status >= 500) throw classifyLinkedinError(response, clock.now());
    },
  };
}
