import { describe, expect, it } from 'vitest';
import { capabilities, platforms } from '../../../../shared/platforms';
import { commentRules } from '../../../../shared/platforms/comments';
import { ConfigurationError } from '../../../../functions/config';
import { createAdapters, createMetricsReaders, createPublishers, platformHosts, platformModules, readPlatformSettings, sandboxHostEnvironment } from '../../../../functions/platforms/registry';
import { hostEnvName, loadCredentials } from '../../../../functions/platforms/config';
import { clock, credentials, defaultOptions, publishRequest, recordingFetch } from './harness';

describe('platform registry: one module per platform', () => {
  it('has one module per platform, each for its own platform, with its hosts', () => {
    expect(Object.keys(platformModules).sort()).toEqual([...platforms].sort());
    for (const [platform, module] of Object.entries(platformModules)) {
      expect(module.platform).toBe(platform);
      // A platform whose accounts live on servers their users name (connectServer) has no host of its own, and keeps the outbound rule.
      if (capabilities[module.platform].connectServer) expect([Object.keys(module.hosts).length, module.outbound !== undefined]).toEqual([0, true]);
      else expect(Object.keys(module.hosts).length).toBeGreaterThan(0);
      for (const host of Object.values(module.hosts)) expect(host).toMatch(/^https:\/\/[^/]+$/);
      expect(platformHosts[module.platform]).toBe(module.hosts);
    }
  });

  it('builds parts only for configured platforms, calling the configured hosts with the module\'s options', async () => {
    const { fetchImpl, requests } = recordingFetch([{ body: { id: 'c-1' } }]);
    const hosts = { ...platformHosts.instagram, graph: 'http://sandbox.local/instagram/graph' };
    const settings = { instagram: { credentials, hosts, options: { graphVersion: 'v22.0' } } };
    const publishers = createPublishers(settings, clock, fetchImpl);

    expect(Object.keys(publishers)).toEqual(['instagram']);
    expect(Object.keys(createAdapters(settings, clock, fetchImpl))).toEqual(['instagram']);
    expect(Object.keys(createMetricsReaders(settings, clock, fetchImpl))).toEqual(['instagram']);
    expect(publishers.instagram!.platform).toBe('instagram');
    await publishers.instagram!.start(publishRequest({ media: [publishRequest().media[0]!] }));
    expect(requests[0]!.url.toString()).toBe('http://sandbox.local/instagram/graph/v22.0/user-1/media');
  });

  it('offers a first comment exactly where the publisher posts one (the capability the wizard reads)', () => {
    const settings = Object.fromEntries(platforms.map((platform) => [platform, { credentials, hosts: platformHosts[platform], options: defaultOptions(platform) }]));
    const publishers = createPublishers(settings, clock);
    for (const platform of platforms) expect(typeof publishers[platform]!.firstComment === 'function', platform).toBe(capabilities[platform].firstComment);
  });

  it('asks at connection for the permission a first comment needs, where the network needs one, without requiring it', () => {
    const settings = Object.fromEntries(platforms.map((platform) => [platform, { credentials, hosts: platformHosts[platform], options: defaultOptions(platform) }]));
    const adapters = createAdapters(settings, clock);
    const needing = platforms.filter((platform) => commentRules[platform].scope);
    expect(needing).toEqual(['youtube', 'instagram', 'threads', 'facebook']);
    for (const platform of needing) {
      expect(adapters[platform]!.scopes, platform).toContain(commentRules[platform].scope);
      // A connection that declines it still publishes; only its comments wait for a reconnect.
      expect(adapters[platform]!.requiredScopes, platform).not.toContain(commentRules[platform].scope);
    }
  });
});

describe('platform settings from the environment', () => {
  it('reads each configured platform\'s hosts (overrides included) and its own options', () => {
    const settings = readPlatformSettings(
      { LINKEDIN_VERSION: '202604', LINKEDIN_HOST_API: 'http://127.0.0.1:9/linkedin/api/', INSTAGRAM_GRAPH_VERSION: 'v22.0' },
      { linkedin: credentials, instagram: credentials },
    );
    expect(Object.keys(settings).sort()).toEqual(['instagram', 'linkedin']);
    expect(settings.linkedin).toEqual({ credentials, hosts: { www: 'https://www.linkedin.com', api: 'http://127.0.0.1:9/linkedin/api' }, options: { version: '202604' } });
    expect(settings.instagram!.options).toEqual({ graphVersion: 'v22.0' });
  });

  it('uses the documented defaults when no option is set', () => {
    expect(defaultOptions('linkedin')).toEqual({ version: '202609' });
    expect(defaultOptions('instagram')).toEqual({ graphVersion: 'v21.0' });
    expect(defaultOptions('x')).toEqual({});
  });

  it('refuses a bad option with the variable named, even for a platform not configured', () => {
    expect(() => readPlatformSettings({ LINKEDIN_VERSION: '2026-09' }, {})).toThrow(new ConfigurationError('Bad configuration: LINKEDIN_VERSION must be YYYYMM'));
    expect(() => readPlatformSettings({ X_VIDEO_LINK_FALLBACK_BYTES: '1000' }, { x: credentials })).toThrow(/X_VIDEO_LINK_FALLBACK_BYTES is no longer supported/);
    expect(() => readPlatformSettings({ X_VIDEO_LINK_FALLBACK_BYTES: '0' }, { x: credentials })).not.toThrow();
    expect(() => readPlatformSettings({ YOUTUBE_HOST_OAUTH2: 'not a url' }, { youtube: credentials })).toThrow('Bad configuration: YOUTUBE_HOST_OAUTH2 is not a URL');
  });

  it('points every host of every module at the sandbox', () => {
    const environment = sandboxHostEnvironment('http://127.0.0.1:7');
    for (const module of Object.values(platformModules)) {
      for (const key of Object.keys(module.hosts)) expect(environment[hostEnvName(module.platform, key)]).toBe(`http://127.0.0.1:7/${module.platform}/${key}`);
    }
  });
});

describe('platform credentials: one SecureString parameter per platform', () => {
  const parameters: Record<string, string> = {
    '/oneclick/test/platforms/youtube': JSON.stringify({ clientId: 'yt-id', clientSecret: 'yt-secret' }),
    '/oneclick/test/platforms/tiktok': '{}',
    '/oneclick/test/platforms/x': JSON.stringify({ clientId: 'x-id' }),
  };
  // As the Parameter Store reader answers: undefined for a parameter that does not exist.
  const read = async (name: string) => parameters[name];

  it('reads each platform from its own parameter, {} or no parameter meaning not configured, else from its variables', async () => {
    const asked: string[] = [];
    const credentialsOf = await loadCredentials(
      {
        YOUTUBE_CREDENTIALS_PARAMETER: '/oneclick/test/platforms/youtube',
        TIKTOK_CREDENTIALS_PARAMETER: '/oneclick/test/platforms/tiktok',
        INSTAGRAM_CREDENTIALS_PARAMETER: '/oneclick/test/platforms/instagram',
        LINKEDIN_CLIENT_ID: 'li-id',
        LINKEDIN_CLIENT_SECRET: 'li-secret',
      },
      ['youtube', 'tiktok', 'linkedin', 'instagram'],
      async (name) => (asked.push(name), read(name)),
    );
    expect(credentialsOf).toEqual({ youtube: { clientId: 'yt-id', clientSecret: 'yt-secret' }, linkedin: { clientId: 'li-id', clientSecret: 'li-secret' } });
    expect(asked.sort()).toEqual(['/oneclick/test/platforms/instagram', '/oneclick/test/platforms/tiktok', '/oneclick/test/platforms/youtube']);
  });

  it('reads only the platforms asked for (a publish function reads its own parameter only)', async () => {
    const asked: string[] = [];
    await loadCredentials(
      { YOUTUBE_CREDENTIALS_PARAMETER: '/oneclick/test/platforms/youtube', TIKTOK_CREDENTIALS_PARAMETER: '/oneclick/test/platforms/tiktok' },
      ['tiktok'],
      async (name) => (asked.push(name), read(name)),
    );
    expect(asked).toEqual(['/oneclick/test/platforms/tiktok']);
  });

  it('refuses a parameter of the wrong shape, naming it', async () => {
    await expect(loadCredentials({ X_CREDENTIALS_PARAMETER: '/oneclick/test/platforms/x' }, ['x'], read)).rejects.toThrow(
      'The parameter /oneclick/test/platforms/x is not of the form { "clientId": "…", "clientSecret": "…" }',
    );
    await expect(loadCredentials({ X_CREDENTIALS_PARAMETER: '/oneclick/test/platforms/x' }, ['x'], async () => 'not json')).rejects.toThrow('The parameter /oneclick/test/platforms/x is not JSON');
  });
});
