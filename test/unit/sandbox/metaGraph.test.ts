import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox } from './harness';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import type { SandboxResponse } from '../../../infra/local/sandbox/http';
import { advanceContainer, graphErrors, graphFields, lifetimeInsights, type ProcessedContainer } from '../../../infra/local/sandbox/metaGraph';
import { progression, type ProcessingOutcome } from '../../../infra/local/sandbox/processing';

/**
 * Meta's Graph wire format, shared by the Instagram, Threads and Facebook sandboxes
 * (infra/local/sandbox/metaGraph.ts): each answers a bad token in the Graph API's shape with its
 * own realm, and a media container's processing moves the same way on both that have containers.
 */

let sandbox: Sandbox;
beforeAll(async () => {
  ({ sandbox } = await startTestSandbox());
});
afterAll(() => sandbox.stop());

/** Each platform's realm, and the type of an error that is not a token's (Facebook's dialect: only token errors are OAuthExceptions). */
const graphPlatforms = [
  { platform: 'instagram', realm: 'Instagram Graph API', otherType: 'OAuthException' },
  { platform: 'threads', realm: 'Threads Graph API', otherType: 'OAuthException' },
  { platform: 'facebook', realm: 'Facebook Platform', otherType: 'GraphMethodException' },
] as const;

const bodyOf = (response: SandboxResponse | string[]) => JSON.parse(String((response as SandboxResponse).body)) as unknown;

describe("the Graph API's answer to a bad token", () => {
  for (const { platform, realm, otherType } of graphPlatforms) {
    it(`${platform}: a token that does not parse is code 190 with WWW-Authenticate naming ${realm}; a missing one is 2500 without it`, async () => {
      const unknown = await fetch(`${sandbox.hostUrl(platform, 'graph')}/me?access_token=not-a-token`);
      const missing = await fetch(`${sandbox.hostUrl(platform, 'graph')}/me`);

      expect(unknown.status).toBe(400);
      expect(unknown.headers.get('www-authenticate')).toBe(`OAuth "${realm}" "invalid_token" "Invalid OAuth access token - Cannot parse access token"`);
      expect(await unknown.json()).toEqual({ error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190, fbtrace_id: expect.stringMatching(/^\S{27}$/) } });
      expect(missing.status).toBe(400);
      expect(missing.headers.get('www-authenticate')).toBeNull();
      expect(await missing.json()).toMatchObject({ error: { type: otherType, code: 2500 } });
    });
  }
});

describe('the Graph error of a dialect', () => {
  it('is HTTP 400 and OAuthException by default, with the subcode and details in order before fbtrace_id', () => {
    const graphError = graphErrors({ realm: 'Some Graph API' });

    const response = graphError(100, '(#100) Bad field', 33, { is_transient: false, error_user_msg: 'Try another' });

    expect(response.status).toBe(400);
    const body = bodyOf(response) as { error: Record<string, unknown> };
    expect(Object.keys(body.error)).toEqual(['message', 'type', 'code', 'error_subcode', 'is_transient', 'error_user_msg', 'fbtrace_id']);
    expect(body.error).toMatchObject({ message: '(#100) Bad field', type: 'OAuthException', code: 100, error_subcode: 33 });
  });

  it("takes the dialect's status and type", () => {
    const graphError = graphErrors({ realm: 'Some Graph API', status: (details) => (details.is_transient ? 500 : 400), type: (code) => (code === 190 ? 'OAuthException' : 'GraphMethodException') });

    const transient = graphError(2, 'Service temporarily unavailable', undefined, { is_transient: true });

    expect(transient.status).toBe(500);
    expect(bodyOf(transient)).toMatchObject({ error: { type: 'GraphMethodException', code: 2, is_transient: true } });
  });

  it('refuses a field the node does not have, naming both', () => {
    const graphError = graphErrors({ realm: 'Some Graph API' });
    const known = ['id', 'status'];

    expect(graphFields(graphError, new URLSearchParams(), known, 'Node')).toEqual(['id']);
    expect(graphFields(graphError, new URLSearchParams({ fields: 'id, status' }), known, 'Node')).toEqual(['id', 'status']);
    const refused = graphFields(graphError, new URLSearchParams({ fields: 'id,secret' }), known, 'Node');
    expect(Array.isArray(refused)).toBe(false);
    expect(bodyOf(refused)).toMatchObject({ error: { code: 100, message: '(#100) Tried accessing nonexisting field (secret) on node type (Node)' } });
  });

  it("lists each metric's lifetime value, described where the dialect describes them", () => {
    const described = bodyOf(lifetimeInsights('17', ['views'], { views: 12 }, 'media'));
    const plain = bodyOf(lifetimeInsights('17', ['views'], { views: 12 }));

    expect(described).toEqual({ data: [{ name: 'views', period: 'lifetime', values: [{ value: 12 }], title: 'views', description: 'Lifetime views of the media', id: '17/insights/views/lifetime' }] });
    expect(plain).toEqual({ data: [{ name: 'views', period: 'lifetime', values: [{ value: 12 }], title: 'views', id: '17/insights/views/lifetime' }] });
  });
});

describe("a media container's status reads", () => {
  type Media = { url: string };
  type Failure = { reason: string };
  const isFailure = (downloaded: Media | Failure): downloaded is Failure => 'reason' in downloaded;
  const failed = (reason: string | undefined): Failure => ({ reason: reason ?? 'unknown' });
  const NOW = 1_000_000;

  function container(outcome: ProcessingOutcome, reads: number, fields: Partial<ProcessedContainer<Media, Failure>> = {}): ProcessedContainer<Media, Failure> {
    return { status: 'IN_PROGRESS', media: [], processing: progression({ outcome, reads, reason: outcome === 'fail' ? 'BAD_VIDEO' : undefined }), expiresAt: NOW + 1000, ...fields };
  }

  it('stay IN_PROGRESS for the planned reads, then show the planned outcome', async () => {
    for (const [outcome, shown] of [['succeed', 'FINISHED'], ['expire', 'EXPIRED'], ['fail', 'ERROR']] as const) {
      const processed = container(outcome, 2);
      const seen: string[] = [];
      for (let read = 0; read < 3; read++) {
        await advanceContainer(processed, NOW, isFailure, failed);
        seen.push(processed.status);
      }
      expect(seen, outcome).toEqual(['IN_PROGRESS', 'IN_PROGRESS', shown]);
      expect(processed.failure, outcome).toEqual(outcome === 'fail' ? { reason: 'BAD_VIDEO' } : undefined);
    }
  });

  it('take the fetched video, or its failure, before anything else', async () => {
    const fetched = container('succeed', 0, { download: Promise.resolve({ url: 'https://cdn.example/v.mp4' }) });
    const lost = container('succeed', 0, { download: Promise.resolve({ reason: 'FAILED_DOWNLOADING_VIDEO' }) });

    await advanceContainer(fetched, NOW, isFailure, failed);
    await advanceContainer(lost, NOW, isFailure, failed);

    expect([fetched.status, fetched.media, fetched.download]).toEqual(['FINISHED', [{ url: 'https://cdn.example/v.mp4' }], undefined]);
    expect([lost.status, lost.failure]).toEqual(['ERROR', { reason: 'FAILED_DOWNLOADING_VIDEO' }]);
  });

  it('expire a container not published in time, finished or not; an ERROR stays an ERROR', async () => {
    const waiting = container('succeed', 5);
    const finished = container('succeed', 0, { status: 'FINISHED' });
    const failedOne = container('succeed', 0, { status: 'ERROR' });

    for (const processed of [waiting, finished, failedOne]) await advanceContainer(processed, NOW + 1000, isFailure, failed);

    expect([waiting.status, finished.status, failedOne.status]).toEqual(['EXPIRED', 'EXPIRED', 'ERROR']);
  });
});
