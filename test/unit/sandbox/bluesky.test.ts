import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDirectly } from '../../../functions/platforms/createOnce';
import { memoryAttachments } from '../../../functions/platforms/progressAttachments';
import { armedTarget, memoryMedia } from '../functions/platforms/harness';
import { blueskyModule } from '../../../functions/platforms/bluesky';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { allow, jsonOf, pkcePair, redirectUri, startTestSandbox, testBytes, urlWith, type TestClock } from './harness';
import { blueskyConnect, blueskyDeps } from './bluesky.harness';

let sandbox: Sandbox;
let clock: TestClock;
beforeAll(async () => {
  ({ sandbox, clock } = await startTestSandbox({ clock: undefined }));
});
afterAll(() => sandbox.stop());

const adapter = () => blueskyModule.createAdapter(blueskyDeps(sandbox, clock));

describe('Bluesky sandbox: AT Protocol OAuth (PAR, DPoP, PKCE)', () => {
  it('connects through PAR and the consent page, and the tokens are DPoP-bound to the key kept with them', async () => {
    const { tokens, authorizeUrl } = await blueskyConnect(sandbox, adapter(), 'alice.test', 'Alice');
    const url = new URL(authorizeUrl);
    expect([...url.searchParams.keys()].sort()).toEqual(['client_id', 'request_uri']);
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.scopes).toEqual(['atproto', 'transition:generic']);
    expect(tokens.platformData?.['did']).toMatch(/^did:plc:[a-z2-7]{24}$/);
    expect(tokens.platformData?.['pds']).toBe(sandbox.hostUrl('bluesky', 'entryway').replace(/entryway$/, 'pds'));
    const profile = await adapter().fetchProfile(tokens);
    expect(profile).toMatchObject({ platformUserId: tokens.platformData?.['did'], displayName: 'Alice', username: '@alice.test.bsky.social' });
  });

  it('refuses the authorize dialog without a pushed request', async () => {
    const response = await fetch(urlWith(`${sandbox.hostUrl('bluesky', 'entryway')}/oauth/authorize`, { client_id: 'x', redirect_uri: redirectUri, response_type: 'code', scope: 'atproto', state: 's' }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Pushed authorization request required');
  });

  it('refuses a PAR without a DPoP proof, and one with a stale nonce asks for the current one', async () => {
    const pkce = pkcePair();
    const response = await fetch(`${sandbox.hostUrl('bluesky', 'entryway')}/oauth/par`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ client_id: 'c', code_challenge: pkce.challenge }).toString() });
    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toMatchObject({ error: 'invalid_dpop_proof' });
    expect(response.headers.get('dpop-nonce')).toBeTruthy();
  });

  it('refreshes (rotating the refresh token) and a revoked grant can no longer call the PDS', async () => {
    const { tokens } = await blueskyConnect(sandbox, adapter(), 'bob.test');
    const fresh = await adapter().refresh(tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
    expect(fresh.platformData).toEqual(tokens.platformData);
    await expect(adapter().refresh(tokens)).rejects.toMatchObject({ kind: 'AuthExpired' });
    await adapter().revoke(fresh);
    await expect(adapter().fetchProfile(fresh)).rejects.toMatchObject({ kind: 'AuthExpired' });
  });

  it('honours a token only with the DPoP key it is bound to', async () => {
    const first = await blueskyConnect(sandbox, adapter(), 'carol.test');
    const second = await blueskyConnect(sandbox, adapter(), 'carol.test');
    const stolen = { ...first.tokens, platformData: { ...first.tokens.platformData!, dpopKey: second.tokens.platformData!['dpopKey']! } };
    await expect(adapter().fetchProfile(stolen)).rejects.toMatchObject({ kind: 'AuthExpired' });
  });

  it('PKCE: a code exchanged with the wrong verifier is refused', async () => {
    const pkce = pkcePair();
    const start = await adapter().authorizeUrl({ state: 'bluesky_s', redirectUri, codeChallenge: pkce.challenge });
    const { code, location } = await allow(sandbox, 'bluesky', start.url, 'dan.test');
    const issuer = location.searchParams.get('iss')!;
    await expect(adapter().exchangeCode({ code, redirectUri, codeVerifier: pkcePair().verifier, flowData: start.flowData!, issuer })).rejects.toMatchObject({ kind: 'AuthExpired' });
  });

  it('RFC 9207: a code that comes back without the server\'s iss, or with another server\'s, is refused before it is spent', async () => {
    const pkce = pkcePair();
    const start = await adapter().authorizeUrl({ state: 'bluesky_iss', redirectUri, codeChallenge: pkce.challenge });
    const { code, location } = await allow(sandbox, 'bluesky', start.url, 'erin.test');
    const base = { code, redirectUri, codeVerifier: pkce.verifier, flowData: start.flowData! };
    await expect(adapter().exchangeCode(base)).rejects.toMatchObject({ kind: 'Rejected' });
    await expect(adapter().exchangeCode({ ...base, issuer: 'https://attacker.example' })).rejects.toMatchObject({ kind: 'Rejected' });
    const tokens = await adapter().exchangeCode({ ...base, issuer: location.searchParams.get('iss')! });
    expect(tokens.accessToken).toBeTruthy();
  });
});

describe('Bluesky sandbox: the PDS keeps posts across a restart and refuses an existing record key', () => {
  it('finds a post made before a restart by its key, and answers a create on that key with a 500 as the PDS does', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'oneclick-bluesky-'));
    try {
      const first = await startTestSandbox({ dataDir });
      const firstAdapter = blueskyModule.createAdapter(blueskyDeps(first.sandbox, first.clock));
      const { tokens } = await blueskyConnect(first.sandbox, firstAdapter, 'keeper.test');
      const image = { ...memoryMedia({ kind: 'image', bytes: new Uint8Array(testBytes(1000, 'jpeg')) }), altText: 'a' };
      const request = { text: 'Kept', media: [image], account: { platformUserId: tokens.platformData!['did']! }, tokens, createOnce: sendDirectly, attachments: memoryAttachments() };
      const firstPublisher = blueskyModule.createPublisher(blueskyDeps(first.sandbox, first.clock));
      const ready = await firstPublisher.start({ ...request, progress: {} });
      const published = await firstPublisher.publish({ ...request, progress: ready.progress });
      // Sent again without asking first (no createOnce guard): the PDS refuses the key with a 500, and the publisher finds the post it names.
      const direct = await firstPublisher.publish({ ...request, progress: { ...ready.progress, rkey: String(published.progress['rkey']), createdAt: String(published.progress['createdAt']) } });
      expect(direct).toMatchObject({ state: 'published', platformPostId: (published as { platformPostId: string }).platformPostId });
      await first.sandbox.stop();

      const second = await startTestSandbox({ dataDir, clock: first.clock });
      try {
        const publisher = blueskyModule.createPublisher(blueskyDeps(second.sandbox, second.clock));
        // The restarted sandbox listens on another port: the same PDS at its new address.
        const moved = { ...request, tokens: { ...tokens, platformData: { ...tokens.platformData!, pds: `${second.sandbox.url}/bluesky/pds` } } };
        const log: string[] = [];
        const again = await publisher.publish({ ...moved, progress: { ...ready.progress, rkey: String(published.progress['rkey']), createdAt: String(published.progress['createdAt']) }, createOnce: armedTarget('Bluesky', log) });
        expect(log).toEqual(['reconcile']);
        expect(again).toMatchObject({ state: 'published', platformPostId: (published as { platformPostId: string }).platformPostId });
        expect((await second.sandbox.control.feed('bluesky', 'keeper.test')).posts).toHaveLength(1);
      } finally {
        await second.sandbox.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
