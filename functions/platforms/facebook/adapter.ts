import type { ManagedAccount, PlatformAdapter, TokenSet } from '../adapter';
import { Rejected } from '../errors';
import { withQuery, type PlatformResponse } from '../http';
import type { ModuleDeps } from '../module';
import { isOk } from '../steps';
import { classifyFacebookError } from './errors';
import type { FacebookOptions } from './options';

/**
 * Facebook Login for Business, for Pages (docs/platforms/facebook.md):
 *
 * 1. the dialog on www.facebook.com/{version}/dialog/oauth (scopes comma-separated);
 * 2. the code for a short-lived User token (GET /oauth/access_token with the code), then that for
 *    a long-lived one (grant_type=fb_exchange_token, about 60 days);
 * 3. the permissions the user granted (GET /me/permissions, status=granted);
 * 4. the Pages the user manages with their Page tokens (GET /me/accounts): a Page token got with
 *    a long-lived User token has no expiry. Only Pages where the user may CREATE_CONTENT are
 *    offered. Each becomes its own connection holding its Page's token (the picker,
 *    docs/platforms/README.md "Connecting accounts").
 *
 * A Page token cannot be refreshed and needs none; it stops working when the user loses their
 * role on the Page, changes their password or removes the app (code 190, errors.ts) and the
 * connection then needs reconnect, with the reason in words. Disconnecting one Page revokes
 * nothing at Facebook: one login covers every Page the user connected (DELETE /me/permissions
 * would cut them all); a consent that offered no Page is revoked.
 */

/** What we ask for: listing Pages, posting as them, reading their engagement and insights, commenting as them. */
export const facebookScopes = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement', 'read_insights', 'pages_manage_engagement'] as const;

/** The task a person needs on a Page for its token to publish (Pages API, "Tasks"). */
const PUBLISHING_TASK = 'CREATE_CONTENT';
/** Which kind of token a TokenSet holds (kept in platformData, opaque to generic code). */
const USER_TOKEN = 'user';
const PAGE_TOKEN = 'page';

interface ManagedPage {
  id?: string;
  name?: string;
  access_token?: string;
  tasks?: string[];
  picture?: { data?: { url?: string } };
}

export function createFacebookAdapter({ credentials, hosts, http, clock, options }: ModuleDeps<FacebookOptions>): PlatformAdapter {
  const graph = (path: string) => `${hosts['graph']}/${options.graphVersion}${path}`;
  const fail = (response: PlatformResponse) => classifyFacebookError(response, clock.now());
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  function tokenOf(response: PlatformResponse): { accessToken: string; expiresIn?: unknown } {
    const body = (response.body ?? {}) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string' || body.access_token === '') throw new Rejected('Facebook answered without an access token.');
    return { accessToken: body.access_token, expiresIn: body.expires_in };
  }

  async function grantedPermissions(userToken: string): Promise<string[]> {
    const response = await http({ method: 'GET', url: graph('/me/permissions'), headers: bearer(userToken) });
    if (!isOk(response)) throw fail(response);
    const data = (response.body as { data?: Array<{ permission?: string; status?: string }> } | undefined)?.data;
    if (!Array.isArray(data)) throw new Rejected('Facebook answered without the permissions it granted.');
    return data.filter((entry) => entry.status === 'granted' && typeof entry.permission === 'string').map((entry) => entry.permission!);
  }

  return {
    platform: 'facebook',
    usesPkce: false,
    scopes: facebookScopes,
    requiredScopes: ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement'],

    authorizeUrl: async ({ state, redirectUri }) => ({
      url: withQuery(`${hosts['www']}/${options.graphVersion}/dialog/oauth`, {
        client_id: credentials.clientId,
        redirect_uri: redirectUri,
        state,
        response_type: 'code',
        scope: facebookScopes.join(','),
      }),
    }),

    async exchangeCode({ code, redirectUri }) {
      const short = await http({
        method: 'GET',
        url: withQuery(graph('/oauth/access_token'), { client_id: credentials.clientId, client_secret: credentials.clientSecret, redirect_uri: redirectUri, code }),
      });
      if (!isOk(short)) throw fail(short);
      const long = await http({
        method: 'GET',
        url: withQuery(graph('/oauth/access_token'), {
          grant_type: 'fb_exchange_token',
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
          fb_exchange_token: tokenOf(short).accessToken,
        }),
      });
      if (!isOk(long)) throw fail(long);
      const { accessToken, expiresIn } = tokenOf(long);
      const seconds = Number(expiresIn);
      return {
        accessToken,
        ...(Number.isFinite(seconds) && seconds > 0 ? { accessTokenExpiresAt: new Date(clock.now().getTime() + seconds * 1000).toISOString() } : {}),
        accessTokenIssuedAt: clock.now().toISOString(),
        scopes: await grantedPermissions(accessToken),
        platformData: { token: USER_TOKEN },
      };
    },

    async listAccounts(userTokens): Promise<ManagedAccount[]> {
      const pages: ManagedPage[] = [];
      let next: string | undefined = withQuery(graph('/me/accounts'), { fields: 'id,name,access_token,tasks,picture', limit: '100' });
      // Cursor pages as Facebook gives them; a user manages at most a few hundred Pages.
      for (let page = 0; next && page < 5; page++) {
        const response = await http({ method: 'GET', url: next, headers: bearer(userTokens.accessToken) });
        if (!isOk(response)) throw fail(response);
        const body = (response.body ?? {}) as { data?: ManagedPage[]; paging?: { next?: string } };
        if (!Array.isArray(body.data)) throw new Rejected('Facebook answered without the list of your Pages.');
        pages.push(...body.data);
        next = body.paging?.next;
      }
      const issuedAt = clock.now().toISOString();
      return pages
        .filter((page) => page.id && page.access_token && (page.tasks ?? []).includes(PUBLISHING_TASK))
        .map((page) => ({
          profile: {
            platformUserId: page.id!,
            displayName: page.name || page.id!,
            ...(page.picture?.data?.url ? { avatarUrl: page.picture.data.url } : {}),
          },
          // A Page token got with a long-lived User token does not expire.
          tokens: { accessToken: page.access_token!, accessTokenIssuedAt: issuedAt, scopes: userTokens.scopes, platformData: { token: PAGE_TOKEN } },
        }));
    },

    canRefresh: () => false,
    // Nothing to refresh: a Page token has no expiry (and an expired User token is never kept).
    refresh: async (tokens: TokenSet) => tokens,

    /** The Page a Page token acts for (GET /me with it answers the Page). */
    async fetchProfile(tokens) {
      const response = await http({ method: 'GET', url: withQuery(graph('/me'), { fields: 'id,name,picture' }), headers: bearer(tokens.accessToken) });
      if (!isOk(response)) throw fail(response);
      const me = (response.body ?? {}) as ManagedPage;
      if (!me.id) throw new Rejected('Facebook answered without the Page\'s id.');
      return { platformUserId: me.id, displayName: me.name || me.id, ...(me.picture?.data?.url ? { avatarUrl: me.picture.data.url } : {}) };
    },

    /** Revokes a User token's whole grant (a consent that offered no Page); a Page token's connection ends on our side only. */
    async revoke(tokens) {
      if (tokens.platformData?.['token'] !== USER_TOKEN) return;
      const response = await http({ method: 'DELETE', url: graph('/me/permissions'), headers: bearer(tokens.accessToken) });
      if (!isOk(response)) throw fail(response);
    },
  };
}
