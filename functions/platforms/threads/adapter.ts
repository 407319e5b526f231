import { expiresAt, splitScopes, type AdapterFactory, type TokenSet } from '../adapter';
import { Rejected } from '../errors';
import { classifyThreadsError } from './errors';
import { withQuery, type PlatformResponse } from '../http';
import type { ModuleDeps } from '../module';
import type { ThreadsOptions } from './options';
import { readThreadsQuota } from './quota';

const NAME = 'Threads';

/**
 * The Threads permissions we ask for (developers.facebook.com/docs/threads/get-started):
 * threads_basic (every endpoint), threads_content_publish (publishing), threads_manage_replies
 * (POST replies: thread posts and the first comment), threads_read_replies (GET replies: the
 * look-up after a lost reply), threads_manage_insights (metrics). Comma-separated.
 */
export const threadsScopes = ['threads_basic', 'threads_content_publish', 'threads_manage_replies', 'threads_read_replies', 'threads_manage_insights'] as const;

const DAY_MS = 24 * 3600_000;
export function createThreadsAdapter({ credentials, hosts, http, clock, options }: ModuleDeps<ThreadsOptions>): ReturnType<AdapterFactory> {
  const graph = (path: string) => `${hosts['graph']}/${options.graphVersion}${path}`;
  const ok = (response: PlatformResponse) => response.status >= 200 && response.status < 300;

  function longLived(body: unknown, scopes: string[]): TokenSet {
    const accessToken = (body as Record<string, unknown> | undefined)?.['access_token'];
    if (typeof accessToken !== 'string' || !accessToken) throw new Rejected(`${NAME} answered without an access token`);
    const accessTokenExpiresAt = expiresAt(clock, (body as Record<string, unknown>)['expires_in']);
    return { accessToken, ...(accessTokenExpiresAt ? { accessTokenExpiresAt } : {}), accessTokenIssuedAt: clock.now().toISOString(), scopes };
  }

  return {
    platform: 'threads',
    usesPkce: false,
    scopes: threadsScopes,
    requiredScopes: ['threads_basic', 'threads_content_publish'],

    authorizeUrl: async ({ state, redirectUri }) => ({
      url: withQuery(`${hosts['www']}/oauth/authorize`, {
        client_id: credentials.clientId,
        redirect_uri: redirectUri,
        scope: threadsScopes.join(','),
        response_type: 'code',
        state,
      }),
    }),

    async exchangeCode({ code, redirectUri }) {
      // 1. The code for a short-lived (1 h) token: POST graph.threads.net/oauth/access_token.
      const short = await http({
        method: 'POST',
        url: `${hosts['graph']}/oauth/access_token`,
        form: { client_id: credentials.clientId, client_secret: credentials.clientSecret, grant_type: 'authorization_code', redirect_uri: redirectUri, code },
      });
      if (!ok(short)) throw classifyThreadsError(short, clock.now());
      const shortBody = short.body as Record<string, unknown> | undefined;
      const shortToken = shortBody?.['access_token'];
      if (typeof shortToken !== 'string' || !shortToken) throw new Rejected(`${NAME} answered without an access token`);
      // Meta documents no list of granted permissions in this answer; its window grants what was asked together.
      const permissions = shortBody?.['permissions'];
      const granted = Array.isArray(permissions) ? permissions.map(String) : splitScopes(permissions, /,/);
      const scopes = granted.length ? granted : [...threadsScopes];
      // 2. The short-lived token for a long-lived (60 day) one: th_exchange_token.
      const long = await http({
        method: 'GET',
        url: withQuery(`${hosts['graph']}/access_token`, { grant_type: 'th_exchange_token', client_secret: credentials.clientSecret, access_token: shortToken }),
      });
      if (!ok(long)) throw classifyThreadsError(long, clock.now());
      return longLived(long.body, scopes);
    },

    /** A long-lived token can be refreshed while it has not expired (there is no refresh token). */
    canRefresh: (tokens) => !tokens.accessTokenExpiresAt || new Date(tokens.accessTokenExpiresAt) > clock.now(),

    async refresh(tokens) {
      // Threads refreshes only tokens at least 24 hours old; a younger one is as fresh as it gets.
      if (clock.now().getTime() - new Date(tokens.accessTokenIssuedAt).getTime() < DAY_MS) return tokens;
      const response = await http({
        method: 'GET',
        url: withQuery(`${hosts['graph']}/refresh_access_token`, { grant_type: 'th_refresh_token', access_token: tokens.accessToken }),
      });
      if (!ok(response)) throw classifyThreadsError(response, clock.now());
      return longLived(response.body, tokens.scopes);
    },

    async fetchProfile(tokens) {
      const response = await http({
        method: 'GET',
        url: withQuery(graph('/me'), { fields: 'id,username,name,threads_profile_picture_url' }),
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      if (!ok(response)) throw classifyThreadsError(response, clock.now());
      const me = response.body as { id?: string | number; username?: string; name?: string; threads_profile_picture_url?: string } | undefined;
      const platformUserId = me?.id === undefined ? '' : String(me.id);
      if (!platformUserId) throw new Rejected(`${NAME} returned no account id`);
      return {
        platformUserId,
        displayName: me?.name || me?.username || platformUserId,
        ...(me?.username ? { username: me.username } : {}),
        ...(me?.threads_profile_picture_url ? { avatarUrl: me.threads_profile_picture_url } : {}),
      };
    },

    /** How many of its 250 posts in a moving 24 hours the profile has used (GET /{user}/threads_publishing_limit). */
    publishingQuota: (tokens, platformUserId) => readThreadsQuota({ http, clock, graph }, tokens, platformUserId, 'posts'),

    // The Threads API has no revoke endpoint: the tokens are deleted on our side, and the user can
    // remove the app in Threads' settings (Account → Website permissions).
    revoke: async () => undefined,
  };
}
