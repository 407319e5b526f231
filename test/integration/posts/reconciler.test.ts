import { describe, expect, inject, it } from 'vitest';
import { SFNClient, StopExecutionCommand } from '@aws-sdk/client-sfn';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import type { NotificationList } from '../../../shared/api/notifications';
import { localCredentials, localRegion } from '../../../infra/local/environment';
import { localStateMachineArn } from '../../../infra/local/stepfunctions';
import { createSfnExecutions, executionArn } from '../../../functions/services/executions';
import { createPostStore } from '../../../functions/services/postStore';
import { createReconciler } from '../../../functions/services/reconciler';
import { FIRST_LOOK_AFTER_MS } from '../../../functions/services/executionPlan';
import { callApi, createUser, documentClient, type TestUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../../support/connect';
import { createPost, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';
import { storedPost } from '../../support/executions';

const twin = inject('twin');
const sfn = () => new SFNClient({ endpoint: twin.endpoints.stepFunctions, region: localRegion, credentials: localCredentials });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The reconciler exactly as the AWS schedule runs it (functions/services/reconciler.ts through
 * the same Step Functions API), against the twin, with a clock `aheadMs` in the future: the posts
 * are due for a look without waiting minutes.
 */
function reconciler(aheadMs: number) {
  const clock = { now: () => new Date(Date.now() + aheadMs) };
  return createReconciler({
    posts: createPostStore({ db: documentClient(twin), tableName: twin.tableNames.posts, clock }),
    executions: createSfnExecutions(sfn(), localStateMachineArn),
    clock,
  });
}

/** The twin's Step Functions refuses the next `count` StartExecution calls for this user's posts (throttled). */
async function failNextStarts(user: TestUser, count: number): Promise<void> {
  const response = await fetch(twin.endpoints.stepFunctions, {
    method: 'POST',
    headers: { 'x-amz-target': 'OneClickTwin.FailNextStarts', 'content-type': 'application/x-amz-json-1.0' },
    body: JSON.stringify({ userId: user.userId, count }),
  });
  expect(response.status).toBe(200);
}

async function linkedInUser(tag: string) {
  const user = await createUser(twin);
  await makeAdmin(twin, user);
  const account = sandboxAccountName(tag);
  await connectThroughOAuth(twin, user, 'linkedin', account);
  const accountId = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections[0]!.platformUserId;
  const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
  return { user, account, accountId, key };
}

describe('the reconciler (the same code as on AWS) on the twin', () => {
  it('starts a post whose StartExecution failed: it is stored waiting for that execution, and published once', async () => {
    const { user, account, accountId, key } = await linkedInUser('reconcile-start');
    // The SDK retries a throttled call twice: three refusals make the start fail for good.
    await failNextStarts(user, 3);

    const created = await createPost(twin, user, { description: `Started late ${Date.now()}`, media: [{ key }], targets: [{ platform: 'linkedin', accountId }] });

    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const postId = (created.body as unknown as Post).postId;
    const stored = await storedPost(twin, user.userId, postId);
    expect(stored.currentExecution).toBeDefined();
    expect(await createSfnExecutions(sfn(), localStateMachineArn).describe(stored.currentExecution!)).toEqual({ state: 'missing' });
    await sleep(500);
    expect((await sandboxControl(twin).feed('linkedin', account)).posts).toHaveLength(0);
    expect((await callApi(twin, `/posts/${postId}`, user.idToken)).body).toMatchObject({ status: 'publishing' });

    const report = await reconciler(FIRST_LOOK_AFTER_MS + 60_000).run();

    expect(report.errors.filter((error) => error.postId === postId)).toEqual([]);
    expect(report.started).toBeGreaterThanOrEqual(1);
    const done = await waitForPost(twin, user, postId);
    expect(done.status, JSON.stringify(done.targets)).toBe('published');
    expect((await sandboxControl(twin).feed('linkedin', account)).posts).toHaveLength(1);
    // Started under the name the post recorded: no second execution was made.
    expect((await storedPost(twin, user.userId, postId)).executions).toEqual([stored.currentExecution]);
  });

  it('lets the user cancel a scheduled post whose execution never started; the reconciler then leaves it alone', async () => {
    const { user, account, accountId, key } = await linkedInUser('reconcile-cancel');
    await failNextStarts(user, 3);
    const created = await createPost(twin, user, {
      description: 'Never started',
      media: [{ key }],
      targets: [{ platform: 'linkedin', accountId }],
      scheduledFor: new Date(Date.now() + 2000).toISOString(),
      timeZone: 'UTC',
    });
    const postId = (created.body as unknown as Post).postId;

    const cancelled = await callApi(twin, `/posts/${postId}/cancel`, user.idToken, { method: 'POST' });

    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await reconciler(FIRST_LOOK_AFTER_MS + 60_000).run();
    await sleep(2500);
    expect((await callApi(twin, `/posts/${postId}`, user.idToken)).body).toMatchObject({ status: 'cancelled' });
    expect((await sandboxControl(twin).feed('linkedin', account)).posts).toHaveLength(0);
  });

  it('fails a post whose execution died, with the reason in words on each target and a notification', async () => {
    const { user, account, accountId, key } = await linkedInUser('reconcile-died');
    const created = await createPost(twin, user, {
      description: 'Its workflow dies',
      media: [{ key }],
      targets: [{ platform: 'linkedin', accountId }],
      scheduledFor: new Date(Date.now() + 60_000).toISOString(),
      timeZone: 'UTC',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const postId = (created.body as unknown as Post).postId;
    const execution = (await storedPost(twin, user.userId, postId)).currentExecution!;
    // The execution dies (killed outside our code: nothing of ours runs when it ends).
    await sfn().send(new StopExecutionCommand({ executionArn: executionArn(localStateMachineArn, execution), cause: 'killed by the test' }));
    await sleep(200);

    const report = await reconciler(FIRST_LOOK_AFTER_MS + 60_000).run();

    expect(report.errors.filter((error) => error.postId === postId)).toEqual([]);
    const post = (await callApi(twin, `/posts/${postId}`, user.idToken)).body as unknown as Post;
    expect(post.status).toBe('failed');
    expect(post.targets[0]!.error).toMatch(/^Publishing to LinkedIn stopped before it finished: its publishing workflow was stopped\. .*retry/);
    const notifications = (await callApi(twin, '/notifications', user.idToken)).body as unknown as NotificationList;
    const notice = notifications.notifications.find((item) => item.postId === postId);
    expect(notice).toMatchObject({ kind: 'scheduled_post_failed', postStatus: 'failed', failures: [{ platform: 'linkedin', reason: post.targets[0]!.error }] });
    expect(notifications.unread).toBeGreaterThanOrEqual(1);
    expect((await sandboxControl(twin).feed('linkedin', account)).posts).toHaveLength(0);

    // The user can retry it; the retry publishes it once.
    const retried = await callApi(twin, `/posts/${postId}/retry`, user.idToken, { method: 'POST' });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect((await waitForPost(twin, user, postId)).status).toBe('published');
    expect((await sandboxControl(twin).feed('linkedin', account)).posts).toHaveLength(1);
  });
});
