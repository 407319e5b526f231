import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capabilities, platforms, type Platform } from '../../../shared/platforms';
import { startSandbox, type Sandbox } from '../../../infra/local/sandbox/sandbox';
import { memoryLog } from '../../../infra/local/log';
import { createAdapters, readPlatformSettings, sandboxHostEnvironment, type Adapters } from '../../../functions/platforms/registry';
import { pkceChallenge } from '../../../functions/services/oauthStates';
import { AuthExpired } from '../../../functions/platforms/errors';
import type { PlatformCredentials, TokenSet } from '../../../functions/platforms/adapter';

/**
 * Each adapter against the platform sandbox, both on one clock the test moves: connect,
 * profile, refresh (and rotation), a revoked grant, and revoke.
 */
let time = Date.parse('2026-11-22T10:00:00.000Z');
const clock = { now: () => new Date(time) };
const advance = (ms: number) => (time += ms);
const HOUR = 3600_000;

const clients = Object.fromEntries(platforms.map((platform) => [platform, { clientId: `client-${platform}`, clientSecret: `secret-${platform}` }])) as Record<
  Platform,
  { clientId: string; clientSecret: string }
>;
let sandbox: Sandbox;
let adapters: Adapters;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, clients, log: memoryLog(), clock: { now: () => time } });
  // A server a user names (a Mastodon instance) is the sandbox's, let through as the twin does; its apps kept in memory.
  const env = { ...sandboxHostEnvironment(sandbox.url), ONECLICK_OUTBOUND_ALLOWED_ORIGINS: sandbox.url };
  const registered = new Map<string, PlatformCredentials>();
  const registrations = (platform: Platform) => ({
    get: async (server: string) => registered.get(`${platform}#${server}`),
    keep: async (server: string, app: PlatformCredentials) => registered.get(`${platform}#${server}`) ?? (registered.set(`${platform}#${server}`, app), app),
  });
  adapters = createAdapters(readPlatformSettings(env, clients), clock, undefined, registrations);
});

/** The sandbox server an account lives on, where the platform's accounts live on one the user names. */
const servers: Partial<Record<Platform, string>> = { mastodon: 'social' };
const serverOf = (platform: Platform) => (capabilities[platform].connectServer ? { server: sandbox.hostUrl(platform, servers[platform]!) } : {});
afterAll(async () => {
  await sandbox?.stop();
});

const redirectUri = 'http://127.0.0.1:5173/api/connections/callback';

/** Meta's long-lived tokens: no revoke endpoint, and a token younger than 24 hours is kept as it is (refresh calls nothing). */
const metaLongLived: readonly Platform[] = ['instagram', 'threads'];

/**
 * Where a consent's tokens act only through an account the user picks (a LinkedIn member's
 * organizations, a Google user's business locations), a connection holds the first one offered, as the picker makes it.
 */
const actsThroughPick: readonly Platform[] = ['linkedinPage', 'googleBusiness'];

async function connect(platform: Platform, account: string): Promise<TokenSet> {
  const consented = await consent(platform, account);
  if (!actsThroughPick.includes(platform)) return consented;
  const [first] = await adapters[platform]!.listAccounts!(consented);
  return first!.tokens;
}

async function consent(platform: Platform, account: string): Promise<TokenSet> {
  const adapter = adapters[platform]!;
  const verifier = `verifier-${randomUUID()}-${randomUUID()}`;
  const { url: authorizeUrl, flowData } = await adapter.authorizeUrl({ state: `${platform}_state`, redirectUri, ...(adapter.usesPkce ? { codeChallenge: pkceChallenge(verifier) } : {}), ...serverOf(platform) });
  const redirect = new URL(await sandbox.control.consent(platform, { authorizeUrl, account, decision: 'allow' }));
  expect(redirect.searchParams.get('state')).toBe(`${platform}_state`);
  const issuer = redirect.searchParams.get('iss');
  return adapter.exchangeCode({
    code: redirect.searchParams.get('code')!,
    redirectUri,
    ...(adapter.usesPkce ? { codeVerifier: verifier } : {}),
    ...(flowData ? { flowData } : {}),
    ...(issuer ? { issuer } : {}),
  });
}

describe.each(platforms)('%s adapter against the sandbox', (platform) => {
  it('connects and reads who connected, with every required scope granted', async () => {
    const account = `who-${randomUUID().slice(0, 6)}`;
    const tokens = await connect(platform, account);
    const profile = await adapters[platform]!.fetchProfile(tokens);
    expect(profile.platformUserId).not.toBe('');
    expect(profile.displayName).not.toBe('');
    expect(adapters[platform]!.requiredScopes.every((scope) => tokens.scopes.includes(scope))).toBe(true);
  });

  it('refreshes (rotating the refresh token where the platform does), or says it cannot', async () => {
    const adapter = adapters[platform]!;
    const tokens = await connect(platform, `refresh-${randomUUID().slice(0, 6)}`);
    if (!adapter.canRefresh(tokens) && platform === 'facebook') {
      // Nothing to refresh: a Facebook connection holds a Page token, which does not expire.
      await expect(adapter.refresh(tokens)).resolves.toEqual(tokens);
      return;
    }
    if (!adapter.canRefresh(tokens) && !tokens.accessTokenExpiresAt) {
      // A token that does not expire (Mastodon's lasts until revoked): nothing to refresh, and refreshing says so.
      expect(platform).toBe('mastodon');
      await expect(adapter.refresh(tokens)).rejects.toBeInstanceOf(AuthExpired);
      return;
    }
    if (!adapter.canRefresh(tokens)) {
      expect(platform).toBe('linkedin');
      await expect(adapter.refresh(tokens)).rejects.toBeInstanceOf(AuthExpired);
      return;
    }
    advance(25 * HOUR);
    const fresh = await adapter.refresh(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    await expect(adapter.fetchProfile(fresh)).resolves.toMatchObject({ platformUserId: expect.any(String) });
    if (platform === 'tiktok' || platform === 'x' || platform === 'pinterest') {
      expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
      await expect(adapter.refresh(tokens)).rejects.toBeInstanceOf(AuthExpired);
    }
    // Google does not rotate refresh tokens.
    if (platform === 'youtube' || platform === 'googleBusiness') expect(fresh.refreshToken).toBe(tokens.refreshToken);
  });

  it('detects a grant the user revoked at the platform', async () => {
    const adapter = adapters[platform]!;
    const account = `revoked-${randomUUID().slice(0, 6)}`;
    const tokens = await connect(platform, account);
    await sandbox.control.revokeAccess(platform, account);
    await expect(adapter.fetchProfile(tokens)).rejects.toBeInstanceOf(AuthExpired);
    if (adapter.canRefresh(tokens) && !metaLongLived.includes(platform)) await expect(adapter.refresh(tokens)).rejects.toBeInstanceOf(AuthExpired);
  });

  it('revokes the grant on disconnect where the platform can', async () => {
    const adapter = adapters[platform]!;
    const tokens = await connect(platform, `bye-${randomUUID().slice(0, 6)}`);
    await adapter.revoke(tokens);
    if (actsThroughPick.includes(platform)) {
      // Disconnecting one organization leaves the member's grant to the others; revoking the grant itself ends them all.
      await expect(adapter.fetchProfile(tokens)).resolves.toBeDefined();
      const { platformData: _picked, ...grant } = tokens;
      await adapter.revoke(grant);
      await expect(adapter.fetchProfile(tokens)).rejects.toBeInstanceOf(AuthExpired);
    } else if (metaLongLived.includes(platform) || platform === 'pinterest') {
      // Instagram Login, Threads and Pinterest (its revoke is for system users) have no revoke: the tokens still work until we delete them (we do).
      await expect(adapter.fetchProfile(tokens)).resolves.toBeDefined();
    } else {
      await expect(adapter.fetchProfile(tokens)).rejects.toBeInstanceOf(AuthExpired);
    }
  });
});
