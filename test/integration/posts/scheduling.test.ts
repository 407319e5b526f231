import { describe, expect, inject, it } from 'vitest';
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { Platform } from '../../../shared/platforms';
import type { ConnectionList } from '../../../shared/api/connections';
import { SCHEDULE_HORIZON_DAYS, type Post } from '../../../shared/api/posts';
import type { NotificationList } from '../../../shared/api/notifications';
import { localCredentials, localRegion } from '../../../infra/local/environment';
import { localStateMachineArn } from '../../../infra/local/stepfunctions';
import { executionArn } from '../../../functions/services/executions';
import { callApi, createUser, type TestUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../../support/connect';
import { createPost, sampleVideo, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';
import { executionNames, runDueAt } from '../../support/executions';
import { testOptions } from '../../support/postOptions';

const twin = inject('twin');
const ZONE = 'Europe/Istanbul';

async function scheduler(connect: readonly Platform[]) {
  const user = await createUser(twin);
  await makeAdmin(twin, user);
  const names = {} as Record<Platform, string>;
  for (const platform of connect) {
    names[platform] = sandboxAccountName(`sched-${platform}`);
    await connectThroughOAuth(twin, user, platform, names[platform]);
  }
  const { body } = await callApi(twin, '/connections', user.idToken);
  const accounts = Object.fromEntries((body as unknown as ConnectionList).connections.map((connection) => [connection.platform, connection.platformUserId]));
  return { user, names, accounts: accounts as Record<Platform, string> };
}

const feedOf = async (platform: Platform, account: string) => (await sandboxControl(twin).feed(platform, account)).posts;
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * How far ahead a test schedules a post that must still be ahead when a request after the create
 * (the create itself, a cancel, a reschedule, an edit) arrives: with the file's tests side by side
 * and another file beside them, one API call on the twin took 6 s on the loaded 2-core machine.
 */
const LEAD_MS = 15_000;
/**
 * How far ahead a test schedules a post whose time it brings on with the twin's clock for its user
 * (`runDueAt`) instead of waiting for it: beyond the file's run, so the real clock never reaches it.
 * The first test and YouTube's own scheduling keep to the real clock (the twin's Wait states, as on AWS).
 */
const AHEAD_MS = 10 * 60_000;
const sfn = () => new SFNClient({ endpoint: twin.endpoints.stepFunctions, region: localRegion, credentials: localCredentials });
const nthExecution = async (user: TestUser, postId: string, n: number) => (await executionNames(twin, user.userId, postId))[n - 1]!;
const executionStatus = async (name: string) =>
  (await sfn().send(new DescribeExecutionCommand({ executionArn: executionArn(localStateMachineArn, name) }))).status;

async function getPost(user: TestUser, postId: string): Promise<Post> {
  return (await callApi(twin, `/posts/${postId}`, user.idToken)).body as unknown as Post;
}

async function post(user: TestUser, path: string, body?: unknown, method = 'POST') {
  return callApi(twin, path, user.idToken, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

async function schedule(user: TestUser, body: Record<string, unknown>): Promise<Post> {
  const created = await createPost(twin, user, { timeZone: ZONE, ...body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as unknown as Post;
}

/**
 * The first test and YouTube's own scheduling wait seconds of real time for their post's time (the
 * twin's Wait states run on the clock, as on AWS); the others bring their post's time on with the
 * twin's clock for their user. Each has a user and sandbox accounts of its own: they run side by
 * side, so the file takes about its longest wait instead of the sum of them (the two that wait
 * come first: vitest runs five at a time).
 */
describe.concurrent('scheduled posts (API, PublishPost executions, sandbox)', () => {
  it('publishes a post scheduled across three platforms at its time, not before, then lists it as published', async () => {
    const platforms = ['x', 'linkedin', 'instagram'] as const;
    const { user, names, accounts } = await scheduler(platforms);
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    // Ahead by more than the create and the 1.5 s look below take with the other tests beside this one.
    const at = inMs(LEAD_MS);

    const created = await schedule(user, { description: 'On time', media: [{ key }], targets: platforms.map((platform) => ({ platform, accountId: accounts[platform], ...testOptions(platform) })), scheduledFor: at });

    expect(created).toMatchObject({ status: 'scheduled', scheduledFor: at, timeZone: ZONE, late: false, startedAt: null });
    const listed = (await callApi(twin, '/posts?status=scheduled', user.idToken)).body as { posts: Post[] };
    expect(listed.posts.map((item) => item.postId)).toEqual([created.postId]);
    await sleep(1500);
    for (const platform of platforms) expect(await feedOf(platform, names[platform]), platform).toHaveLength(0);

    const done = await waitForPost(twin, user, created.postId, 30_000);
    expect(done.status, JSON.stringify(done.targets)).toBe('published');
    expect(new Date(done.startedAt!).getTime()).toBeGreaterThanOrEqual(new Date(at).getTime());
    expect(done.late).toBe(false);
    for (const platform of platforms) {
      const feed = await feedOf(platform, names[platform]);
      expect(feed, platform).toHaveLength(1);
      expect(feed[0]!.createdAt, platform).toBeGreaterThanOrEqual(new Date(at).getTime());
    }
    const published = (await callApi(twin, '/posts?status=published', user.idToken)).body as { posts: Post[] };
    expect(published.posts.map((item) => item.postId)).toEqual([created.postId]);
    expect(((await callApi(twin, '/posts?status=scheduled', user.idToken)).body as { posts: Post[] }).posts).toEqual([]);
  });

  it("YouTube's own scheduling (opt-in): the video is uploaded at once, the others wait for the time", async ({ expect }) => {
    const { user, names, accounts } = await scheduler(['youtube', 'x']);
    const key = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo(12) });
    // Far enough ahead that the upload, which must come before the time, has 15 s to arrive while
    // the file's other tests run beside this one.
    const at = inMs(LEAD_MS + 5000);
    const created = await schedule(user, {
      description: 'Premiere',
      title: 'Premiere',
      media: [{ key }],
      targets: [{ platform: 'youtube', accountId: accounts.youtube, ...testOptions('youtube') }, { platform: 'x', accountId: accounts.x }],
      scheduledFor: at,
      youtubeNative: true,
    });
    expect(created.youtubeNative).toBe(true);

    await expect.poll(async () => (await feedOf('youtube', names.youtube)).length, { timeout: 15_000, interval: 100 }).toBe(1);
    expect(Date.now()).toBeLessThan(new Date(at).getTime());
    expect(await feedOf('x', names.x)).toHaveLength(0);
    const during = await getPost(user, created.postId);
    expect(during.status).toBe('scheduled');
    const cancel = await post(user, `/posts/${created.postId}/cancel`);
    expect(cancel.status).toBe(409);
    expect(String(cancel.body?.['message'])).toMatch(/^The video is already on YouTube as a private video that YouTube makes public at/);

    const done = await waitForPost(twin, user, created.postId, 30_000);
    expect(done.status, JSON.stringify(done.targets)).toBe('published');
    expect(await feedOf('x', names.x)).toHaveLength(1);
    expect(await feedOf('youtube', names.youtube)).toHaveLength(1);
  });

  it('refuses a past time, a time beyond the horizon, a missing or unknown time zone, each in words', async () => {
    const { user, accounts } = await scheduler(['x']);
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const base = { description: 'Refused', media: [{ key }], targets: [{ platform: 'x', accountId: accounts.x }] };

    const past = await createPost(twin, user, { ...base, scheduledFor: inMs(-60_000), timeZone: ZONE });
    expect(past.status).toBe(400);
    expect(String(past.body?.['message'])).toMatch(/^The scheduled time .* is in the past \(it is now .*\): choose a later time\.$/);

    const far = await createPost(twin, user, { ...base, scheduledFor: inMs((SCHEDULE_HORIZON_DAYS + 1) * 86_400_000), timeZone: ZONE });
    expect(far.status).toBe(400);
    expect(String(far.body?.['message'])).toMatch(`Posts can be scheduled at most ${SCHEDULE_HORIZON_DAYS} days ahead`);

    const noZone = await createPost(twin, user, { ...base, scheduledFor: inMs(60_000) });
    expect(noZone.status).toBe(400);
    expect(JSON.stringify(noZone.body)).toMatch(/Say which time zone the scheduled time is in/);

    const badZone = await createPost(twin, user, { ...base, scheduledFor: inMs(60_000), timeZone: 'Mars/Olympus' });
    expect(badZone.status).toBe(400);
    expect(JSON.stringify(badZone.body)).toMatch(/Not a time zone/);

    expect(((await callApi(twin, '/posts?status=scheduled', user.idToken)).body as { posts: Post[] }).posts).toEqual([]);
  });

  it('cancels a scheduled post: it is marked cancelled, leaves the list, and nothing is published', async () => {
    const { user, names, accounts } = await scheduler(['x', 'linkedin']);
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const at = inMs(AHEAD_MS);
    const created = await schedule(user, {
      description: 'Never',
      media: [{ key }],
      targets: [{ platform: 'x', accountId: accounts.x }, { platform: 'linkedin', accountId: accounts.linkedin }],
      scheduledFor: at,
    });

    const cancelled = await post(user, `/posts/${created.postId}/cancel`);

    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((cancelled.body as unknown as Post).status).toBe('cancelled');
    expect(await executionStatus(await nthExecution(user, created.postId, 1))).toBe('ABORTED');
    // Its time comes (and 2 s more): nothing is left to run.
    expect(await runDueAt(twin, user.userId, new Date(new Date(at).getTime() + 2000))).toEqual([]);
    expect(await feedOf('x', names.x)).toHaveLength(0);
    expect(await feedOf('linkedin', names.linkedin)).toHaveLength(0);
    expect((await getPost(user, created.postId)).status).toBe('cancelled');
    expect(((await callApi(twin, '/posts?status=scheduled', user.idToken)).body as { posts: Post[] }).posts).toEqual([]);
    const again = await post(user, `/posts/${created.postId}/cancel`);
    expect(again.status).toBe(409);
    expect(String(again.body?.['message'])).toBe('Only a scheduled post can be cancelled: it was cancelled.');
  });

  it('reschedules: the post publishes at the new time only, once', async () => {
    const { user, names, accounts } = await scheduler(['x']);
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const created = await schedule(user, { description: 'Moved', media: [{ key }], targets: [{ platform: 'x', accountId: accounts.x }], scheduledFor: inMs(AHEAD_MS) });
    const later = inMs(AHEAD_MS + 10_000);

    const moved = await post(user, `/posts/${created.postId}/reschedule`, { scheduledFor: later, timeZone: 'America/New_York' });

    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ status: 'scheduled', scheduledFor: later, timeZone: 'America/New_York' });
    expect(await executionStatus(await nthExecution(user, created.postId, 1))).toBe('ABORTED');
    expect(await executionStatus(await nthExecution(user, created.postId, 2))).toBe('RUNNING');
    // Past the first time, before the new one: nothing runs.
    expect(await runDueAt(twin, user.userId, new Date(new Date(created.scheduledFor!).getTime() + 1000))).toEqual([]);
    expect(await runDueAt(twin, user.userId, new Date(new Date(later).getTime() - 1))).toEqual([]);
    expect(await feedOf('x', names.x)).toHaveLength(0);
    const broughtOn = Date.now();
    expect(await runDueAt(twin, user.userId, later)).toEqual([executionArn(localStateMachineArn, await nthExecution(user, created.postId, 2))]);
    const done = await waitForPost(twin, user, created.postId, 30_000);
    expect(done.status).toBe('published');
    expect(new Date(done.startedAt!).getTime()).toBeGreaterThanOrEqual(broughtOn);
    expect(await feedOf('x', names.x)).toHaveLength(1);

    const tooLate = await post(user, `/posts/${created.postId}/reschedule`, { scheduledFor: inMs(60_000), timeZone: ZONE });
    expect(tooLate.status).toBe(409);
    expect(String(tooLate.body?.['message'])).toBe('Only a scheduled post can be rescheduled: it has been published.');
    const past = await schedule(user, { description: 'Past', media: [{ key }], targets: [{ platform: 'x', accountId: accounts.x }], scheduledFor: inMs(60_000) });
    const toPast = await post(user, `/posts/${past.postId}/reschedule`, { scheduledFor: inMs(-1000), timeZone: ZONE });
    expect(toPast.status).toBe(400);
    expect(String(toPast.body?.['message'])).toMatch(/is in the past/);
    await post(user, `/posts/${past.postId}/cancel`);
  });

  it('edits the text and the targets: the new text goes to the new targets only', async () => {
    const { user, names, accounts } = await scheduler(['x', 'linkedin']);
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const created = await schedule(user, { description: 'First draft', media: [{ key }], targets: [{ platform: 'x', accountId: accounts.x }], scheduledFor: inMs(AHEAD_MS) });

    const edited = await post(user, `/posts/${created.postId}`, { description: 'Final words', targets: [{ platform: 'linkedin', accountId: accounts.linkedin }] }, 'PUT');

    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ description: 'Final words', platforms: ['linkedin'], status: 'scheduled' });
    expect(await runDueAt(twin, user.userId, created.scheduledFor!)).toHaveLength(1);
    const done = await waitForPost(twin, user, created.postId, 30_000);
    expect(done.status, JSON.stringify(done.targets)).toBe('published');
    expect(await feedOf('x', names.x)).toHaveLength(0);
    const feed = await feedOf('linkedin', names.linkedin);
    expect(feed.map((item) => item.text)).toEqual(['Final words']);

    const tooLong = await post(user, `/posts/${created.postId}`, { description: 'x'.repeat(300), targets: [{ platform: 'x', accountId: accounts.x }] }, 'PUT');
    expect(tooLong.status).toBe(400);
  });

  it('a replaced execution racing the current one publishes nothing: one post per feed', async ({ expect }) => {
    const platforms = ['x', 'linkedin', 'tiktok'] as const;
    const { user, names, accounts } = await scheduler(platforms);
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const at = inMs(AHEAD_MS);
    const created = await schedule(user, { description: 'Raced', media: [{ key }], targets: platforms.map((platform) => ({ platform, accountId: accounts[platform], ...testOptions(platform) })), scheduledFor: at });
    // A reschedule to the very same instant replaces the first execution with a second; then the old one is
    // started again under another name (as if StopExecution had been lost), with the same input
    // shape and the same time, so both reach their first step together and race.
    const moved = await post(user, `/posts/${created.postId}/reschedule`, { scheduledFor: at, timeZone: ZONE });
    expect(moved.status).toBe(200);
    const stale = {
      userId: user.userId,
      postId: created.postId,
      execution: await nthExecution(user, created.postId, 1),
      scheduledFor: at,
      targets: (created.targets ?? []).map((target) => ({ targetId: target.targetId, platform: target.platform, waitUntil: at })),
    };
    for (let copy = 0; copy < 3; copy++) {
      await sfn().send(new StartExecutionCommand({ stateMachineArn: localStateMachineArn, name: `${created.postId}-stale-${copy}`, input: JSON.stringify(stale) }));
    }

    // Their time comes for all four at once: they race.
    const racing = await runDueAt(twin, user.userId, at);
    expect(racing).toHaveLength(4);
    const done = await waitForPost(twin, user, created.postId, 30_000);
    for (const arn of racing) await expect.poll(async () => (await sfn().send(new DescribeExecutionCommand({ executionArn: arn }))).status, { timeout: 30_000 }).not.toBe('RUNNING');

    expect(done.status, JSON.stringify(done.targets)).toBe('published');
    for (const platform of platforms) expect(await feedOf(platform, names[platform]), platform).toHaveLength(1);
    expect((await getPost(user, created.postId)).status).toBe('published');
  });

  it('waits for a time months ahead (beyond the longest Node timer) instead of publishing at once', async () => {
    const { user, names, accounts } = await scheduler(['x']);
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const created = await schedule(user, { description: 'Far ahead', media: [{ key }], targets: [{ platform: 'x', accountId: accounts.x }], scheduledFor: inMs(200 * 86_400_000) });

    await sleep(2000);

    expect(await feedOf('x', names.x)).toHaveLength(0);
    expect((await getPost(user, created.postId)).status).toBe('scheduled');
    expect(await executionStatus(await nthExecution(user, created.postId, 1))).toBe('RUNNING');
    expect((await post(user, `/posts/${created.postId}/cancel`)).status).toBe(200);
    expect(await executionStatus(await nthExecution(user, created.postId, 1))).toBe('ABORTED');
  });

  it('leaves a notification with the reasons when a scheduled post fails, and marks it read', async () => {
    const { user, names, accounts } = await scheduler(['x', 'linkedin']);
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    await sandboxControl(twin).injectFault({ platform: 'linkedin', account: names.linkedin, method: 'POST', path: '/rest/posts', status: 422, body: { status: 422, message: 'Content is invalid' } });
    const created = await schedule(user, {
      description: 'Half',
      media: [{ key }],
      targets: [{ platform: 'x', accountId: accounts.x }, { platform: 'linkedin', accountId: accounts.linkedin }],
      scheduledFor: inMs(AHEAD_MS),
    });
    expect(((await callApi(twin, '/notifications', user.idToken)).body as unknown as NotificationList).unread).toBe(0);
    expect(await runDueAt(twin, user.userId, created.scheduledFor!)).toHaveLength(1);

    const done = await waitForPost(twin, user, created.postId, 30_000);

    expect(done.status, JSON.stringify(done.targets)).toBe('partially_published');
    const list = (await callApi(twin, '/notifications', user.idToken)).body as unknown as NotificationList;
    expect(list.unread).toBe(1);
    expect(list.notifications[0]).toMatchObject({ kind: 'scheduled_post_failed', postId: created.postId, postStatus: 'partially_published', excerpt: 'Half', readAt: null });
    expect(list.notifications[0]!.failures).toEqual([{ platform: 'linkedin', accountName: expect.any(String), reason: expect.stringMatching(/Content is invalid/) }]);
    const read = (await post(user, '/notifications/read')).body as unknown as NotificationList;
    expect(read.unread).toBe(0);
    expect(read.notifications[0]!.readAt).not.toBeNull();
    const stranger = await createUser(twin);
    expect(((await callApi(twin, '/notifications', stranger.idToken)).body as unknown as NotificationList).notifications).toEqual([]);
  });
});
