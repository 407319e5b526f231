import { afterEach, describe, expect, it } from 'vitest';
import { simulatedMetrics, timeFactor } from '../../../infra/local/sandbox/engagement';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { instagramUserId } from '../../../infra/local/sandbox/instagram/identity';
import { linkedinSub } from '../../../infra/local/sandbox/linkedin/identity';
import { accessTokenFor, bearer, DAY, HOUR, jsonOf, startFileServer, startTestSandbox, testBytes, urlWith, type TestClock } from './harness';

const publishedAt = Date.UTC(2026, 0, 14, 18, 0, 0); // a Wednesday, 18:00 UTC

describe('simulated engagement', () => {
  it('is the same for the same post at the same moment, and differs between posts', () => {
    const post = { platform: 'x' as const, id: '1850', createdAt: publishedAt };
    expect(simulatedMetrics(post, publishedAt + DAY)).toEqual(simulatedMetrics(post, publishedAt + DAY));
    expect(simulatedMetrics({ ...post, id: '1851' }, publishedAt + DAY)).not.toEqual(simulatedMetrics(post, publishedAt + DAY));
  });

  it('starts at nothing, grows with the clock, and levels off after a few days', () => {
    const post = { platform: 'youtube' as const, id: 'abc', createdAt: publishedAt };
    const at = (ms: number) => simulatedMetrics(post, publishedAt + ms);
    expect(at(0)).toEqual({ views: 0, likes: 0, comments: 0, shares: 0, saves: 0, reach: 0 });
    const readings = [HOUR, 6 * HOUR, DAY, 3 * DAY, 30 * DAY].map(at);
    for (let index = 1; index < readings.length; index++) {
      for (const name of ['views', 'likes', 'comments', 'shares', 'saves'] as const) expect(readings[index]![name]).toBeGreaterThanOrEqual(readings[index - 1]![name]);
    }
    expect(readings[2]!.views).toBeGreaterThan(readings[0]!.views * 5);
    expect(readings[4]!.views - readings[3]!.views).toBeLessThan(readings[3]!.views * 0.1);
  });

  it('rewards weekday evenings (UTC) over weekend nights', () => {
    expect(timeFactor(publishedAt)).toBeGreaterThan(timeFactor(Date.UTC(2026, 0, 17, 3, 0, 0)) * 2);
  });
});

describe('the sandbox\'s X metrics endpoint (GET /2/tweets?tweet.fields=public_metrics)', () => {
  let sandbox: Sandbox;
  let clock: TestClock;
  afterEach(async () => sandbox?.stop());

  async function tweet(token: string): Promise<string> {
    const response = await fetch(`${sandbox.hostUrl('x', 'api')}/2/tweets`, {
      method: 'POST',
      headers: { ...(bearer(token).headers as Record<string, string>), 'content-type': 'application/json' },
      body: JSON.stringify({ text: `Hello ${Math.random()}` }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: { id: string } }).data.id;
  }

  const lookup = (token: string, ids: string) => fetch(`${sandbox.hostUrl('x', 'api')}/2/tweets?ids=${ids}&tweet.fields=public_metrics`, bearer(token));

  it('answers the account\'s own posts with growing public metrics and the others as not found', async () => {
    ({ sandbox, clock } = await startTestSandbox());
    const token = await accessTokenFor(sandbox, 'x', 'writer');
    const other = await accessTokenFor(sandbox, 'x', 'someone-else');
    const id = await tweet(token);
    clock.advance(HOUR); // X access tokens live 2 hours
    const first = await jsonOf(await lookup(token, id));
    const metrics = (first['data'] as Array<{ id: string; public_metrics: Record<string, number> }>)[0]!;
    expect(metrics.id).toBe(id);
    expect(Object.keys(metrics.public_metrics).sort()).toEqual(['bookmark_count', 'impression_count', 'like_count', 'quote_count', 'reply_count', 'retweet_count']);
    expect(metrics.public_metrics['impression_count']).toBeGreaterThan(0);
    clock.advance(50 * 60_000);
    const later = (await jsonOf(await lookup(token, id)))['data'] as Array<{ public_metrics: Record<string, number> }>;
    expect(later[0]!.public_metrics['impression_count']).toBeGreaterThan(metrics.public_metrics['impression_count']!);
    const foreign = await jsonOf(await lookup(other, id));
    expect(foreign['data']).toBeUndefined();
    expect((foreign['errors'] as Array<{ type: string }>)[0]!.type).toBe('https://api.x.com/2/problems/resource-not-found');
  });

  it('enforces tweetLookupsPer15Minutes with a 429 and x-rate-limit-reset, then lets calls through after the window', async () => {
    ({ sandbox, clock } = await startTestSandbox());
    const token = await accessTokenFor(sandbox, 'x', 'writer');
    const id = await tweet(token);
    await sandbox.control.setLimit('x', 'tweetLookupsPer15Minutes', 2);
    expect((await lookup(token, id)).status).toBe(200);
    expect((await lookup(token, id)).status).toBe(200);
    const limited = await lookup(token, id);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(Number(limited.headers.get('x-rate-limit-reset'))).toBe(Math.ceil((clock.now() + 15 * 60_000) / 1000));
    clock.advance(15 * 60_000);
    expect((await lookup(token, id)).status).toBe(200);
  });
});

describe('the sandbox\'s Instagram insights and LinkedIn post analytics', () => {
  let sandbox: Sandbox;
  let clock: TestClock;
  let files: Awaited<ReturnType<typeof startFileServer>>;
  afterEach(async () => {
    await sandbox?.stop();
    await files?.stop();
  });

  async function instagramImage(token: string): Promise<string> {
    const graph = (path: string, params: Record<string, string>) => urlWith(`${sandbox.hostUrl('instagram', 'graph')}/v21.0${path}`, { ...params, access_token: token });
    const ig = instagramUserId('sandbox-user');
    const created = (await jsonOf(await fetch(graph(`/${ig}/media`, { image_url: files.url('/photo.jpg'), caption: 'Numbers' }), { method: 'POST' })))['id'] as string;
    for (let read = 0; read < 5; read++) {
      const status = await jsonOf(await fetch(graph(`/${created}`, { fields: 'status_code' })));
      if (status['status_code'] === 'FINISHED') break;
    }
    const published = await jsonOf(await fetch(graph(`/${ig}/media_publish`, { creation_id: created }), { method: 'POST' }));
    return published['id'] as string;
  }

  it('answers media insights in the Graph shape to grants with instagram_business_manage_insights only', async () => {
    ({ sandbox, clock } = await startTestSandbox());
    files = await startFileServer();
    files.put('/photo.jpg', testBytes(2048, 'jpeg'), 'image/jpeg');
    const token = await accessTokenFor(sandbox, 'instagram', 'sandbox-user', 'instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights');
    const media = await instagramImage(token);
    clock.advance(50 * 60_000); // the code's token is the short-lived (1 hour) one
    const insights = (url: string, bearerToken: string) => fetch(url, bearer(bearerToken));
    const url = urlWith(`${sandbox.hostUrl('instagram', 'graph')}/v21.0/${media}/insights`, { metric: 'views,likes,saved' });
    const answer = await jsonOf(await insights(url, token));
    const data = answer['data'] as Array<{ name: string; period: string; values: Array<{ value: number }> }>;
    expect(data.map((entry) => [entry.name, entry.period])).toEqual([
      ['views', 'lifetime'],
      ['likes', 'lifetime'],
      ['saved', 'lifetime'],
    ]);
    expect(data[0]!.values[0]!.value).toBeGreaterThan(0);

    const withoutInsights = await accessTokenFor(sandbox, 'instagram', 'sandbox-user', 'instagram_business_basic,instagram_business_content_publish');
    const refused = await insights(url, withoutInsights);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: number } }).error.code).toBe(10);
  });

  it('answers memberCreatorPostAnalytics per metric, and only to grants with r_member_postAnalytics', async () => {
    ({ sandbox, clock } = await startTestSandbox());
    const rest = (token: string, path: string, init: RequestInit = {}) =>
      fetch(`${sandbox.hostUrl('linkedin', 'api')}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'linkedin-version': '202601', 'x-restli-protocol-version': '2.0.0', 'content-type': 'application/json' },
      });
    const token = await accessTokenFor(sandbox, 'linkedin', 'sandbox-user', 'openid profile w_member_social r_member_postAnalytics');
    const created = await rest(token, '/rest/posts', {
      method: 'POST',
      body: JSON.stringify({
        author: `urn:li:person:${linkedinSub('sandbox-user')}`,
        commentary: 'Numbers',
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      }),
    });
    expect(created.status).toBe(201);
    const urn = created.headers.get('x-restli-id')!;
    clock.advance(DAY);
    const analytics = (bearerToken: string, queryType: string) =>
      rest(bearerToken, `/rest/memberCreatorPostAnalytics?q=entity&entity=(share:${encodeURIComponent(urn)})&queryType=${queryType}&aggregation=TOTAL`);
    const impressions = await jsonOf(await analytics(token, 'IMPRESSION'));
    const reactions = await jsonOf(await analytics(token, 'REACTION'));
    const count = (body: Record<string, unknown>) => (body['elements'] as Array<{ count: number }>)[0]!.count;
    expect(count(impressions)).toBeGreaterThan(count(reactions));
    expect(count(reactions)).toBeGreaterThan(0);

    const memberOnly = await accessTokenFor(sandbox, 'linkedin', 'sandbox-user', 'openid profile w_member_social');
    expect((await analytics(memberOnly, 'IMPRESSION')).status).toBe(403);
  });
});
