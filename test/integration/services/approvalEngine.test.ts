import { describe, expect, inject, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { monotonicFactory } from 'ulid';
import { createPublishing } from '../../../functions/services/publishing';
import { APPROVAL_MISSED_MESSAGE, createPostStore, listPlacement, type ApprovalItem, type PostItem, type PostStore } from '../../../functions/services/postStore';
import { finalizePost } from '../../../functions/services/finalize';
import { createConnectionsContext } from '../../../functions/connectionsContext';
import { memoryAttachments } from '../../../functions/platforms/progressAttachments';
import type { PlatformPublisher, StepResult } from '../../../functions/platforms/publisher';
import type { S3Media } from '../../../functions/media/s3Media';
import type { ConnectionList } from '../../../shared/api/connections';
import { callApi, createUser, documentClient } from '../../support/users';
import { connectThroughOAuth, sandboxAccountName } from '../../support/connect';

const twin = inject('twin');
const clock = { now: () => new Date() };
const newId = monotonicFactory();
const noMedia = { source: () => ({}) } as unknown as S3Media;

/** A platform that publishes on its first step, counting how often it was asked. */
function countingPublisher(): PlatformPublisher & { starts: number } {
  const fake = {
    platform: 'x' as const,
    starts: 0,
    start: async (): Promise<StepResult> => {
      fake.starts++;
      return { state: 'published', progress: {}, platformPostId: 'p1', postUrl: 'https://x.com/u/status/p1' };
    },
    checkStatus: async (): Promise<StepResult> => ({ state: 'ready', progress: {} }),
    publish: async (): Promise<StepResult> => ({ state: 'ready', progress: {} }),
  };
  return fake;
}

const pending = (): ApprovalItem => ({ state: 'pending', submittedBy: 'contributor-id', submittedByEmail: 'contributor@example.com', submittedAt: new Date().toISOString(), publishes: 'scheduled' });

/** A scheduled post carrying a pending approval, its time come, and its execution's first step to run. */
async function setup(storeFor: (posts: PostStore) => PostStore = (posts) => posts) {
  const user = await createUser(twin);
  await connectThroughOAuth(twin, user, 'x', sandboxAccountName('approval-engine'));
  const connection = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections[0]!;
  const db = documentClient(twin);
  const posts = createPostStore({ db, tableName: twin.tableNames.posts, clock });
  const { store, freshness } = await createConnectionsContext(process.env, db, clock);
  const now = new Date().toISOString();
  const execution = `${newId()}-approval`;
  const base = {
    userId: user.userId,
    postId: newId(),
    status: 'scheduled' as const,
    description: 'waits for approval',
    media: [],
    targets: {
      [connection.connectionId]: {
        targetId: connection.connectionId,
        platform: 'x' as const,
        accountId: connection.platformUserId,
        accountName: connection.displayName,
        connectionId: connection.connectionId,
        status: 'pending' as const,
        progress: {},
        statusChecks: 0,
        rateLimitWaits: 0,
        updatedAt: now,
      },
    },
    platforms: ['x' as const],
    createdAt: now,
    updatedAt: now,
    scheduledFor: now,
    executions: [execution],
    currentExecution: execution,
    approval: pending(),
  };
  const item: PostItem = { ...base, ...listPlacement(base) } as PostItem;
  await db.send(new PutCommand({ TableName: twin.tableNames.posts, Item: item }));
  const publisher = countingPublisher();
  const publishing = createPublishing({ posts: storeFor(posts), connections: store, freshness, publishers: { x: publisher }, media: noMedia, attachments: () => memoryAttachments(), clock });
  const start = () => publishing.step({ userId: user.userId, postId: item.postId, targetId: connection.connectionId, action: 'start', execution });
  const approve = async () => posts.decideApproval((await posts.get(user.userId, item.postId))!, { ...pending(), state: 'approved' }, { from: ['pending'], statuses: ['scheduled'] });
  const read = async () => (await posts.get(user.userId, item.postId))!;
  return { start, approve, read, publisher, posts, user, item, execution };
}

describe('the engine and approvals (real tables, a counting platform)', () => {
  it('refuses a post still waiting for approval at its time: the target fails with the reason, the approval expires, and a late approval is refused', async () => {
    const { start, approve, read, publisher, posts, user, item, execution } = await setup();

    expect(await start()).toEqual({ state: 'failed' });
    expect(publisher.starts).toBe(0);
    const post = await read();
    expect(post.approval?.state).toBe('expired');
    expect(Object.values(post.targets)[0]).toMatchObject({ status: 'failed', error: APPROVAL_MISSED_MESSAGE });
    // The approval's own condition refuses it now.
    expect(await approve()).toBe(false);

    // The workflow's last step fails the post and tells everyone in the workspace.
    expect(await finalizePost({ posts, clock }, user.userId, item.postId, { execution })).toMatchObject({ status: 'failed', approval: { state: 'expired' } });
    expect(await posts.listNotifications(user.userId)).toEqual([expect.objectContaining({ kind: 'approval_expired', postStatus: 'failed', failures: [expect.objectContaining({ reason: APPROVAL_MISSED_MESSAGE })] })]);
  });

  it('publishes once when the approval lands while the execution is starting (between the refused claim and the expiry)', async () => {
    let approveDuringStart: (() => Promise<boolean>) | undefined;
    const { start, approve, read, publisher } = await setup((posts) => ({
      ...posts,
      // The first claim is refused (still pending); the approver's write lands right after it.
      claimTarget: async (...args: Parameters<PostStore['claimTarget']>) => {
        const claimed = await posts.claimTarget(...args);
        if (!claimed && approveDuringStart) {
          expect(await approveDuringStart()).toBe(true);
          approveDuringStart = undefined;
        }
        return claimed;
      },
    }));
    approveDuringStart = approve;

    expect(await start()).toEqual({ state: 'published' });
    expect(publisher.starts).toBe(1);
    const post = await read();
    expect(post.approval?.state).toBe('approved');
    expect(post.status).toBe('publishing');
    // A repeated first step (the state machine's retry) publishes nothing more.
    expect(await start()).toEqual({ state: 'published' });
    expect(publisher.starts).toBe(1);
  });

  it('publishes an approved post at its time as any other', async () => {
    const { start, approve, publisher } = await setup();
    expect(await approve()).toBe(true);
    expect(await start()).toEqual({ state: 'published' });
    expect(publisher.starts).toBe(1);
  });

  it('a second step of the same execution after the expiry finds the expiry and fails too, without publishing', async () => {
    const { start, publisher, read } = await setup();
    expect(await start()).toEqual({ state: 'failed' });
    // The target has ended: the step answers its state and asks the platform nothing.
    expect(await start()).toEqual({ state: 'failed' });
    expect(publisher.starts).toBe(0);
    expect((await read()).approval?.state).toBe('expired');
  });
});
