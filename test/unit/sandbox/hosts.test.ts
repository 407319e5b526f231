import { afterEach, describe, expect, it } from 'vitest';
import { sandboxHostEnvironment } from '../../../functions/platforms/registry';
import { checkHosts } from '../../../infra/local/sandbox/hosts';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { isPlatform } from '../../../shared/platforms';
import { startTestSandbox } from './harness';

const dialog = { endpoints: [{ hostKey: 'www', path: '/oauth/authorize' }] };
const route = (hostKey: string) => ({ method: 'POST' as const, hostKey, path: '/token', handle: () => ({ status: 200 }) });

describe('the hosts each platform sandbox declares', () => {
  let sandbox: Sandbox | undefined;
  afterEach(async () => sandbox?.stop());

  it('serve every host the adapters are pointed at in the sandbox environment, at the same URL', async () => {
    ({ sandbox } = await startTestSandbox());
    const environment = sandboxHostEnvironment(sandbox.url);
    expect(Object.keys(environment).length).toBeGreaterThan(0);
    for (const [name, url] of Object.entries(environment)) {
      const [platform = '', hostKey = ''] = url.slice(sandbox.url.length + 1).split('/');
      expect(isPlatform(platform), `${name}=${url}`).toBe(true);
      if (!isPlatform(platform)) continue;
      expect(sandbox.hostUrl(platform, hostKey), name).toBe(url);
    }
  });

  it('are the only ones hostUrl gives and the server answers on', async () => {
    ({ sandbox } = await startTestSandbox());
    expect(() => sandbox!.hostUrl('x', 'graph')).toThrow('x has no host "graph"');
    const response = await fetch(`${sandbox.url}/x/graph/me`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'not_found', message: 'The sandbox has no GET /x/graph/me' });
  });

  it('must cover every route and authorize endpoint, or the sandbox says which one is unreachable', () => {
    expect(() => checkHosts('example', { hosts: ['www', 'api'], routes: [route('api')], authorize: dialog })).not.toThrow();
    expect(() => checkHosts('example', { hosts: ['www'], uploadHosts: ['upload'], routes: [route('upload')], authorize: dialog })).not.toThrow();
    expect(() => checkHosts('example', { hosts: ['www'], routes: [route('api')], authorize: dialog })).toThrow(
      'The example sandbox\'s route POST /token is on host "api", which it does not declare (its hosts: www)',
    );
    expect(() => checkHosts('example', { hosts: ['api'], routes: [route('api')], authorize: dialog })).toThrow(
      'The example sandbox\'s authorize endpoint /oauth/authorize is on host "www", which it does not declare (its hosts: api)',
    );
  });
});
