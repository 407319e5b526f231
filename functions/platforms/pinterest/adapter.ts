import { expiresAt, splitScopes, type AdapterFactory, type TokenSet } from '../adapter';
import { accessEnded, Rejected } from '../errors';
import { basicAuth, withQuery, type PlatformResponse } from '../http';
import type { ModuleDeps } from '../module';
import { isOk } from '../steps';
import { classifyPinterestError, NAME } from './errors';
import type { PinterestOptions } from './options';
import type { AccountCollection } from '../../../shared/api/collections';

/**
 * The Pinterest scopes we ask for (developers.pinterest.com/docs/getting-started/authentication-and-scopes):
 * user_accounts:read (who connected), boards:read and boards:write (the boards a Pin goes on, a
 * new board), pins:read and pins:write (creating a Pin, finding it again, its analytics).
 * Comma-separated in the authorize address.
 */
export const pinterestScopes = ['user_accounts:read', 'boards:read', 'boards:write', 'pins:read', 'pins:write'] as const;

/**
 * OAuth 2.0 on Pinterest: the consent page www.pinterest.com/oauth/, the code and refresh token
 * exchanged at POST api.pinterest.com/v5/oauth/token with the app's id and secret in HTTP Basic.
 * Access tokens last 30 days; refresh tokens are continuous (each refresh answers a new one,
 * 60 days), so a refreshed connection never lapses. Pinterest's token revocation is for system
 * users only: disconnecting deletes our tokens, and the user can remove the app in Pinterest.
 */
interface Board {
  id?: unknown;
  name?: unknown;
  privacy?: unknown;
}

/** A board as our collections say it: SECRET and PROTECTED boards are the account's own. */
function collectionOf(board: Board): AccountCollection {
  return { id: String(board.id), name: typeof board.name === 'string' && board.name ? board.name : String(board.id), secret: board.privacy === 'SECRET' || board.privacy === 'PROTECTED' };
}

export function createPinterestAdapter({ credentials, hosts, http, clock, options }: ModuleDeps<PinterestOptions>): ReturnType<AdapterFactory> {
  const api = (path: string) => `${hosts['api']}/${options.apiVersion}${path}`;
  const fail = (response: PlatformResponse) => classifyPinterestError(response, clock.now());

  function tokensFrom(body: unknown, previous?: TokenSet): TokenSet {
    const answer = (body ?? {}) as Record<string, unknown>;
    const accessToken = answer['access_token'];
    if (typeof accessToken !== 'string' || !accessToken) throw new Rejected(`${NAME} answered without an access token`);
    const refreshToken = typeof answer['refresh_token'] === 'string' && answer['refresh_token'] ? answer['refresh_token'] : previous?.refreshToken;
    const accessTokenExpiresAt = expiresAt(clock, answer['expires_in']);
    const refreshTokenExpiresAt = typeof answer['refresh_token'] === 'string' ? expiresAt(clock, answer['refresh_token_expires_in']) : previous?.refreshTokenExpiresAt;
    const scopes = splitScopes(answer['scope']);
    return {
      accessToken,
      ...(refreshToken ? { refreshToken } : {}),
      ...(accessTokenExpiresAt ? { accessTokenExpiresAt } : {}),
      ...(refreshTokenExpiresAt ? { refreshTokenExpiresAt } : {}),
      accessTokenIssuedAt: clock.now().toISOString(),
      scopes: scopes.length ? scopes : (previous?.scopes ?? [...pinterestScopes]),
    };
  }

  async function token(form: Record<string, string>, previous?: TokenSet): Promise<TokenSet> {
    const response = await http({
      method: 'POST',
      url: api('/oauth/token'),
      headers: { authorization: basicAuth(credentials.clientId, credentials.clientSecret) },
      form,
    });
    // A refresh token refused (expired, revoked, already used): only the user can grant access again.
    if (previous && (response.status === 400 || response.status === 401)) throw accessEnded(NAME);
    if (!isOk(response)) throw fail(response);
    return tokensFrom(response.body, previous);
  }

  return {
    platform: 'pinterest',
    usesPkce: false,
    scopes: pinterestScopes,
    requiredScopes: ['user_accounts:read', 'boards:read', 'pins:read', 'pins:write'],

    authorizeUrl: async ({ state, redirectUri }) => ({
      url: withQuery(`${hosts['www']}/oauth/`, {
        client_id: credentials.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: pinterestScopes.join(','),
        state,
      }),
    }),

    // continuous_refresh: apps made before 25 September 2025 get the continuous refresh token only when they ask.
    exchangeCode: ({ code, redirectUri }) => token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, continuous_refresh: 'true' }),

    canRefresh: (tokens) => Boolean(tokens.refreshToken) && (!tokens.refreshTokenExpiresAt || new Date(tokens.refreshTokenExpiresAt) > clock.now()),

    async refresh(tokens) {
      if (!tokens.refreshToken) throw fail({ status: 401, headers: new Headers(), text: '', body: undefined });
      return token({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken }, tokens);
    },

    async fetchProfile(tokens) {
      const response = await http({ method: 'GET', url: api('/user_account'), headers: { authorization: `Bearer ${tokens.accessToken}` } });
      if (!isOk(response)) throw fail(response);
      const account = (response.body ?? {}) as { id?: unknown; username?: unknown; business_name?: unknown; profile_image?: unknown };
      const platformUserId = typeof account.id === 'string' || typeof account.id === 'number' ? String(account.id) : '';
      if (!platformUserId) throw new Rejected(`${NAME} returned no account id`);
      const username = typeof account.username === 'string' && account.username ? account.username : undefined;
      const businessName = typeof account.business_name === 'string' && account.business_name ? account.business_name : undefined;
      return {
        platformUserId,
        displayName: businessName ?? username ?? platformUserId,
        ...(username ? { username } : {}),
        ...(typeof account.profile_image === 'string' && account.profile_image ? { avatarUrl: account.profile_image } : {}),
      };
    },

    /** The account's boards (GET /v5/boards, up to 250), for the post's board choice. */
    async collections(tokens) {
      const response = await http({ method: 'GET', url: withQuery(api('/boards'), { page_size: '250' }), headers: { authorization: `Bearer ${tokens.accessToken}` } });
      if (!isOk(response)) throw fail(response);
      const items = (response.body as { items?: unknown } | undefined)?.items;
      if (!Array.isArray(items)) throw new Rejected(`${NAME} answered without the list of boards`);
      return items.flatMap((board: Board) => (typeof board.id === 'string' && board.id ? [collectionOf(board)] : []));
    },

    /** A new board with this name (POST /v5/boards), public as Pinterest's default. */
    async createCollection(tokens, name) {
      const response = await http({ method: 'POST', url: api('/boards'), headers: { authorization: `Bearer ${tokens.accessToken}` }, json: { name } });
      if (response.status === 409) throw new Rejected(`The ${NAME} account already has a board named “${name}”: choose it in the list.`);
      if (!isOk(response)) throw fail(response);
      const board = (response.body ?? {}) as Board;
      if (typeof board.id !== 'string' || !board.id) throw new Rejected(`${NAME} answered without the new board's id`);
      return collectionOf(board);
    },

    // POST /v5/oauth/token/revoke is documented for system users' tokens only: nothing to call.
    revoke: async () => undefined,
  };
}
