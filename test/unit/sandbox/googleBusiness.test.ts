import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { businessAccountId, locationId } from '../../../infra/local/sandbox/googleBusiness/identity';
import { accessTokenFor, allow, clients, formPost, HOUR, jsonOf, redirectUri, startFileServer, startTestSandbox, testBytes, urlWith, type TestClock } from './harness';

const SCOPE = 'https://www.googleapis.com/auth/business.manage';

describe('the Google Business Profile sandbox: Google OAuth, accounts and locations, local posts with states', () => {
  let sandbox: Sandbox | undefined;
  let clock: TestClock;
  afterEach(async () => sandbox?.stop());

  const url = (hostKey: string, path: string) => `${sandbox!.hostUrl('googleBusiness', hostKey)}${path}`;
  const bearer = (token: string, extra: Record<string, string> = {}) => ({ headers: { authorization: `Bearer ${token}`, ...extra } });
  const postsOf = (user: string, location = user) => url('mybusiness', `/v4/accounts/${businessAccountId(user)}/locations/${locationId(location)}/localPosts`);
  const create = (token: string, user: string, body: unknown) => fetch(postsOf(user), { method: 'POST', ...bearer(token, { 'content-type': 'application/json' }), body: JSON.stringify(body) });
  const event = { title: 'Tasting', schedule: { startDate: { year: 2026, month: 12, day: 4 }, startTime: { hours: 18 }, endDate: { year: 2026, month: 12, day: 4 }, endTime: { hours: 22, minutes: 30 } } };

  it('grants a refresh token with offline access, refreshes without rotating it, and expires the access token after an hour', async () => {
    ({ sandbox, clock } = await startTestSandbox());
    const client = clients.googleBusiness;
    const authorizeUrl = urlWith(url('accounts', '/o/oauth2/v2/auth'), { client_id: client.clientId, redirect_uri: redirectUri, response_type: 'code', scope: SCOPE, state: 's', access_type: 'offline', prompt: 'consent' });
    const { code } = await allow(sandbox, 'googleBusiness', authorizeUrl, 'cafe');
    const granted = await jsonOf(await fetch(url('oauth2', '/token'), formPost({ code, client_id: client.clientId, client_secret: client.clientSecret, redirect_uri: redirectUri, grant_type: 'authorization_code' })));
    expect(granted).toMatchObject({ expires_in: 3599, scope: SCOPE, token_type: 'Bearer' });
    const access = String(granted['access_token']);
    const refreshToken = String(granted['refresh_token']);
    expect(refreshToken).toMatch(/^1\/\/0/);

    clock.advance(HOUR);
    expect((await fetch(url('accountmanagement', '/v1/accounts'), bearer(access))).status).toBe(401);
    const refreshed = await jsonOf(await fetch(url('oauth2', '/token'), formPost({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.clientId, client_secret: client.clientSecret })));
    expect(refreshed['refresh_token']).toBeUndefined();
    expect((await fetch(url('accountmanagement', '/v1/accounts'), bearer(String(refreshed['access_token'])))).status).toBe(200);
    const again = await fetch(url('oauth2', '/token'), formPost({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.clientId, client_secret: client.clientSecret }));
    expect(again.status).toBe(200);

    expect((await fetch(url('oauth2', '/revoke'), formPost({ token: refreshToken }))).status).toBe(200);
    expect(await jsonOf(await fetch(url('oauth2', '/token'), formPost({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.clientId, client_secret: client.clientSecret })))).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
  });

  it("lists the user's business account and its two locations (readMask required); a user with none gets an empty answer", async () => {
    ({ sandbox, clock } = await startTestSandbox());
    const token = await accessTokenFor(sandbox, 'googleBusiness', 'cafe');
    const accounts = await jsonOf(await fetch(url('accountmanagement', '/v1/accounts'), bearer(token)));
    expect(accounts).toMatchObject({ accounts: [{ name: `accounts/${businessAccountId('cafe')}`, type: 'PERSONAL' }] });
    const locationsUrl = url('businessinformation', `/v1/accounts/${businessAccountId('cafe')}/locations`);
    expect(await jsonOf(await fetch(locationsUrl, bearer(token)))).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
    const listed = (await jsonOf(await fetch(`${locationsUrl}?readMask=name,title`, bearer(token)))) as { locations: Array<Record<string, unknown>> };
    expect(listed.locations).toEqual([
      { name: `locations/${locationId('cafe')}`, title: 'Cafe' },
      { name: `locations/${locationId('cafe.location-2')}`, title: 'Cafe (second location)' },
    ]);
    expect((await fetch(url('businessinformation', `/v1/accounts/${businessAccountId('other')}/locations?readMask=name`), bearer(token))).status).toBe(404);

    const none = await accessTokenFor(sandbox, 'googleBusiness', 'nolocations-shop');
    expect(await jsonOf(await fetch(url('businessinformation', `/v1/accounts/${businessAccountId('nolocations-shop')}/locations?readMask=name`), bearer(none)))).toEqual({ totalSize: 0 });
  });

  it('creates an event post with its button, lists it newest first, and leaves an empty list out of the answer', async () => {
    ({ sandbox, clock } = await startTestSandbox());
    const token = await accessTokenFor(sandbox, 'googleBusiness', 'cafe');
    expect(await jsonOf(await fetch(postsOf('cafe'), bearer(token)))).toEqual({});
    const made = await jsonOf(await create(token, 'cafe', { summary: 'Come taste', topicType: 'EVENT', event, callToAction: { actionType: 'BOOK', url: 'https://cafe.example/book' } }));
    expect(made).toMatchObject({ summary: 'Come taste', topicType: 'EVENT', state: 'LIVE', event, callToAction: { actionType: 'BOOK', url: 'https://cafe.example/book' } });
    expect(String(made['name'])).toMatch(new RegExp(`^accounts/${businessAccountId('cafe')}/locations/${locationId('cafe')}/localPosts/\\d+$`));
    const listed = (await jsonOf(await fetch(`${postsOf('cafe')}?pageSize=10`, bearer(token)))) as { localPosts: Array<{ name: string }> };
    expect(listed.localPosts.map((post) => post.name)).toEqual([made['name']]);
    const feed = await sandbox.control.feed('googleBusiness', 'cafe');
    expect(feed.posts).toMatchObject([{ text: 'Come taste', settings: { topicType: 'EVENT', eventTitle: 'Tasting', actionType: 'BOOK', actionUrl: 'https://cafe.example/book' } }]);
  });

  it("refuses what Google refuses, in Google's error model: an event ending before it starts, a URL on a call button, an unknown kind, a location of someone else", async () => {
    ({ sandbox, clock } = await startTestSandbox());
    const token = await accessTokenFor(sandbox, 'googleBusiness', 'cafe');
    const backwards = { ...event, schedule: { ...event.schedule, endTime: { hours: 17 } } };
    for (const body of [
      { summary: 'x', topicType: 'EVENT', event: backwards },
      { summary: 'x', topicType: 'EVENT' },
      { summary: 'x', topicType: 'STANDARD', callToAction: { actionType: 'CALL', url: 'https://cafe.example' } },
      { summary: 'x', topicType: 'STANDARD', callToAction: { actionType: 'LEARN_MORE' } },
      { summary: 'x', topicType: 'PRODUCT' },
      { summary: 'x'.repeat(1501), topicType: 'STANDARD' },
    ]) {
      const refused = await create(token, 'cafe', body);
      expect(refused.status).toBe(400);
      expect(await jsonOf(refused)).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
    }
    expect((await create(token, 'other', { summary: 'x', topicType: 'STANDARD' })).status).toBe(404);
    expect((await sandbox.control.feed('googleBusiness', 'cafe')).posts).toEqual([]);
  });

  it('fetches the photo from its sourceUrl (JPEG or PNG only)', async () => {
    ({ sandbox, clock } = await startTestSandbox());
    const files = await startFileServer();
    try {
      files.put('/bread.jpg', testBytes(20_000, 'jpeg'), 'image/jpeg');
      files.put('/clip.mp4', testBytes(20_000, 'mp4'), 'video/mp4');
      const token = await accessTokenFor(sandbox, 'googleBusiness', 'cafe');
      expect((await create(token, 'cafe', { summary: 'Bread', topicType: 'STANDARD', media: [{ mediaFormat: 'PHOTO', sourceUrl: files.url('/clip.mp4') }] })).status).toBe(400);
      expect((await create(token, 'cafe', { summary: 'Bread', topicType: 'STANDARD', media: [{ mediaFormat: 'PHOTO', sourceUrl: files.url('/missing.jpg') }] })).status).toBe(400);
      const made = await create(token, 'cafe', { summary: 'Bread', topicType: 'STANDARD', media: [{ mediaFormat: 'PHOTO', sourceUrl: files.url('/bread.jpg') }] });
      expect(made.status).toBe(200);
      expect((await sandbox.control.feed('googleBusiness', 'cafe')).posts).toMatchObject([{ text: 'Bread', media: [{ contentType: 'image/jpeg', size: 20_000 }] }]);
    } finally {
      await files.stop();
    }
  });

  it('reports a post PROCESSING until read, then LIVE or REJECTED as planned', async () => {
    ({ sandbox, clock } = await startTestSandbox());
    const token = await accessTokenFor(sandbox, 'googleBusiness', 'cafe');
    await sandbox.control.setProcessing('googleBusiness', { outcome: 'succeed', reads: 2 });
    const made = await jsonOf(await create(token, 'cafe', { summary: 'Slow', topicType: 'STANDARD' }));
    expect(made['state']).toBe('PROCESSING');
    const read = async () => (await jsonOf(await fetch(url('mybusiness', `/v4/${String(made['name'])}`), bearer(token))))['state'];
    expect(await read()).toBe('PROCESSING');
    expect(await read()).toBe('LIVE');
    await sandbox.control.setProcessing('googleBusiness', { outcome: 'fail', reads: 0 });
    expect((await jsonOf(await create(token, 'cafe', { summary: 'Refused', topicType: 'STANDARD' })))['state']).toBe('REJECTED');
  });

  it('answers 429 RESOURCE_EXHAUSTED past the per-minute quota, and again after the minute', async () => {
    ({ sandbox, clock } = await startTestSandbox());
    const token = await accessTokenFor(sandbox, 'googleBusiness', 'cafe');
    await sandbox.control.setLimit('googleBusiness', 'requestsPerMinute', 1);
    expect((await fetch(postsOf('cafe'), bearer(token))).status).toBe(200);
    const limited = await fetch(postsOf('cafe'), bearer(token));
    expect(limited.status).toBe(429);
    expect(await jsonOf(limited)).toMatchObject({ error: { code: 429, status: 'RESOURCE_EXHAUSTED' } });
    clock.advance(60_000);
    expect((await fetch(postsOf('cafe'), bearer(token))).status).toBe(200);
  });

  it('needs the business.manage scope on every call', async () => {
    ({ sandbox, clock } = await startTestSandbox());
    const token = await accessTokenFor(sandbox, 'googleBusiness', 'cafe', 'profile');
    const refused = await fetch(url('accountmanagement', '/v1/accounts'), bearer(token));
    expect(refused.status).toBe(403);
    expect(await jsonOf(refused)).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
  });

  it("answers a location's numbers per day in the Performance API's shape: metrics and range required, no value for the late days, someone else's location 404", async () => {
    ({ sandbox, clock } = await startTestSandbox());
    const token = await accessTokenFor(sandbox, 'googleBusiness', 'cafe');
    const performance = (location: string, query: string) => fetch(url('performance', `/v1/locations/${locationId(location)}:fetchMultiDailyMetricsTimeSeries?${query}`), bearer(token));
    const today = new Date(clock.now());
    const dayBefore = (days: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days));
    const range = (from: Date, to: Date) =>
      [['start_date', from], ['end_date', to]].map(([which, date]) => `dailyRange.${which as string}.year=${(date as Date).getUTCFullYear()}&dailyRange.${which as string}.month=${(date as Date).getUTCMonth() + 1}&dailyRange.${which as string}.day=${(date as Date).getUTCDate()}`).join('&');

    expect(await jsonOf(await performance('cafe', range(dayBefore(5), dayBefore(1))))).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
    expect(await jsonOf(await performance('cafe', 'dailyMetrics=CALL_CLICKS'))).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
    expect(await jsonOf(await performance('cafe', `dailyMetrics=CALL_CLICKS&${range(dayBefore(1), dayBefore(5))}`))).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
    expect(await jsonOf(await performance('cafe', `dailyMetrics=VIEWS&${range(dayBefore(5), dayBefore(1))}`))).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
    expect((await performance('other', `dailyMetrics=CALL_CLICKS&${range(dayBefore(5), dayBefore(1))}`)).status).toBe(404);

    const answer = (await jsonOf(await performance('cafe', `dailyMetrics=CALL_CLICKS&dailyMetrics=BUSINESS_IMPRESSIONS_MOBILE_MAPS&${range(dayBefore(30), dayBefore(1))}`))) as {
      multiDailyMetricTimeSeries: [{ dailyMetricTimeSeries: Array<{ dailyMetric: string; timeSeries: { datedValues: Array<{ date: { year: number; month: number; day: number }; value?: string }> } }> }];
    };
    const series = answer.multiDailyMetricTimeSeries[0].dailyMetricTimeSeries;
    expect(series.map((entry) => entry.dailyMetric)).toEqual(['CALL_CLICKS', 'BUSINESS_IMPRESSIONS_MOBILE_MAPS']);
    const maps = series[1]!.timeSeries.datedValues;
    expect(maps).toHaveLength(30);
    expect(maps[0]!.date).toEqual({ year: dayBefore(30).getUTCFullYear(), month: dayBefore(30).getUTCMonth() + 1, day: dayBefore(30).getUTCDate() });
    expect(maps.slice(-2).every((entry) => entry.value === undefined)).toBe(true);
    expect(maps.some((entry) => typeof entry.value === 'string' && Number(entry.value) > 0)).toBe(true);
  });
});
