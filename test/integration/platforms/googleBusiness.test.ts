import { describe, expect, inject, it } from 'vitest';
import type { ConnectionList } from '../../../shared/api/connections';
import { callApi, createUser } from '../../support/users';
import { arriveAtCallback, chooseAccounts, confirmFlow, makeAdmin, sandboxAccountName, sandboxControl, startFlow } from '../../support/connect';
import { createPost, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';
import type { Post } from '../../../shared/api/posts';
import type { AccountDailyMetrics } from '../../../shared/api/accountMetrics';
import { sandboxDailyValue } from '../../../infra/local/sandbox/googleBusiness/performance';

const twin = inject('twin');
const sandbox = () => sandboxControl(twin);
const route = '/v4/accounts/{account}/locations/{location}/localPosts';

async function connections(token: string): Promise<ConnectionList['connections']> {
  return ((await callApi(twin, '/connections', token)).body as unknown as ConnectionList).connections;
}

/** Consent as a Google user, back through the callback, the confirm, then both locations picked (an admin's plan has no account limit). */
async function connectBothLocations(user: Awaited<ReturnType<typeof createUser>>, account: string) {
  await makeAdmin(twin, user);
  const flow = await startFlow(twin, user, 'googleBusiness');
  const callbackUrl = await sandbox().consent('googleBusiness', { authorizeUrl: flow.authorizationUrl, account, displayName: `Sandbox ${account}`, decision: 'allow' });
  const state = (await arriveAtCallback(callbackUrl, flow.cookie)).searchParams.get('state')!;
  const confirmed = await confirmFlow(twin, user, 'googleBusiness', state, flow.cookie);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const choice = confirmed.body!['choice'] as { choiceId: string; accounts: Array<{ id: string; name: string; username: string | null }> };
  expect(JSON.stringify(confirmed.body)).not.toMatch(/ya29|1\/\/0/);
  const chosen = await chooseAccounts(twin, user, 'googleBusiness', { choiceId: choice.choiceId, accountIds: choice.accounts.map((location) => location.id) }, flow.cookie);
  expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
  return choice.accounts;
}

async function publish(user: Awaited<ReturnType<typeof createUser>>, body: Parameters<typeof createPost>[2]): Promise<Post> {
  const created = await createPost(twin, user, body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return waitForPost(twin, user, (created.body as unknown as Post).postId);
}

describe('Google Business Profile against the sandbox', () => {
  it('offers the two locations the user manages, connects each, and publishes an offer with a photo to the second once', async () => {
    const user = await createUser(twin);
    const account = sandboxAccountName('gbp');
    const offered = await connectBothLocations(user, account);
    expect(offered.map((location) => location.name)).toEqual([`Sandbox ${account}`, `Sandbox ${account} (second location)`]);
    const connected = await connections(user.idToken);
    expect(connected.map((connection) => connection.platformUserId).sort()).toEqual(offered.map((location) => location.id).sort());
    expect(connected.every((connection) => connection.status === 'connected' && connection.tokenExpiry?.state === 'valid')).toBe(true);

    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const text = `Winter sale at the second shop ${Date.now()}`;
    const options = { kind: 'offer', event: { title: 'Winter sale', start: '2026-12-01T09:00', end: '2026-12-07T18:30' }, offer: { couponCode: 'WINTER10', redeemUrl: 'https://northwind.example/redeem', terms: 'One per customer.' } };
    const post = await publish(user, { description: text, media: [{ key }], targets: [{ platform: 'googleBusiness', accountId: offered[1]!.id, options }] });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    const feed = (await sandbox().feed('googleBusiness', `${account}.location-2`)).posts;
    expect(feed).toHaveLength(1);
    expect(feed[0]).toMatchObject({ text, media: [{ contentType: 'image/jpeg' }], settings: { topicType: 'OFFER', eventTitle: 'Winter sale', couponCode: 'WINTER10', redeemOnlineUrl: 'https://northwind.example/redeem', termsConditions: 'One per customer.' } });
    expect(post.targets[0]).toMatchObject({ postUrl: feed[0]!.url });
    expect((await sandbox().feed('googleBusiness', account)).posts).toEqual([]);
  });

  it('finds the post after its create answer was lost (no idempotency key: the location’s posts are read) and makes no second one', async () => {
    const user = await createUser(twin);
    const account = sandboxAccountName('gbplost');
    const [first] = await connectBothLocations(user, account);
    await sandbox().injectFault({ platform: 'googleBusiness', account, method: 'POST', hostKey: 'mybusiness', route, dropConnection: 'after' });
    const text = `answer lost ${Date.now()}`;
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });

    const post = await publish(user, { description: text, media: [{ key }], targets: [{ platform: 'googleBusiness', accountId: first!.id, options: { kind: 'update', callToAction: { type: 'CALL' } } }] });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    const posts = (await sandbox().feed('googleBusiness', account)).posts.filter((item) => item.text === text);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.settings).toMatchObject({ topicType: 'STANDARD', actionType: 'CALL' });
    const calls = (await sandbox().requests('googleBusiness')).filter((call) => call.account === account && call.route === route);
    expect(calls.map((call) => call.method)).toEqual(['POST', 'GET']);
  });

  it('refreshes an expired access token with the refresh token before publishing', async () => {
    const user = await createUser(twin);
    const account = sandboxAccountName('gbprefresh');
    const [first] = await connectBothLocations(user, account);
    await sandbox().expireAccessTokens('googleBusiness', account);
    const text = `after the hour ${Date.now()}`;
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });

    const post = await publish(user, { description: text, media: [{ key }], targets: [{ platform: 'googleBusiness', accountId: first!.id }] });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect((await sandbox().feed('googleBusiness', account)).posts.filter((item) => item.text === text)).toHaveLength(1);
  });

  it("reads a location's numbers per day from the Performance API (search and maps views added over desktop and mobile), the late days without numbers, and a 429 or an outage in words", async () => {
    const user = await createUser(twin);
    const account = sandboxAccountName('gbpdaily');
    const [first] = await connectBothLocations(user, account);
    const path = `/analytics/accounts/googleBusiness/${encodeURIComponent(first!.id)}/daily`;

    const answer = await callApi(twin, path, user.idToken);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const numbers = answer.body as unknown as AccountDailyMetrics;
    expect(numbers.metrics).toEqual(['searchViews', 'mapsViews', 'calls', 'websiteClicks', 'directionRequests']);
    expect(numbers.days).toHaveLength(28);
    expect(numbers.days[0]!.date).toBe(numbers.from);
    expect(numbers.days[27]!.date).toBe(numbers.to);
    expect(numbers.to).toBe(new Date(Date.parse(numbers.readAt.slice(0, 10)) - 86_400_000).toISOString().slice(0, 10));
    // Google's numbers arrive late: the sandbox has none for the last days yet.
    expect(numbers.days[27]!.values).toEqual({});
    const known = numbers.days[0]!;
    const value = (metric: string) => sandboxDailyValue(first!.id, metric, known.date);
    const expected = {
      searchViews: value('BUSINESS_IMPRESSIONS_DESKTOP_SEARCH') + value('BUSINESS_IMPRESSIONS_MOBILE_SEARCH'),
      mapsViews: value('BUSINESS_IMPRESSIONS_DESKTOP_MAPS') + value('BUSINESS_IMPRESSIONS_MOBILE_MAPS'),
      calls: value('CALL_CLICKS'),
      websiteClicks: value('WEBSITE_CLICKS'),
      directionRequests: value('BUSINESS_DIRECTION_REQUESTS'),
    };
    expect(known.values).toEqual(Object.fromEntries(Object.entries(expected).filter(([, number]) => number > 0)));
    for (const metric of numbers.metrics) expect(numbers.totals[metric]).toBe(numbers.days.reduce((sum, day) => sum + (day.values[metric] ?? 0), 0));
    expect(numbers.totals.searchViews).toBeGreaterThan(0);

    const performance = '/v1/locations/{locationMethod}';
    await sandbox().injectFault({ platform: 'googleBusiness', account, method: 'GET', hostKey: 'performance', route: performance, status: 429, body: { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } }, times: 1 });
    const limited = await callApi(twin, path, user.idToken);
    expect(limited.status).toBe(502);
    expect(limited.body).toMatchObject({ message: 'Google Business Profile asks us to wait before reading your numbers again. Try again in a minute.' });

    await sandbox().injectFault({ platform: 'googleBusiness', account, method: 'GET', hostKey: 'performance', route: performance, status: 500, body: { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } }, times: 1 });
    const failed = await callApi(twin, path, user.idToken);
    expect(failed.status).toBe(502);
    expect(JSON.stringify(failed.body)).not.toContain('Internal error');

    await sandbox().injectFault({ platform: 'googleBusiness', account, method: 'GET', hostKey: 'performance', route: performance, dropConnection: 'before' });
    const dropped = await callApi(twin, path, user.idToken);
    expect(dropped.status).toBe(502);
    expect((await callApi(twin, path, user.idToken)).status).toBe(200);

    const other = await callApi(twin, `/analytics/accounts/x/${encodeURIComponent(first!.id)}/daily`, user.idToken);
    expect(other.status).toBe(404);
  });
});
