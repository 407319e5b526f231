import { FOLLOW_UP_SLICE_SECONDS } from '../../../functions/services/publishingLimits';
import { describe, expect, inject, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { monotonicFactory } from 'ulid';
import { createPublishing, MAX_RATE_LIMIT_WAITS, MAX_STATUS_CHECKS } from '../../../functions/services/publishing';
import { createPostStore, listPlacement, type PostItem } from '../../../functions/services/postStore';
import { createConnectionsContext } from '../../../functions/connectionsContext';
import { AuthExpired, RateLimited, Rejected, Retryable } from '../../../functions/platforms/errors';
import { memoryAttachments } from '../../../functions/platforms/progressAttachments';
import { CannotTell } from '../../../functions/platforms/createOnce';
import type { PlatformPublisher, PublishRequest, StepResult } from '../../../functions/platforms/publisher';
import type { S3Media } from '../../../functions/media/s3Media';
import type { ConnectionList } from '../../../shared/api/connections';
import { callApi, createUser, documentClient } from '../../support/users';
import { connectThroughOAuth, sandboxAccountName } from '../../support/connect';

const twin = inject('twin');
const clock = { now: () => new Date() };
const newId = monotonicFactory();
const noMedia = { source: () => ({}) } as unknown as S3Media;

interface Script {
  /** The create call's outcome; `attempt` counts from 1. */
  send?: (attempt: number) => Promise<StepResult>;
  reconcile?: () => Promise<StepResult | undefined>;
}

/** A platform as the engine sees it: its create call goes through createOnce and is counted; the test decides what each step says. */
function fakePublisher(script: Script = {}, overrides: Partial<PlatformPublisher> = {}): PlatformPublisher & { creates: number } {
  const fake = {
    platform: 'x' as const,
    creates: 0,
    start: async (): Promise<StepResult> => ({ state: 'ready', progress: {} }),
    checkStatus: async (): Promise<StepResult> => ({ state: 'processing', progress: {}, waitSeconds: 1 }),
    publish: (request: PublishRequest): Promise<StepResult> =>
      request.createOnce({
        what: 'the post',
        progress: request.progress,
        send: async () => {
          fake.creates++;
          return script.send ? script.send(fake.creates) : { state: 'published', progress: { postId: 'p1' }, platformPostId: 'p1', postUrl: 'https://x.com/u/status/p1' };
        },
        reconcile: script.reconcile ?? (async () => undefined),
      }),
    ...overrides,
  };
  return fake;
}

async function setup(publisher: PlatformPublisher, postFields: Partial<PostItem> = {}) {
  const user = await createUser(twin);
  await connectThroughOAuth(twin, user, 'x', sandboxAccountName('engine'));
  const connection = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections[0]!;
  const db = documentClient(twin);
  const posts = createPostStore({ db, tableName: twin.tableNames.posts, clock });
  const { store, freshness } = await createConnectionsContext(process.env, db, clock);
  const now = new Date().toISOString();
  const base = {
    userId: user.userId,
    postId: newId(),
    status: 'publishing' as const,
    description: 'engine test',
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
    executions: [],
    ...postFields,
  };
  const item: PostItem = { ...base, ...listPlacement(base) } as PostItem;
  await db.send(new PutCommand({ TableName: twin.tableNames.posts, Item: item }));
  const publishing = createPublishing({ posts, connections: store, freshness, publishers: { x: publisher }, media: noMedia, attachments: () => memoryAttachments(), clock });
  const step = (action: 'start' | 'status' | 'publish', followUpStartedAt?: Date) =>
    publishing.step({ userId: user.userId, postId: item.postId, targetId: connection.connectionId, action, ...(followUpStartedAt ? { followUpStartedAt: followUpStartedAt.toISOString() } : {}) });
  const target = async () => (await posts.get(user.userId, item.postId))!.targets[connection.connectionId]!;
  const connectionNow = async () => (await store.get(user.userId, connection.connectionId))!;
  return { step, target, connection: connectionNow };
}

describe('the publishing engine (one target, real tables, a scripted platform)', () => {
  it('a target waiting for processing says until when; the next outcome clears it', async () => {
    let reads = 0;
    const publisher = fakePublisher({}, {
      checkStatus: async (): Promise<StepResult> => (++reads === 1 ? { state: 'processing', progress: {}, waitSeconds: 30 } : { state: 'ready', progress: {} }),
    });
    const { step, target } = await setup(publisher);
    const before = Date.now();
    expect(await step('status')).toEqual({ state: 'processing', waitSeconds: 30 });
    const until = new Date((await target()).waiting!.until).getTime();
    expect((await target()).waiting!.reason).toBe('processing');
    expect(until).toBeGreaterThanOrEqual(before + 30_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 30_000);
    expect(await step('status')).toEqual({ state: 'ready' });
    expect((await target()).waiting).toBeNull();
  });

  it('a wait that would end after the follow-up\'s slice is left to the outer machine (later), the target still saying until when', async () => {
    const publisher = fakePublisher({}, {
      start: async (): Promise<StepResult> => ({ state: 'processing', progress: {}, waitSeconds: FOLLOW_UP_SLICE_SECONDS + 10 }),
      checkStatus: async (): Promise<StepResult> => ({ state: 'processing', progress: {}, waitSeconds: 30 }),
    });
    const { step, target } = await setup(publisher);
    // The start runs in the outer machine: a follow-up starting now could not hold this wait.
    const started = await step('start');
    expect(started).toMatchObject({ state: 'later', action: 'status' });
    expect((await target()).waiting).toEqual({ reason: 'processing', until: (started as { waitUntil: string }).waitUntil });
    // In a follow-up that began long enough ago, even a short wait passes its slice's end…
    const late = await step('status', new Date(Date.now() - (FOLLOW_UP_SLICE_SECONDS - 20) * 1000));
    expect(late).toMatchObject({ state: 'later', action: 'status' });
    // …while in a fresh one it is the follow-up's own.
    expect(await step('status', new Date())).toEqual({ state: 'processing', waitSeconds: 30 });
  });

  it('a reconcile that cannot tell fails the target "check your account" with the outcome_unknown code', async () => {
    const publisher = fakePublisher({
      send: async () => {
        throw new Retryable('socket hang up', true);
      },
      reconcile: async () => {
        throw new CannotTell('no list of posts to look in');
      },
    });
    const { step, target } = await setup(publisher);
    await expect(step('publish')).rejects.toBeInstanceOf(Retryable);
    expect(await step('publish')).toEqual({ state: 'failed' });
    expect(await target()).toMatchObject({ status: 'failed', failureCode: 'outcome_unknown', error: expect.stringMatching(/check your X account/) });
  });

  it('never creates twice: after an unknown outcome it reconciles instead of posting again', async () => {
    let created = false;
    const publisher = fakePublisher({
      send: async () => {
        created = true;
        throw new Retryable('Could not reach X: socket hang up', true);
      },
      reconcile: async () => (created ? { state: 'published', progress: {}, platformPostId: 'p1', postUrl: 'https://x.com/u/status/p1' } : undefined),
    });
    const { step, target } = await setup(publisher);

    await expect(step('publish')).rejects.toBeInstanceOf(Retryable);
    expect(await step('publish')).toEqual({ state: 'published' });

    expect(publisher.creates).toBe(1);
    expect(await target()).toMatchObject({ status: 'published', platformPostId: 'p1', postUrl: 'https://x.com/u/status/p1' });
  });

  it('publishes after an unknown outcome when the platform confirms there is no post', async () => {
    let reconciled = 0;
    const publisher = fakePublisher({
      send: async (attempt) => {
        if (attempt === 1) throw new Retryable('timeout before the platform answered', true);
        return { state: 'published', progress: {}, platformPostId: 'p1', postUrl: 'https://x.com/u/status/p1' };
      },
      reconcile: async () => (reconciled++, undefined),
    });
    const { step } = await setup(publisher);

    await expect(step('publish')).rejects.toBeInstanceOf(Retryable);
    expect(await step('publish')).toEqual({ state: 'published' });
    expect({ attempts: publisher.creates, reconciled }).toEqual({ attempts: 2, reconciled: 1 });
  });

  it('posts again without asking after the platform answered the create call with an error (5xx)', async () => {
    let reconciled = 0;
    const publisher = fakePublisher({
      send: async (attempt) => {
        if (attempt === 1) throw new Retryable('X is unavailable (503)');
        return { state: 'published', progress: {}, platformPostId: 'p1', postUrl: 'https://x.com/u/status/p1' };
      },
      reconcile: async () => (reconciled++, undefined),
    });
    const { step } = await setup(publisher);

    await expect(step('publish')).rejects.toBeInstanceOf(Retryable);
    expect(await step('publish')).toEqual({ state: 'published' });
    expect({ attempts: publisher.creates, reconciled }).toEqual({ attempts: 2, reconciled: 0 });
  });

  it('fails with "check your account" when the platform cannot tell, and saves the progress before the call', async () => {
    const publisher = fakePublisher(
      {},
      {
        publish: (request) =>
          request.createOnce({
            what: 'the post',
            progress: { ...request.progress, mediaIds: ['m-1'] },
            send: async () => {
              publisher.creates++;
              throw new Retryable('Could not reach X: socket hang up', true);
            },
            reconcile: async () => {
              throw new CannotTell('X will not list your latest posts');
            },
          }),
      },
    );
    const { step, target } = await setup(publisher);

    await expect(step('publish')).rejects.toBeInstanceOf(Retryable);
    expect((await target()).progress).toEqual({ mediaIds: ['m-1'] });
    expect(await step('publish')).toEqual({ state: 'failed' });
    expect(publisher.creates).toBe(1);
    expect((await target()).error).toMatch(/^X cannot tell whether the post was created \(X will not list your latest posts\): check your X account/);
  });

  it('refreshes a token the platform refused early once, and tries again', async () => {
    const seen: string[] = [];
    const publisher = fakePublisher({}, {
      start: async (request) => {
        seen.push(request.tokens.accessToken);
        if (seen.length === 1) throw new AuthExpired('Unauthorized');
        return { state: 'ready', progress: {} };
      },
    });
    const { step } = await setup(publisher);

    expect(await step('start')).toEqual({ state: 'ready' });
    expect(seen).toHaveLength(2);
    expect(seen[1]).not.toBe(seen[0]);
  });

  it('a token refused after the create was sent (while processing) ends "check your account", never a plain failure, and asks to reconnect', async () => {
    const publisher = fakePublisher(
      { send: async () => ({ state: 'processing', progress: { videoId: 'v1' }, waitSeconds: 1 }) },
      {
        checkStatus: async () => {
          throw new AuthExpired('X needs you to reconnect: the access was revoked or has expired.');
        },
      },
    );
    const { step, target, connection } = await setup(publisher);

    expect((await step('publish')).state).toBe('processing');
    expect(await step('status')).toEqual({ state: 'failed' });
    expect(publisher.creates).toBe(1);
    expect(await target()).toMatchObject({
      failureCode: 'outcome_unknown',
      error: 'Reconnect your X account: its access ended after the post was sent, so it may already be on X. Check your X account before publishing again.',
    });
    expect((await connection()).status).toBe('needs_reconnect');
  });

  it('a token refused before any create was sent is a plain failure that asks to reconnect', async () => {
    const publisher = fakePublisher(
      {},
      {
        start: async () => {
          throw new AuthExpired('X needs you to reconnect: the access was revoked or has expired.');
        },
      },
    );
    const { step, target } = await setup(publisher);

    expect(await step('start')).toEqual({ state: 'failed' });
    expect(publisher.creates).toBe(0);
    expect((await target()).error).toBe('Reconnect your X account to publish: X needs you to reconnect: the access was revoked or has expired.');
    expect((await target()).failureCode).toBeUndefined();
  });

  it('a live post whose first comment lost its answer goes on with the comment on the retry, never reading the post again', async () => {
    let statusReads = 0;
    let comments = 0;
    const publisher = fakePublisher(
      {},
      {
        // The video is ready on the first read; any later read fails, as a refused look-up would.
        checkStatus: async () => {
          statusReads++;
          if (statusReads > 1) throw new Rejected('X refused it: Not found');
          return { state: 'published', progress: { videoId: 'v1' }, platformPostId: 'p1', postUrl: 'https://x.com/u/status/p1' };
        },
        firstComment: (request) =>
          request.createOnce({
            what: 'the first comment',
            progress: request.progress,
            send: async () => {
              comments++;
              throw new Retryable('Could not reach X: socket hang up', true);
            },
            reconcile: async () => 'c1',
          }).then((commentId) => ({ commentId, url: request.post.postUrl, progress: { ...request.progress, commentId } })),
      },
    );
    const { step, target } = await setup(publisher, { firstComment: 'The first comment' });

    await expect(step('status')).rejects.toBeInstanceOf(Retryable);
    expect(await step('status')).toEqual({ state: 'published' });
    expect({ statusReads, comments }).toEqual({ statusReads: 1, comments: 1 });
    expect(await target()).toMatchObject({ status: 'published', postUrl: 'https://x.com/u/status/p1', firstComment: { status: 'published', url: 'https://x.com/u/status/p1', error: null } });
  });

  it('gives up on processing after a bounded number of checks, with a reason', async () => {
    const { step, target } = await setup(fakePublisher({}));
    for (let check = 0; check < MAX_STATUS_CHECKS; check++) expect((await step('status')).state).toBe('processing');

    expect(await step('status')).toEqual({ state: 'failed' });
    expect((await target()).error).toBe('X did not finish processing the media in time.');
  });

  it('waits until the platform\'s reset on a rate limit, a bounded number of times', async () => {
    const resetAt = new Date(Date.now() + 90_000);
    const { step, target } = await setup(fakePublisher({}, { publish: async () => Promise.reject(new RateLimited('X rate limit reached', resetAt)) }));

    for (let wait = 0; wait < MAX_RATE_LIMIT_WAITS; wait++) {
      expect(await step('start')).toEqual({ state: 'ready' });
      expect(await step('publish')).toEqual({ state: 'rate_limited', waitUntil: resetAt.toISOString(), action: 'publish' });
    }
    expect(await step('publish')).toEqual({ state: 'failed' });
    expect((await target()).error).toMatch(/kept asking us to wait/);
  });
});
