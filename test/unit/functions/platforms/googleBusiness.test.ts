import { describe, expect, it } from 'vitest';
import type { TokenSet } from '../../../../functions/platforms/adapter';
import { createPlatformHttp } from '../../../../functions/platforms/http';
import { AuthExpired, RateLimited, Rejected, Retryable } from '../../../../functions/platforms/errors';
import { OutcomeUnknown } from '../../../../functions/platforms/createOnce';
import { createGoogleBusinessAdapter } from '../../../../functions/platforms/googleBusiness/adapter';
import { createGoogleBusinessApi } from '../../../../functions/platforms/googleBusiness/api';
import { createGoogleBusinessPublisher } from '../../../../functions/platforms/googleBusiness/publisher';
import { createGoogleBusinessMetricsReader } from '../../../../functions/platforms/googleBusiness/metrics';
import { classifyGoogleBusinessError } from '../../../../functions/platforms/googleBusiness/errors';
import { googleBusinessModule } from '../../../../functions/platforms/googleBusiness';
import { armedTarget, clock, credentials, jsonOf, memoryMedia, now, publishRequest, recordingFetch, type CannedResponse } from './harness';

const hosts = { ...googleBusinessModule.hosts };
const location: TokenSet = {
  accessToken: 'ya29.token',
  refreshToken: '1//refresh',
  accessTokenExpiresAt: new Date(now.getTime() + 3600_000).toISOString(),
  accessTokenIssuedAt: now.toISOString(),
  scopes: ['https://www.googleapis.com/auth/business.manage'],
  platformData: { token: 'location', account: 'accounts/111', location: 'locations/222' },
};
const postsUrl = 'https://mybusiness.googleapis.com/v4/accounts/111/locations/222/localPosts';
const livePost = (overrides: Record<string, unknown> = {}) => ({
  name: 'accounts/111/locations/222/localPosts/333',
  summary: 'Fresh bread at 7',
  topicType: 'STANDARD',
  state: 'LIVE',
  createTime: now.toISOString(),
  searchUrl: 'https://local.google.com/place?id=1&use=posts&lpsid=333',
  ...overrides,
});

function parts(responses: CannedResponse[]) {
  const { fetchImpl, requests } = recordingFetch(responses);
  const http = createPlatformHttp('googleBusiness', fetchImpl);
  const deps = { credentials, hosts, http, clock, options: {} };
  return {
    adapter: createGoogleBusinessAdapter(deps),
    publisher: createGoogleBusinessPublisher(deps, createGoogleBusinessApi(http, clock), hosts['mybusiness']!),
    requests,
  };
}

describe('Google Business Profile: Google OAuth with refresh, one connection per location', () => {
  it('asks for business.manage with offline access and forced consent (so a refresh token comes)', async () => {
    const { adapter } = parts([]);
    const { url } = await adapter.authorizeUrl({ state: 'googleBusiness_s', redirectUri: 'https://app/cb' });
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(parsed.searchParams)).toMatchObject({
      client_id: credentials.clientId,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/business.manage',
      access_type: 'offline',
      prompt: 'consent',
      state: 'googleBusiness_s',
    });
  });

  it('exchanges the code, then offers every location of every account, each with the tokens and the location it posts for', async () => {
    const { adapter, requests } = parts([
      { body: { access_token: 'ya29.a', expires_in: 3599, refresh_token: '1//r', scope: 'https://www.googleapis.com/auth/business.manage', token_type: 'Bearer' } },
      { body: { accounts: [{ name: 'accounts/111', accountName: 'Northwind' }] } },
      { body: { locations: [{ name: 'locations/222', title: 'Northwind Café', storefrontAddress: { addressLines: ['1 Main St'], locality: 'Springfield' } }], nextPageToken: 'p2' } },
      { body: { locations: [{ name: 'locations/444', title: 'Northwind Bakery' }] } },
    ]);
    const tokens = await adapter.exchangeCode({ code: '4/0A', redirectUri: 'https://app/cb' });
    expect(tokens).toMatchObject({ accessToken: 'ya29.a', refreshToken: '1//r', accessTokenExpiresAt: new Date(now.getTime() + 3599_000).toISOString(), platformData: { token: 'consent' } });
    const offered = await adapter.listAccounts!(tokens);

    expect(Object.fromEntries(requests[0]!.form)).toEqual({ code: '4/0A', client_id: credentials.clientId, client_secret: credentials.clientSecret, redirect_uri: 'https://app/cb', grant_type: 'authorization_code' });
    expect(requests.slice(1).map((request) => request.url.toString())).toEqual([
      'https://mybusinessaccountmanagement.googleapis.com/v1/accounts?pageSize=20',
      'https://mybusinessbusinessinformation.googleapis.com/v1/accounts/111/locations?readMask=name%2Ctitle%2CstorefrontAddress%2Cmetadata&pageSize=100',
      'https://mybusinessbusinessinformation.googleapis.com/v1/accounts/111/locations?readMask=name%2Ctitle%2CstorefrontAddress%2Cmetadata&pageSize=100&pageToken=p2',
    ]);
    expect(requests[1]!.headers['authorization']).toBe('Bearer ya29.a');
    expect(offered.map((account) => account.profile)).toEqual([
      { platformUserId: '222', displayName: 'Northwind Café', username: '1 Main St, Springfield' },
      { platformUserId: '444', displayName: 'Northwind Bakery' },
    ]);
    expect(offered[1]!.tokens).toMatchObject({ accessToken: 'ya29.a', refreshToken: '1//r', platformData: { token: 'location', account: 'accounts/111', location: 'locations/444' } });
  });

  it('offers nothing when the user manages no location (Google leaves the empty list out)', async () => {
    const { adapter } = parts([{ body: { accounts: [{ name: 'accounts/111' }] } }, { body: { totalSize: 0 } }]);
    expect(await adapter.listAccounts!(location)).toEqual([]);
  });

  it('refreshes with the refresh token, keeping it (Google does not rotate) and the location', async () => {
    const { adapter, requests } = parts([{ body: { access_token: 'ya29.b', expires_in: 3599, scope: 'https://www.googleapis.com/auth/business.manage' } }]);
    const refreshed = await adapter.refresh(location);
    expect(Object.fromEntries(requests[0]!.form)).toEqual({ grant_type: 'refresh_token', refresh_token: '1//refresh', client_id: credentials.clientId, client_secret: credentials.clientSecret });
    expect(refreshed).toMatchObject({ accessToken: 'ya29.b', refreshToken: '1//refresh', platformData: location.platformData });
    expect(adapter.canRefresh(refreshed)).toBe(true);
  });

  it('asks to reconnect when Google refuses the refresh token (invalid_grant), in our words', async () => {
    const { adapter } = parts([{ status: 400, body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } }]);
    const refused = await adapter.refresh(location).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AuthExpired);
    expect((refused as Error).message).not.toContain('Token has been');
  });

  it('revokes a consent that offered no location, never a location connection (the grant covers the others)', async () => {
    const { adapter, requests } = parts([{ body: {} }]);
    await adapter.revoke(location);
    expect(requests).toHaveLength(0);
    await adapter.revoke({ ...location, platformData: { token: 'consent' } });
    expect(requests.map((request) => `${request.method} ${request.url.toString()}`)).toEqual(['POST https://oauth2.googleapis.com/revoke']);
    expect(requests[0]!.form.get('token')).toBe('1//refresh');
  });

  it('reads the connected location by its id', async () => {
    const { adapter, requests } = parts([{ body: { name: 'locations/222', title: 'Northwind Café' } }]);
    expect(await adapter.fetchProfile(location)).toEqual({ platformUserId: '222', displayName: 'Northwind Café' });
    expect(requests[0]!.url.toString()).toBe('https://mybusinessbusinessinformation.googleapis.com/v1/locations/222?readMask=name%2Ctitle%2CstorefrontAddress%2Cmetadata');
  });
});

describe('Google Business Profile: local posts (localPosts.create), exactly once', () => {
  it('posts an update with a button and one photo by its address, and reports it LIVE with its search address', async () => {
    const { publisher, requests } = parts([{ body: livePost() }]);
    const photo = memoryMedia({ kind: 'image', contentType: 'image/jpeg', url: 'https://media.example/bread.jpg?sig=1' });
    const request = publishRequest({ text: 'Fresh bread at 7', media: [photo], tokens: location, options: { kind: 'update', callToAction: { type: 'LEARN_MORE', url: 'https://northwind.example/bread' } } });
    expect(await publisher.start(request)).toEqual({ state: 'ready', progress: {} });
    const result = await publisher.publish(request);

    expect(requests.map((sent) => `${sent.method} ${sent.url.toString()}`)).toEqual([`POST ${postsUrl}`]);
    expect(jsonOf(requests[0]!)).toEqual({
      summary: 'Fresh bread at 7',
      topicType: 'STANDARD',
      callToAction: { actionType: 'LEARN_MORE', url: 'https://northwind.example/bread' },
      media: [{ mediaFormat: 'PHOTO', sourceUrl: 'https://media.example/bread.jpg?sig=1' }],
    });
    expect(result).toMatchObject({ state: 'published', platformPostId: 'accounts/111/locations/222/localPosts/333', postUrl: 'https://local.google.com/place?id=1&use=posts&lpsid=333' });
  });

  it('posts an offer with its title, dates (the location’s own time), coupon, redeem address and terms; a call button takes no URL', async () => {
    const { publisher, requests } = parts([{ body: livePost({ topicType: 'OFFER' }) }, { body: livePost({ topicType: 'EVENT' }) }]);
    const event = { title: 'Winter sale', start: '2026-12-01T09:00', end: '2026-12-07T18:30' };
    await publisher.publish(publishRequest({ text: 'Ten percent off', media: [], tokens: location, options: { kind: 'offer', event, offer: { couponCode: 'WINTER10', redeemUrl: 'https://northwind.example/redeem', terms: 'One per customer.' } } }));
    await publisher.publish(publishRequest({ text: 'Tasting', media: [], tokens: location, options: { kind: 'event', event, callToAction: { type: 'CALL' } } }));

    const schedule = { startDate: { year: 2026, month: 12, day: 1 }, startTime: { hours: 9, minutes: 0, seconds: 0, nanos: 0 }, endDate: { year: 2026, month: 12, day: 7 }, endTime: { hours: 18, minutes: 30, seconds: 0, nanos: 0 } };
    expect(jsonOf(requests[0]!)).toEqual({
      summary: 'Ten percent off',
      topicType: 'OFFER',
      event: { title: 'Winter sale', schedule },
      offer: { couponCode: 'WINTER10', redeemOnlineUrl: 'https://northwind.example/redeem', termsConditions: 'One per customer.' },
    });
    expect(jsonOf(requests[1]!)).toEqual({ summary: 'Tasting', topicType: 'EVENT', event: { title: 'Winter sale', schedule }, callToAction: { actionType: 'CALL' } });
  });

  it('refuses in words, before any call, what Google would refuse: two photos, a video, a long text, an offer with a button', async () => {
    const { publisher, requests } = parts([]);
    const photo = memoryMedia({ kind: 'image' });
    await expect(publisher.start(publishRequest({ media: [photo, photo], tokens: location }))).rejects.toThrow('A Google Business Profile post takes one photo.');
    await expect(publisher.start(publishRequest({ media: [memoryMedia({ kind: 'video' })], tokens: location }))).rejects.toThrow('Google Business Profile posts take a photo, not a video.');
    await expect(publisher.start(publishRequest({ text: 'x'.repeat(1501), media: [], tokens: location }))).rejects.toThrow('at most 1500 characters; this one has 1501');
    await expect(
      publisher.start(publishRequest({ media: [], tokens: location, options: { kind: 'offer', event: { title: 'Sale', start: '2026-12-01T09:00', end: '2026-12-02T09:00' }, callToAction: { type: 'BOOK', url: 'https://x.example' } } })),
    ).rejects.toThrow('An offer has no button');
    await expect(publisher.start(publishRequest({ media: [], tokens: { ...location, platformData: { token: 'consent' } } }))).rejects.toThrow('names no location');
    expect(requests).toHaveLength(0);
  });

  it('waits while Google reports the post PROCESSING, then publishes it LIVE; a REJECTED post fails in words', async () => {
    const { publisher, requests } = parts([{ body: livePost({ state: 'PROCESSING' }) }, { body: livePost({ state: 'PROCESSING' }) }, { body: livePost() }]);
    const request = publishRequest({ text: 'Fresh bread at 7', media: [], tokens: location });
    const first = await publisher.publish(request);
    expect(first).toMatchObject({ state: 'processing', progress: { localPost: 'accounts/111/locations/222/localPosts/333' } });
    const second = await publisher.checkStatus({ ...request, progress: first.progress });
    expect(second.state).toBe('processing');
    expect(await publisher.checkStatus({ ...request, progress: second.progress })).toMatchObject({ state: 'published', platformPostId: 'accounts/111/locations/222/localPosts/333' });
    expect(requests.slice(1).map((sent) => `${sent.method} ${sent.url.toString()}`)).toEqual([
      `GET https://mybusiness.googleapis.com/v4/accounts/111/locations/222/localPosts/333`,
      `GET https://mybusiness.googleapis.com/v4/accounts/111/locations/222/localPosts/333`,
    ]);

    const rejected = parts([{ body: livePost({ state: 'REJECTED' }) }]);
    await expect(rejected.publisher.publish(publishRequest({ text: 'Fresh bread at 7', media: [], tokens: location }))).rejects.toThrow("does not meet Google's content policies");
  });

  it('after a lost answer finds the post among the location’s posts (same summary and kind, made since the call was armed) and does not send again', async () => {
    const log: string[] = [];
    const { publisher, requests } = parts([
      { body: { localPosts: [livePost({ summary: 'Other', name: 'accounts/111/locations/222/localPosts/1' })], nextPageToken: 'n' } },
      { body: { localPosts: [livePost({ createTime: new Date(now.getTime() - 3600_000).toISOString(), name: 'accounts/111/locations/222/localPosts/old' }), livePost()] } },
    ]);
    const result = await publisher.publish(publishRequest({ text: 'Fresh bread at 7', media: [], tokens: location, progress: { sentAt: now.getTime() }, createOnce: armedTarget('Google Business Profile', log) }));
    expect(log).toEqual(['reconcile']);
    expect(requests.map((sent) => `${sent.method} ${sent.url.toString()}`)).toEqual([`GET ${postsUrl}?pageSize=100`, `GET ${postsUrl}?pageSize=100&pageToken=n`]);
    expect(result).toMatchObject({ state: 'published', platformPostId: 'accounts/111/locations/222/localPosts/333' });
  });

  it('after a lost answer sends once when the location has no such post ({} is an empty list)', async () => {
    const log: string[] = [];
    const { publisher } = parts([{ body: {} }, { body: livePost() }]);
    await publisher.publish(publishRequest({ text: 'Fresh bread at 7', media: [], tokens: location, progress: { sentAt: now.getTime() }, createOnce: armedTarget('Google Business Profile', log) }));
    expect(log).toEqual(['reconcile', 'send']);
  });

  it('cannot tell after a lost answer when the list is not one (a malformed answer, or a refused look-up): "check your account", never a second post', async () => {
    for (const answer of [{ body: { unexpected: 'chaos' } }, { status: 403, body: { error: { code: 403, message: 'denied', status: 'PERMISSION_DENIED' } } }] as CannedResponse[]) {
      const log: string[] = [];
      const { publisher } = parts([answer]);
      const failure = await publisher
        .publish(publishRequest({ text: 'Fresh bread at 7', media: [], tokens: location, progress: { sentAt: now.getTime() }, createOnce: armedTarget('Google Business Profile', log) }))
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(OutcomeUnknown);
      expect((failure as Error).message).toContain('check your Google Business Profile account');
      expect(log).toEqual(['reconcile']);
    }
  });
});

describe("Google Business Profile's errors (Google's error model) in our taxonomy", () => {
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({ status, body, text: JSON.stringify(body), headers: new Headers(headers) });

  it('429 RESOURCE_EXHAUSTED waits for Retry-After, else the quota’s minute', () => {
    const limited = classifyGoogleBusinessError(answer(429, { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } }), now);
    expect(limited).toBeInstanceOf(RateLimited);
    expect((limited as RateLimited).resetAt).toEqual(new Date(now.getTime() + 60_000));
    const told = classifyGoogleBusinessError(answer(429, { error: { code: 429, status: 'RESOURCE_EXHAUSTED' } }, { 'retry-after': '7' }), now);
    expect((told as RateLimited).resetAt).toEqual(new Date(now.getTime() + 7_000));
  });

  it('401 asks to reconnect, 5xx is tried again, 403 and 404 are refused in our words, 400 with Google’s message only', () => {
    expect(classifyGoogleBusinessError(answer(401, { error: { code: 401, status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' } }), now)).toBeInstanceOf(AuthExpired);
    expect(classifyGoogleBusinessError(answer(503, { error: { code: 503, status: 'UNAVAILABLE' } }), now)).toBeInstanceOf(Retryable);
    const denied = classifyGoogleBusinessError(answer(403, { error: { code: 403, status: 'PERMISSION_DENIED', message: 'The caller does not have permission' } }), now);
    expect(denied).toBeInstanceOf(Rejected);
    expect(denied.message).not.toContain('caller');
    const invalid = classifyGoogleBusinessError(answer(400, { error: { code: 400, status: 'INVALID_ARGUMENT', message: 'local_post.summary is too long.' } }), now);
    expect(invalid.message).toBe('Google Business Profile refused the request: local_post.summary is too long.');
    expect(invalid.message).not.toContain('{');
  });

  it('says per post numbers are not available, with why (Google reports them per location and day)', () => {
    expect(createGoogleBusinessMetricsReader().availability(location)).toEqual({ available: false, reason: 'Google Business Profile reports numbers per location and per day, not per post.' });
  });
});

describe("Google Business Profile: a location's numbers per day (Performance API)", () => {
  const range = { from: '2026-10-25', to: '2026-11-21', days: ['2026-10-25', '2026-11-21'] };
  const dated = (day: number, value?: string) => ({ date: { year: 2026, month: 11, day }, ...(value === undefined ? {} : { value }) });

  it('asks fetchMultiDailyMetricsTimeSeries for the seven metrics over the range, and adds desktop and mobile views into search and maps', async () => {
    const { adapter, requests } = parts([
      {
        body: {
          multiDailyMetricTimeSeries: [
            {
              dailyMetricTimeSeries: [
                { dailyMetric: 'BUSINESS_IMPRESSIONS_DESKTOP_SEARCH', timeSeries: { datedValues: [dated(20, '12'), dated(21)] } },
                { dailyMetric: 'BUSINESS_IMPRESSIONS_MOBILE_SEARCH', timeSeries: { datedValues: [dated(20, '30'), dated(21, '4')] } },
                { dailyMetric: 'BUSINESS_IMPRESSIONS_MOBILE_MAPS', timeSeries: { datedValues: [dated(20, '7')] } },
                { dailyMetric: 'CALL_CLICKS', timeSeries: { datedValues: [dated(20, '2')] } },
                { dailyMetric: 'WEBSITE_CLICKS', timeSeries: {} },
                { dailyMetric: 'BUSINESS_FOOD_ORDERS', timeSeries: { datedValues: [dated(20, '9')] } },
              ],
            },
          ],
        },
      },
    ]);
    const numbers = await adapter.accountDailyMetrics!(location, range);
    const url = new URL(requests[0]!.url.toString());
    expect(`${url.origin}${url.pathname}`).toBe('https://businessprofileperformance.googleapis.com/v1/locations/222:fetchMultiDailyMetricsTimeSeries');
    expect(url.searchParams.getAll('dailyMetrics').sort()).toEqual([
      'BUSINESS_DIRECTION_REQUESTS',
      'BUSINESS_IMPRESSIONS_DESKTOP_MAPS',
      'BUSINESS_IMPRESSIONS_DESKTOP_SEARCH',
      'BUSINESS_IMPRESSIONS_MOBILE_MAPS',
      'BUSINESS_IMPRESSIONS_MOBILE_SEARCH',
      'CALL_CLICKS',
      'WEBSITE_CLICKS',
    ]);
    expect(Object.fromEntries([...url.searchParams].filter(([name]) => name.startsWith('dailyRange')))).toEqual({
      'dailyRange.start_date.year': '2026',
      'dailyRange.start_date.month': '10',
      'dailyRange.start_date.day': '25',
      'dailyRange.end_date.year': '2026',
      'dailyRange.end_date.month': '11',
      'dailyRange.end_date.day': '21',
    });
    expect(requests[0]!.headers?.['authorization']).toBe('Bearer ya29.token');
    expect(numbers).toEqual({
      metrics: ['searchViews', 'mapsViews', 'calls', 'websiteClicks'],
      days: { '2026-11-20': { searchViews: 42, mapsViews: 7, calls: 2 }, '2026-11-21': { searchViews: 4 } },
    });
  });

  it('says in words when the answer holds no numbers, and classifies 429 and 500', async () => {
    await expect(parts([{ body: {} }]).adapter.accountDailyMetrics!(location, range)).rejects.toThrow(new Rejected("Google Business Profile answered without the location's numbers."));
    await expect(parts([{ status: 429, body: { error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'Quota exceeded' } } }]).adapter.accountDailyMetrics!(location, range)).rejects.toBeInstanceOf(RateLimited);
    await expect(parts([{ status: 500, body: { error: { code: 500, status: 'INTERNAL', message: 'x' } } }]).adapter.accountDailyMetrics!(location, range)).rejects.toBeInstanceOf(Retryable);
  });
});
