import { Agent, request as httpRequest } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectSandboxControl } from '../../../infra/local/sandbox/controlClient';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { allow, bearer, clients, formPost, HOUR, jsonOf, redirectUri, startTestSandbox, testClock, urlWith, type TestClock } from './harness';

let sandbox: Sandbox;
let clock: TestClock;
let log: { lines: string[] };

beforeAll(async () => ({ sandbox, clock, log } = await startTestSandbox()));
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.control.reset());

function linkedinAuthorizeUrl(target: Sandbox = sandbox): string {
  return urlWith(`${target.hostUrl('linkedin', 'www')}/oauth/v2/authorization`, {
    response_type: 'code',
    client_id: clients.linkedin.clientId,
    redirect_uri: redirectUri,
    state: 'st',
    scope: 'openid profile w_member_social',
  });
}

async function linkedinToken(target: Sandbox, account: string): Promise<string> {
  const { code } = await allow(target, 'linkedin', linkedinAuthorizeUrl(target), account);
  const response = await fetch(
    `${target.hostUrl('linkedin', 'www')}/oauth/v2/accessToken`,
    formPost({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clients.linkedin.clientId, client_secret: clients.linkedin.clientSecret }),
  );
  return ((await response.json()) as { access_token: string }).access_token;
}

function userinfo(target: Sandbox, token: string): Promise<Response> {
  return fetch(`${target.hostUrl('linkedin', 'api')}/v2/userinfo`, bearer(token));
}

function hiddenQuery(page: string): string {
  const match = /name="authorize_query" value="([^"]*)"/.exec(page);
  if (!match) throw new Error('no authorize_query field on the page');
  return match[1]!.replace(/&#(\d+);/g, (_entity, code: string) => String.fromCharCode(Number(code)));
}

describe('the consent page form', () => {
  it('allows like a browser would: the form post redirects with a code that exchanges', async () => {
    const page = await (await fetch(linkedinAuthorizeUrl())).text();

    const response = await fetch(`${sandbox.url}/linkedin/_consent`, {
      ...formPost({ authorize_query: hiddenQuery(page), account: 'form-user', displayName: 'Form User', decision: 'allow' }),
      redirect: 'manual',
    });
    const location = new URL(response.headers.get('location')!);

    expect(response.status).toBe(302);
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get('state')).toBe('st');
    const exchanged = await fetch(
      `${sandbox.hostUrl('linkedin', 'www')}/oauth/v2/accessToken`,
      formPost({
        grant_type: 'authorization_code',
        code: location.searchParams.get('code')!,
        redirect_uri: redirectUri,
        client_id: clients.linkedin.clientId,
        client_secret: clients.linkedin.clientSecret,
      }),
    );
    const { access_token: accessToken } = (await exchanged.json()) as { access_token: string };
    expect(await jsonOf(await userinfo(sandbox, accessToken))).toMatchObject({ name: 'Form User' });
  });

  it('denies like a browser would', async () => {
    const page = await (await fetch(linkedinAuthorizeUrl())).text();

    const response = await fetch(`${sandbox.url}/linkedin/_consent`, { ...formPost({ authorize_query: hiddenQuery(page), account: '', decision: 'deny' }), redirect: 'manual' });

    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location')!).searchParams.get('error')).toBe('user_cancelled_authorize');
  });

  it('shows the page again with an alert for a malformed account name, issuing nothing', async () => {
    const page = await (await fetch(linkedinAuthorizeUrl())).text();

    const response = await fetch(`${sandbox.url}/linkedin/_consent`, { ...formPost({ authorize_query: hiddenQuery(page), account: 'no spaces please', decision: 'allow' }), redirect: 'manual' });
    const body = await response.text();

    expect(response.status).toBe(400);
    expect(body).toContain('role="alert"');
    expect(body).toContain('value="no spaces please"');
    expect(await sandbox.control.tokens('linkedin')).toEqual([]);
  });

  it('re-validates a tampered authorize query', async () => {
    const page = await (await fetch(linkedinAuthorizeUrl())).text();
    const tampered = hiddenQuery(page).replace(clients.linkedin.clientId, 'someone-else');

    const response = await fetch(`${sandbox.url}/linkedin/_consent`, { ...formPost({ authorize_query: tampered, account: 'a', decision: 'allow' }), redirect: 'manual' });

    expect(response.status).toBe(400);
    expect(await response.text()).toContain('not a registered app');
  });
});

describe('the control API over HTTP', () => {
  it('offers the same operations to another process', async () => {
    const remote = connectSandboxControl(sandbox.url);

    const location = new URL(await remote.consent('linkedin', { authorizeUrl: linkedinAuthorizeUrl(), account: 'remote', decision: 'allow' }));
    const { code } = Object.fromEntries(location.searchParams);
    await fetch(
      `${sandbox.hostUrl('linkedin', 'www')}/oauth/v2/accessToken`,
      formPost({ grant_type: 'authorization_code', code: code!, redirect_uri: redirectUri, client_id: clients.linkedin.clientId, client_secret: clients.linkedin.clientSecret }),
    );
    await remote.expireAccessTokens('linkedin', 'remote');
    const expired = await remote.tokens('linkedin');
    await remote.revokeAccess('linkedin', 'remote');
    const revoked = await remote.tokens('linkedin');
    await remote.reset();

    expect(expired).toEqual([{ kind: 'access', account: 'remote', revoked: false, expiresAt: clock.now() }]);
    expect(revoked).toEqual([{ kind: 'access', account: 'remote', revoked: true, expiresAt: clock.now() }]);
    expect(await remote.tokens('linkedin')).toEqual([]);
  });

  it('reports refusals with their reason', async () => {
    const remote = connectSandboxControl(sandbox.url);

    await expect(remote.revokeAccess('x', 'nobody')).rejects.toThrow(/404: no x sandbox account "nobody"/);
    await expect(remote.consent('x', { authorizeUrl: linkedinAuthorizeUrl(), account: 'a', decision: 'allow' })).rejects.toThrow(/not the x sandbox's authorize endpoint/);
    const badBody = await fetch(`${sandbox.url}/_sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ platform: 'myspace' }) });
    expect(badBody.status).toBe(400);
    expect(await jsonOf(badBody)).toMatchObject({ error: expect.stringContaining('platform') });
  });
});

describe('fault injection', () => {
  it('answers the next N matching requests with the fault, then the platform again', async () => {
    const token = await linkedinToken(sandbox, 'faulty');
    await sandbox.control.injectFault({
      platform: 'linkedin',
      method: 'GET',
      path: '/v2/userinfo',
      status: 429,
      body: { status: 429, message: 'Resource level throttle limit' },
      headers: { 'Retry-After': '10' },
      times: 2,
    });

    const first = await userinfo(sandbox, token);
    const second = await userinfo(sandbox, token);
    const third = await userinfo(sandbox, token);

    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('10');
    expect(await first.json()).toEqual({ status: 429, message: 'Resource level throttle limit' });
    expect(second.status).toBe(429);
    expect(third.status).toBe(200);
  });

  it('leaves the request without effect: a faulted token call does not use up the code', async () => {
    const { code } = await allow(sandbox, 'linkedin', linkedinAuthorizeUrl());
    await sandbox.control.injectFault({ platform: 'linkedin', method: 'POST', path: '/oauth/v2/accessToken', status: 503, body: 'upstream down' });
    const exchange = () =>
      fetch(
        `${sandbox.hostUrl('linkedin', 'www')}/oauth/v2/accessToken`,
        formPost({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clients.linkedin.clientId, client_secret: clients.linkedin.clientSecret }),
      );

    const faulted = await exchange();
    const retried = await exchange();

    expect(faulted.status).toBe(503);
    expect(await faulted.text()).toBe('upstream down');
    expect(retried.status).toBe(200);
  });

  it('matches method, platform and host key, and Instagram graph paths with or without a version', async () => {
    await sandbox.control.injectFault({ platform: 'instagram', method: 'GET', path: '/me', hostKey: 'graph', status: 500, times: 2 });

    const otherMethod = await fetch(`${sandbox.hostUrl('instagram', 'graph')}/me`, { method: 'POST' });
    const otherPlatform = await fetch(`${sandbox.hostUrl('x', 'api')}/me`);
    const versioned = await fetch(`${sandbox.hostUrl('instagram', 'graph')}/v21.0/me?access_token=t`);
    const plain = await fetch(`${sandbox.hostUrl('instagram', 'graph')}/me?access_token=t`);
    const spent = await fetch(`${sandbox.hostUrl('instagram', 'graph')}/me?access_token=t`);

    expect(otherMethod.status).toBe(404);
    expect(otherPlatform.status).toBe(404);
    expect(versioned.status).toBe(500);
    expect(plain.status).toBe(500);
    expect(spent.status).toBe(400);
  });

  it('records every platform request by its route, and faults a route whatever ids its path carries', async () => {
    const token = await linkedinToken(sandbox, 'routed');
    await sandbox.control.clearRequests();
    await sandbox.control.injectFault({ platform: 'linkedin', method: 'GET', route: '/rest/posts/{urn}', status: 500 });

    const faulted = await fetch(`${sandbox.hostUrl('linkedin', 'api')}/rest/posts/urn%3Ali%3Ashare%3A1`, { headers: { authorization: `Bearer ${token}` } });
    const passed = await fetch(`${sandbox.hostUrl('linkedin', 'api')}/rest/posts/urn%3Ali%3Ashare%3A2`, { headers: { authorization: `Bearer ${token}` } });

    expect(faulted.status).toBe(500);
    expect(passed.status).not.toBe(500);
    expect(await sandbox.control.requests('linkedin')).toEqual([
      { platform: 'linkedin', hostKey: 'api', method: 'GET', route: '/rest/posts/{urn}', account: 'routed' },
      { platform: 'linkedin', hostKey: 'api', method: 'GET', route: '/rest/posts/{urn}', account: 'routed' },
    ]);
    await expect(sandbox.control.injectFault({ platform: 'x', method: 'GET', status: 500 })).rejects.toThrow(/either a path or a route/);
  });

  it('expires the access token at the platform just before a request (expireToken)', async () => {
    const token = await linkedinToken(sandbox, 'expiring');
    await sandbox.control.injectFault({ platform: 'linkedin', method: 'GET', path: '/v2/userinfo', expireToken: true });

    expect((await userinfo(sandbox, token)).status).toBe(401);
    expect((await sandbox.control.tokens('linkedin')).filter((issued) => issued.account === 'expiring' && issued.kind === 'access').every((issued) => issued.expiresAt! <= Date.now())).toBe(true);
  });

  it('is forgotten on reset', async () => {
    await sandbox.control.injectFault({ platform: 'youtube', method: 'POST', path: '/token', status: 500 });

    await sandbox.control.reset();

    expect((await fetch(`${sandbox.hostUrl('youtube', 'oauth2')}/token`, formPost({}))).status).toBe(400);
  });

  it('lets the first `skip` matching requests through before the fault applies', async () => {
    await sandbox.control.injectFault({ platform: 'instagram', method: 'GET', path: '/me', hostKey: 'graph', status: 503, skip: 2 });
    const statuses = [];
    for (let index = 0; index < 4; index++) statuses.push((await fetch(`${sandbox.hostUrl('instagram', 'graph')}/me?access_token=t`)).status);
    expect(statuses).toEqual([400, 400, 503, 400]);
    await expect(sandbox.control.injectFault({ platform: 'x', method: 'GET', path: '/2/users/me', status: 500, skip: -1 })).rejects.toThrow(/skip/);
  });

  it('applies an afterFault fault to the first request after another fault took effect, whatever its path', async () => {
    const me = () => fetch(`${sandbox.hostUrl('instagram', 'graph')}/me?access_token=t`).then((response) => response.status);
    await sandbox.control.injectFault({ platform: 'instagram', afterFault: true, status: 404 });
    const before = await me();
    await sandbox.control.injectFault({ platform: 'instagram', method: 'GET', path: '/me', hostKey: 'graph', status: 503 });
    expect([before, await me(), await me(), await me()]).toEqual([400, 503, 404, 400]);
    await expect(sandbox.control.injectFault({ platform: 'x', afterFault: true, method: 'GET', status: 500 })).rejects.toThrow(/afterFault/);
    await expect(sandbox.control.injectFault({ platform: 'x', path: '/2/users/me', status: 500 })).rejects.toThrow(/names a method/);
  });

  it('refuses a fault with a query in its path or a non-positive count', async () => {
    await expect(sandbox.control.injectFault({ platform: 'x', method: 'GET', path: '/2/users/me?x=1', status: 500 })).rejects.toThrow(/without a query/);
    await expect(sandbox.control.injectFault({ platform: 'x', method: 'GET', path: '/2/users/me', status: 500, times: 0 })).rejects.toThrow(/times/);
  });
});

describe('persistence', () => {
  let dataDir: string;
  beforeEach(() => void (dataDir = mkdtempSync(join(tmpdir(), 'oneclick-sandbox-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps accounts and tokens, revoked and expired ones included, across a restart with the same data folder', async () => {
    const persistentClock = testClock();
    const first = await startTestSandbox({ dataDir, clock: persistentClock });
    const live = await linkedinToken(first.sandbox, 'keeper');
    const revoked = await linkedinToken(first.sandbox, 'leaver');
    const expired = await linkedinToken(first.sandbox, 'sleeper');
    await first.sandbox.control.revokeAccess('linkedin', 'leaver');
    await first.sandbox.control.expireAccessTokens('linkedin', 'sleeper');
    await first.sandbox.stop();

    const second = await startTestSandbox({ dataDir, clock: persistentClock });
    try {
      expect(await jsonOf(await userinfo(second.sandbox, live))).toMatchObject({ sub: expect.any(String) });
      expect(await jsonOf(await userinfo(second.sandbox, revoked))).toMatchObject({ serviceErrorCode: 65601 });
      expect(await jsonOf(await userinfo(second.sandbox, expired))).toMatchObject({ serviceErrorCode: 65600 });
      expect(await (await fetch(linkedinAuthorizeUrl(second.sandbox))).text()).toContain('<option value="keeper">');
    } finally {
      await second.sandbox.stop();
    }
  });

  it('writes no usable token or code to sandbox.json', async () => {
    const { sandbox: persistent } = await startTestSandbox({ dataDir });
    try {
      const { code } = await allow(persistent, 'linkedin', linkedinAuthorizeUrl(persistent), 'secretive');
      const token = await linkedinToken(persistent, 'secretive');

      const file = readFileSync(join(dataDir, 'sandbox.json'), 'utf8');

      expect(file).toContain('"secretive"');
      expect(file).not.toContain(token);
      expect(file).not.toContain(code);
    } finally {
      await persistent.stop();
    }
  });

  it('starts empty without a data folder', async () => {
    const { sandbox: memoryOnly } = await startTestSandbox();
    try {
      expect(await memoryOnly.control.tokens('linkedin')).toEqual([]);
    } finally {
      await memoryOnly.stop();
    }
  });
});

describe('the sandbox server', () => {
  it('listens on 127.0.0.1 and maps host keys under /<platform>/<hostKey>', () => {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.hostUrl('youtube', 'oauth2')).toBe(`${sandbox.url}/youtube/oauth2`);
    expect(() => sandbox.hostUrl('youtube', 'graph')).toThrow(/no host "graph"/);
  });

  it('answers unknown platforms, hosts and paths with 404', async () => {
    expect((await fetch(`${sandbox.url}/myspace/www/`)).status).toBe(404);
    expect((await fetch(`${sandbox.url}/youtube/graph/me`)).status).toBe(404);
    expect((await fetch(`${sandbox.hostUrl('youtube', 'oauth2')}/tokens`, { method: 'POST' })).status).toBe(404);
  });

  it('serves avatars only for accounts it knows', async () => {
    await linkedinToken(sandbox, 'pictured');

    expect((await fetch(`${sandbox.url}/linkedin/_avatar/unknown.svg`)).status).toBe(404);
  });

  it('logs method, path and status of each request, never a code, token or secret', async () => {
    log.lines.length = 0;
    const { code } = await allow(sandbox, 'linkedin', linkedinAuthorizeUrl());
    const token = await linkedinToken(sandbox, 'logged');
    await fetch(`${sandbox.hostUrl('instagram', 'graph')}/me?access_token=${token}`);

    const text = log.lines.join('\n');

    expect(log.lines).toContain('sandbox POST /linkedin/www/oauth/v2/accessToken 200');
    expect(log.lines).toContain('sandbox GET /instagram/graph/me 400');
    for (const secret of [code, token, clients.linkedin.clientSecret]) expect(text).not.toContain(secret);
  });

  it('closes open keep-alive connections on stop', async () => {
    const { sandbox: closing } = await startTestSandbox();
    const agent = new Agent({ keepAlive: true });
    await new Promise<void>((resolveRequest, reject) => {
      httpRequest(`${closing.url}/_sandbox/tokens?platform=x`, { agent }, (response) => {
        response.resume();
        response.on('end', resolveRequest);
      })
        .on('error', reject)
        .end();
    });

    const stopped = await Promise.race([closing.stop().then(() => 'stopped'), new Promise((resolveTimeout) => setTimeout(() => resolveTimeout('hung'), 2000))]);

    expect(stopped).toBe('stopped');
    await expect(fetch(`${closing.url}/_sandbox/tokens?platform=x`)).rejects.toThrow();
    agent.destroy();
  });

  it('uses the injected clock for every expiry', async () => {
    const token = await linkedinToken(sandbox, 'timed');

    clock.advance(60 * 24 * HOUR - 1);
    const justBefore = await userinfo(sandbox, token);
    clock.advance(1);
    const atExpiry = await userinfo(sandbox, token);

    expect(justBefore.status).toBe(200);
    expect(atExpiry.status).toBe(401);
  });
});

describe('faults scoped to an account', () => {
  it("hit only requests made with that account's token", async () => {
    const alice = await linkedinToken(sandbox, 'alice');
    const bob = await linkedinToken(sandbox, 'bob');
    await sandbox.control.injectFault({ platform: 'linkedin', account: 'alice', method: 'GET', path: '/v2/userinfo', status: 503, times: 5 });

    expect((await userinfo(sandbox, bob)).status).toBe(200);
    expect((await userinfo(sandbox, alice)).status).toBe(503);
  });
});

describe('processing outcomes scoped to an account', () => {
  it('apply to media of that account only', async () => {
    await sandbox.control.setProcessing('linkedin', { outcome: 'fail', account: 'alice' });
    const { createProcessingPlans } = await import('../../../infra/local/sandbox/processing');
    const plans = createProcessingPlans();
    plans.add('linkedin', { outcome: 'fail', account: 'alice' });
    expect(plans.next('linkedin', 2, 'bob')).toEqual({ outcome: 'succeed', reads: 2, reason: undefined });
    expect(plans.next('linkedin', 2, 'alice')).toMatchObject({ outcome: 'fail' });
    expect(plans.next('linkedin', 2, 'alice')).toMatchObject({ outcome: 'succeed' });
  });
});

