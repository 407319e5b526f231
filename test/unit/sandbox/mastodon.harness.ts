import type { TokenSet } from '../../../functions/platforms/adapter';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { allow, formPost, mastodonApp, pkcePair, publishingScopes, redirectUri, urlWith } from './harness';

/**
 * A Mastodon connection's tokens as the adapter keeps them (the server and the app registered
 * there in platformData), made through the sandbox instance's own app registration, consent and
 * token exchange (with PKCE).
 */
export async function mastodonTokens(sandbox: Sandbox, account: string, instance = 'social'): Promise<TokenSet> {
  const server = sandbox.hostUrl('mastodon', instance);
  const app = await mastodonApp(sandbox, instance);
  const pkce = pkcePair();
  const authorizeUrl = urlWith(`${server}/oauth/authorize`, {
    client_id: app.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: publishingScopes.mastodon,
    state: 'mastodon-state',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  });
  const { code } = await allow(sandbox, 'mastodon', authorizeUrl, account);
  const response = await fetch(
    `${server}/oauth/token`,
    formPost({ grant_type: 'authorization_code', code, client_id: app.clientId, client_secret: app.clientSecret, redirect_uri: redirectUri, code_verifier: pkce.verifier }),
  );
  if (response.status !== 200) throw new Error(`Mastodon token exchange answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { access_token: string; scope: string };
  return {
    accessToken: body.access_token,
    accessTokenIssuedAt: new Date().toISOString(),
    scopes: body.scope.split(' '),
    platformData: { server, clientId: app.clientId, clientSecret: app.clientSecret },
  };
}
