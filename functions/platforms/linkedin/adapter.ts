import type { AdapterFactory } from '../adapter';
import { Rejected } from '../errors';
import { linkedinOauth } from '../linkedinRest/oauth';
import { classifyLinkedinError } from '../linkedinRest/errors';

export { classifyLinkedinError };

/** Sign In with OpenID plus Share on LinkedIn (platform-apis.md §5). Space-separated. */
export const linkedinScopes = ['openid', 'profile', 'email', 'w_member_social'] as const;

export const createLinkedinAdapter: AdapterFactory = (deps) => {
  const { hosts, http, clock } = deps;
  const oauth = linkedinOauth(deps);

  return {
    platform: 'linkedin',
    usesPkce: false,
    scopes: linkedinScopes,
    requiredScopes: ['openid', 'w_member_social'],

    authorizeUrl: async (params) => ({ url: oauth.authorizeUrl(linkedinScopes, params) }),
    exchangeCode: oauth.exchangeCode,
    canRefresh: oauth.canRefresh,
    refresh: oauth.refresh,

    async fetchProfile(tokens) {
      const response = await http({
        method: 'GET',
        url: `${hosts['api']}/v2/userinfo`,
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      if (response.status < 200 || response.status >= 300) throw classifyLinkedinError(response, clock.now());
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

    revoke: oauth.revoke,
  };
};
