import { describe, expect, inject, it } from 'vitest';
import { DescribeExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import { localCredentials, localRegion } from '../../../infra/local/environment';
import { localStateMachineArn } from '../../../infra/local/stepfunctions';
import { executionArn } from '../../../functions/services/executions';
import { callApi, createUser, type TestUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../../support/connect';
import { createPost, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';
import { executionNames, runDueAt } from '../../support/executions';

const twin = inject('twin');
const sfn = () => new SFNClient({ endpoint: twin.endpoints.stepFunctions, region: localRegion, credentials: localCredentials });
const statusOf = async (arn: string) => (await sfn().send(new DescribeExecutionCommand({ executionArn: arn }))).status;

/** A user with an X account and a post scheduled there at `at`. */
async function scheduled(tag: string, at: Date) {
  const user = await createUser(twin);
  await makeAdmin(twin, user);
  const account = sandboxAccountName(tag);
  await connectThroughOAuth(twin, user, 'x', account);
  const accountId = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections[0]!.platformUserId;
  const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
  const created = await createPost(twin, user, { description: `Due ${tag}`, media: [{ key }], targets: [{ platform: 'x', accountId }], scheduledFor: at.toISOString(), timeZone: 'Europe/Istanbul' });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const post = created.body as unknown as Post;
  const arn = executionArn(localStateMachineArn, (await executionNames(twin, user.userId, post.postId))[0]!);
  return { user, account, post, arn };
}

const getPost = async (user: TestUser, postId: string) => (await callApi(twin, `/posts/${postId}`, user.idToken)).body as unknown as Post;
const feedOf = async (account: string) => (await sandboxControl(twin).feed('x', account)).posts;

describe("the twin's clock for one user's scheduled posts (OneClickTwin.RunDue)", () => {
  it('runs a post when its time comes for its user, not a moment before and once; another user\'s post keeps to the real clock', async () => {
    // Far enough ahead that the real clock does not reach it while the test runs.
    const at = new Date(Math.ceil((Date.now() + 10 * 60_000) / 1000) * 1000);
    const mine = await scheduled('rundue-mine', at);
    const theirs = await scheduled('rundue-theirs', at);

    expect(await runDueAt(twin, mine.user.userId, new Date(at.getTime() - 1))).toEqual([]);
    expect((await getPost(mine.user, mine.post.postId)).status).toBe('scheduled');
    expect(await statusOf(mine.arn)).toBe('RUNNING');

    expect(await runDueAt(twin, mine.user.userId, at)).toEqual([mine.arn]);
    const published = await waitForPost(twin, mine.user, mine.post.postId);
    expect(published.status, JSON.stringify(published.targets)).toBe('published');
    expect(await feedOf(mine.account)).toHaveLength(1);
    await expect.poll(() => statusOf(mine.arn)).toBe('SUCCEEDED');
    expect(await runDueAt(twin, mine.user.userId, at), 'run once').toEqual([]);
    expect(await feedOf(mine.account)).toHaveLength(1);

    expect((await getPost(theirs.user, theirs.post.postId)).status).toBe('scheduled');
    expect(await statusOf(theirs.arn)).toBe('RUNNING');
    expect(await feedOf(theirs.account)).toHaveLength(0);
    // Cancelled, there is nothing left to run at its time.
    expect((await callApi(twin, `/posts/${theirs.post.postId}/cancel`, theirs.user.idToken, { method: 'POST' })).status).toBe(200);
    expect(await statusOf(theirs.arn)).toBe('ABORTED');
    expect(await runDueAt(twin, theirs.user.userId, at)).toEqual([]);
    expect(await feedOf(theirs.account)).toHaveLength(0);
  });

  it('refuses a request without a user or a time, in words', async () => {
    const send = (body: unknown) =>
      fetch(twin.endpoints.stepFunctions, { method: 'POST', headers: { 'x-amz-target': 'OneClickTwin.RunDue', 'content-type': 'application/x-amz-json-1.0' }, body: JSON.stringify(body) });
    const noUser = await send({ at: new Date().toISOString() });
    expect(noUser.status).toBe(400);
    expect(await noUser.json()).toMatchObject({ message: 'Say whose executions to run: userId' });
    const noTime = await send({ userId: 'someone', at: 'tomorrow' });
    expect(noTime.status).toBe(400);
    expect(await noTime.json()).toMatchObject({ message: 'Say when, as an ISO 8601 time: at' });
  });
});
