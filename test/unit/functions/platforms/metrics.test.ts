import { describe, expect, it } from 'vitest';
import type { MetricsReaderFactory } from '../../../../functions/platforms/module';
import { createPlatformHttp } from '../../../../functions/platforms/http';
import { platformHosts, platformModules } from '../../../../functions/platforms/registry';
import { AuthExpired, RateLimited } from '../../../../functions/platforms/errors';
import { createYoutubeMetricsReader } from '../../../../functions/platforms/youtube/metrics';
import { createTiktokMetricsReader } from '../../../../functions/platforms/tiktok/metrics';
import { createInstagramMetricsReader } from '../../../../functions/platforms/instagram/metrics';
import { createXMetricsReader } from '../../../../functions/platforms/x/metrics';
import { createLinkedinMetricsReader } from '../../../../functions/platforms/linkedin/metrics';
import { instagramScopes } from '../../../../functions/platforms/instagram/adapter';
import type { Platform } from '../../../../shared/platforms';
import { baseTokens, clock, credentials, defaultOptions, jsonOf, now, queryOf, recordingFetch, type CannedResponse } from './harness';

function readerWith<Options>(platform: Platform, factory: MetricsReaderFactory<Options>, responses: CannedResponse[] = []) {
  const { fetchImpl, requests, unanswered } = recordingFetch(responses);
  const reader = factory({
    credentials,
    hosts: { ...platformHosts[platform] },
    http: createPlatformHttp(platform, fetchImpl),
    clock,
    options: defaultOptions(platform) as Options,
  });
  return { reader, requests, unanswered };
}

const tokens = (scopes: string[] = []) => ({ ...baseTokens, scopes });

describe('metrics readers: one per platform, in its module', () => {
  it('every platform module builds a reader for its own platform', () => {
    for (const module of Object.values(platformModules)) {
      const reader = module.createMetricsReader({ credentials, hosts: { ...module.hosts }, http: createPlatformHttp(module.platform, recordingFetch().fetchImpl), clock, options: module.readOptions({}) });
      expect(reader.platform).toBe(module.platform);
    }
  });
});

describe('YouTube metrics (videos.list, part=statistics)', () => {
  it('asks for the statistics of up to 50 videos in one call and reads views, likes and comments (strings)', async () => {
    const { reader, requests } = readerWith('youtube', createYoutubeMetricsReader, [
      { body: { kind: 'youtube#videoListResponse', items: [{ id: 'vid1', statistics: { viewCount: '1200', likeCount: '88', favoriteCount: '0', commentCount: '7' } }] } },
    ]);
    expect(reader.batchSize).toBe(50);
    const read = await reader.read(tokens(), ['vid1', 'gone']);
    expect(requests[0]!.method).toBe('GET');
    expect(`${requests[0]!.url.origin}${requests[0]!.url.pathname}`).toBe('https://www.googleapis.com/youtube/v3/videos');
    expect(queryOf(requests[0]!.url)).toEqual({ part: 'statistics', id: 'vid1,gone', maxResults: '2' });
    expect(requests[0]!.headers['authorization']).toBe('Bearer access-1');
    expect(read).toEqual({ vid1: { views: 1200, likes: 88, comments: 7 } });
  });

  it('leaves out a count the owner hid (likeCount absent) instead of reporting 0', async () => {
    const { reader } = readerWith('youtube', createYoutubeMetricsReader, [{ body: { items: [{ id: 'v', statistics: { viewCount: '5', commentCount: '1' } }] } }]);
    expect(await reader.read(tokens(), ['v'])).toEqual({ v: { views: 5, comments: 1 } });
  });

  it('turns quotaExceeded into RateLimited until midnight Pacific, and 401 into AuthExpired', async () => {
    const quota = readerWith('youtube', createYoutubeMetricsReader, [
      { status: 403, body: { error: { code: 403, message: 'quota', errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }] } } },
    ]);
    const error = await quota.reader.read(tokens(), ['v']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimited);
    expect((error as RateLimited).resetAt!.toISOString()).toBe('2026-11-23T08:00:00.000Z');
    const revoked = readerWith('youtube', createYoutubeMetricsReader, [{ status: 401, body: { error: { code: 401, message: 'Invalid Credentials', errors: [{ reason: 'authError' }] } } }]);
    await expect(revoked.reader.read(tokens(), ['v'])).rejects.toBeInstanceOf(AuthExpired);
  });
});

describe('TikTok metrics (POST /v2/video/query/)', () => {
  it('posts the video ids as filters with the fields in the query, and reads the four counts', async () => {
    const { reader, requests } = readerWith('tiktok', createTiktokMetricsReader, [
      { body: { data: { videos: [{ id: '7123', view_count: 5000, like_count: 300, comment_count: 12, share_count: 9 }], cursor: 0, has_more: false }, error: { code: 'ok', message: '' } } },
    ]);
    expect(reader.batchSize).toBe(20);
    const read = await reader.read(tokens(['video.list']), ['7123']);
    expect(requests[0]!.method).toBe('POST');
    expect(`${requests[0]!.url.origin}${requests[0]!.url.pathname}`).toBe('https://open.tiktokapis.com/v2/video/query/');
    expect(queryOf(requests[0]!.url)).toEqual({ fields: 'id,view_count,like_count,comment_count,share_count' });
    expect(requests[0]!.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(jsonOf(requests[0]!)).toEqual({ filters: { video_ids: ['7123'] } });
    expect(read).toEqual({ '7123': { views: 5000, likes: 300, comments: 12, shares: 9 } });
  });

  it('turns a publish id into the public video id with the publish status first', async () => {
    const { reader, requests } = readerWith('tiktok', createTiktokMetricsReader, [
      { body: { data: { status: 'PUBLISH_COMPLETE', publicaly_available_post_id: ['7999'] }, error: { code: 'ok' } } },
      { body: { data: { videos: [{ id: '7999', view_count: 10, like_count: 1, comment_count: 0, share_count: 0 }] }, error: { code: 'ok' } } },
    ]);
    const read = await reader.read(tokens(['video.list']), ['v_pub_file~v2-1.123']);
    expect(requests[0]!.url.pathname).toBe('/v2/post/publish/status/fetch/');
    expect(jsonOf(requests[0]!)).toEqual({ publish_id: 'v_pub_file~v2-1.123' });
    expect(jsonOf(requests[1]!)).toEqual({ filters: { video_ids: ['7999'] } });
    expect(read).toEqual({ 'v_pub_file~v2-1.123': { views: 10, likes: 1, comments: 0, shares: 0 } });
  });

  it('classifies rate_limit_exceeded (429) as RateLimited a minute ahead', async () => {
    const { reader } = readerWith('tiktok', createTiktokMetricsReader, [{ status: 429, body: { data: {}, error: { code: 'rate_limit_exceeded', message: 'slow down' } } }]);
    const error = await reader.read(tokens(['video.list']), ['1']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimited);
    expect((error as RateLimited).resetAt).toEqual(new Date(now.getTime() + 60_000));
  });

  it('is unavailable when the grant lacks video.list', () => {
    const { reader } = readerWith('tiktok', createTiktokMetricsReader);
    expect(reader.availability(tokens(['user.info.basic', 'video.publish']))).toEqual({ available: false, reason: expect.stringMatching(/video\.list/) });
  });
});

describe('Instagram metrics (GET /{media-id}/insights)', () => {
  it('asks for the insights permission when connecting', () => {
    expect(instagramScopes).toContain('instagram_business_manage_insights');
  });

  it('reads one media per call on the versioned graph host and maps saved to saves', async () => {
    const { reader, requests } = readerWith('instagram', createInstagramMetricsReader, [
      {
        body: {
          data: [
            { name: 'views', period: 'lifetime', values: [{ value: 900 }], id: '1790/insights/views/lifetime' },
            { name: 'likes', period: 'lifetime', values: [{ value: 70 }] },
            { name: 'comments', period: 'lifetime', values: [{ value: 4 }] },
            { name: 'shares', period: 'lifetime', values: [{ value: 3 }] },
            { name: 'saved', period: 'lifetime', values: [{ value: 11 }] },
          ],
        },
      },
    ]);
    expect(reader.batchSize).toBe(1);
    const read = await reader.read(tokens(['instagram_business_basic', 'instagram_business_manage_insights']), ['1790']);
    expect(`${requests[0]!.url.origin}${requests[0]!.url.pathname}`).toBe('https://graph.instagram.com/v21.0/1790/insights');
    expect(queryOf(requests[0]!.url)).toEqual({ metric: 'views,likes,comments,shares,saved' });
    expect(requests[0]!.headers['authorization']).toBe('Bearer access-1');
    expect(read).toEqual({ '1790': { views: 900, likes: 70, comments: 4, shares: 3, saves: 11 } });
  });

  it('skips a deleted media (code 100) and treats code 17 as a rate limit, 190 as a dead token', async () => {
    const { reader } = readerWith('instagram', createInstagramMetricsReader, [
      { status: 400, body: { error: { message: 'Unsupported get request', code: 100, error_subcode: 33 } } },
      { status: 400, body: { error: { message: 'User request limit reached', code: 17 } } },
    ]);
    const scopes = tokens(['instagram_business_manage_insights']);
    await expect(reader.read(scopes, ['gone', 'x'])).rejects.toBeInstanceOf(RateLimited);
    const dead = readerWith('instagram', createInstagramMetricsReader, [{ status: 400, body: { error: { message: 'Error validating access token', code: 190 } } }]);
    await expect(dead.reader.read(scopes, ['1'])).rejects.toBeInstanceOf(AuthExpired);
    const deleted = readerWith('instagram', createInstagramMetricsReader, [{ status: 400, body: { error: { message: 'Unsupported get request', code: 100 } } }]);
    expect(await deleted.reader.read(scopes, ['gone'])).toEqual({});
  });

  it("reads a story's own metrics after the feed ones are refused for its product type (replies as comments), and keeps the last numbers when the set is empty (after 24 h)", async () => {
    const { reader, requests } = readerWith('instagram', createInstagramMetricsReader, [
      { status: 400, body: { error: { message: '(#100) The Media Insights API does not support the likes metric for this media product type.', type: 'OAuthException', code: 100 } } },
      {
        body: {
          data: [
            { name: 'views', period: 'lifetime', values: [{ value: 300 }] },
            { name: 'shares', period: 'lifetime', values: [{ value: 2 }] },
            { name: 'replies', period: 'lifetime', values: [{ value: 5 }] },
          ],
        },
      },
      { body: { data: [] } },
    ]);
    const scopes = tokens(['instagram_business_manage_insights']);
    expect(await reader.read(scopes, ['story-1'])).toEqual({ 'story-1': { views: 300, shares: 2, comments: 5 } });
    expect(queryOf(requests[1]!.url)).toEqual({ metric: 'views,shares,replies' });
    expect(await reader.read(scopes, ['story-1'])).toEqual({});
  });

  it('is unavailable for a grant from before the insights permission (reconnect)', () => {
    const { reader } = readerWith('instagram', createInstagramMetricsReader);
    expect(reader.availability(tokens(['instagram_business_basic', 'instagram_business_content_publish']))).toEqual({ available: false, reason: expect.stringMatching(/reconnect/) });
  });
});

describe('X metrics (GET /2/tweets, tweet.fields=public_metrics)', () => {
  it('looks up up to 100 posts in one call; impressions are views, retweets + quotes are shares, bookmarks saves', async () => {
    const { reader, requests } = readerWith('x', createXMetricsReader, [
      {
        body: {
          data: [{ id: '1850', text: 'hi', edit_history_tweet_ids: ['1850'], public_metrics: { retweet_count: 4, reply_count: 2, like_count: 30, quote_count: 1, bookmark_count: 5, impression_count: 1400 } }],
          errors: [{ value: '1851', title: 'Not Found Error', resource_type: 'tweet', type: 'https://api.x.com/2/problems/resource-not-found' }],
        },
      },
    ]);
    expect(reader.batchSize).toBe(100);
    const read = await reader.read(tokens(), ['1850', '1851']);
    expect(`${requests[0]!.url.origin}${requests[0]!.url.pathname}`).toBe('https://api.x.com/2/tweets');
    expect(queryOf(requests[0]!.url)).toEqual({ ids: '1850,1851', 'tweet.fields': 'public_metrics' });
    expect(read).toEqual({ '1850': { views: 1400, likes: 30, comments: 2, shares: 5, saves: 5 } });
  });

  it('waits until x-rate-limit-reset after a 429', async () => {
    const { reader } = readerWith('x', createXMetricsReader, [{ status: 429, headers: { 'x-rate-limit-reset': '1795350000' }, body: { title: 'Too Many Requests' } }]);
    const error = await reader.read(tokens(), ['1']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimited);
    expect((error as RateLimited).resetAt).toEqual(new Date(1795350000 * 1000));
  });
});

describe('LinkedIn metrics (memberCreatorPostAnalytics)', () => {
  it('is not available to member grants without r_member_postAnalytics, and says why', () => {
    const { reader } = readerWith('linkedin', createLinkedinMetricsReader);
    expect(reader.availability(tokens(['openid', 'profile', 'email', 'w_member_social']))).toEqual({
      available: false,
      reason: 'LinkedIn shares post statistics only with apps approved for its Community Management API.',
    });
  });

  it('asks one metric per call for the share entity, with the version header, and maps the four counts', async () => {
    const answer = (count: number) => ({ body: { paging: { start: 0, count: 10 }, elements: [{ count, metricType: {}, targetEntity: {} }] } });
    const { reader, requests } = readerWith('linkedin', createLinkedinMetricsReader, [answer(800), answer(40), answer(6), answer(2)]);
    const read = await reader.read(tokens(['r_member_postAnalytics']), ['urn:li:share:7123']);
    expect(requests.map((request) => queryOf(request.url)['queryType'])).toEqual(['IMPRESSION', 'REACTION', 'COMMENT', 'RESHARE']);
    expect(requests[0]!.url.toString()).toBe(
      'https://api.linkedin.com/rest/memberCreatorPostAnalytics?q=entity&entity=(share:urn%3Ali%3Ashare%3A7123)&queryType=IMPRESSION&aggregation=TOTAL',
    );
    expect(requests[0]!.headers['linkedin-version']).toBe('202609');
    expect(requests[0]!.headers['x-restli-protocol-version']).toBe('2.0.0');
    expect(read).toEqual({ 'urn:li:share:7123': { views: 800, likes: 40, comments: 6, shares: 2 } });
  });

  it('waits for the next UTC day after a 429', async () => {
    const { reader } = readerWith('linkedin', createLinkedinMetricsReader, [{ status: 429, body: { status: 429, message: 'throttled' } }]);
    const error = await reader.read(tokens(['r_member_postAnalytics']), ['urn:li:share:1']).catch((caught: unknown) => caught);
    expect((error as RateLimited).resetAt!.toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
});
