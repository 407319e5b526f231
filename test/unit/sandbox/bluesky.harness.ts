import { createPlatformHttp, type FetchLike } from '../../../functions/platforms/http';
import { blueskyModule } from '../../../functions/platforms/bluesky';
import type { PlatformAdapter, TokenSet } from '../../../functions/platforms/adapter';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { pkcePair, redirectUri } from './harness';

/** The Bluesky module's deps pointed at the sandbox, and a connection made the way the app makes one. */
export function blueskyDeps(sandbox: Sandbox, clock: { now(): number }, fetchImpl?: FetchLike) {
  return {
    credentials: { clientId: 'https://app.oneclick.test/api/connections/bluesky/client-metadata.json', clientSecret: 'bluesky-secret' },
    hosts: Object.fromEntries(Object.keys(blueskyModule.hosts).map((key) => [key, sandbox.hostUrl('bluesky', key)])),
    http: createPlatformHttp('Bluesky', fetchImpl),
    clock: { now: () => new Date(clock.now()) },
    options: {},
  };
}

/** PAR → consent → code exchange through the adapter, as the connections service drives it. */
export async function blueskyConnect(sandbox: Sandbox, adapter: PlatformAdapter, account = 'sandbox-user', displayName?: string): Promise<{ tokens: TokenSet; authorizeUrl: string }> {
  const pkce = pkcePair();
  const start = await adapter.authorizeUrl({ state: 'bluesky_state', redirectUri, codeChallenge: pkce.challenge });
  const location = new URL(await sandbox.control.consent('bluesky', { authorizeUrl: start.url, account, decision: 'allow', ...(displayName ? { displayName } : {}) }));
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location.toString()}`);
  const issuer = location.searchParams.get('iss') ?? undefined;
  const tokens = await adapter.exchangeCode({ code, redirectUri, codeVerifier: pkce.verifier, ...(start.flowData ? { flowData: start.flowData } : {}), ...(issuer ? { issuer } : {}) });
  return { tokens, authorizeUrl: start.url };
}
