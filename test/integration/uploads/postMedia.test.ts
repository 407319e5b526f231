import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import { localBucketNames, localCredentials, localRegion } from '../../../infra/local/environment';
import { systemClock, type Clock } from '../../../functions/clock';
import { createS3Media } from '../../../functions/media/s3Media';
import { connectionIdOf, type ConnectionStore } from '../../../functions/services/connectionStore';
import type { PublishExecutions } from '../../../functions/services/executions';
import { createMembershipService } from '../../../functions/services/memberships';
import { createDraftGuard } from '../../../functions/services/draftGuard';
import { createDraftService } from '../../../functions/services/postDrafts';
import { createPostMedia } from '../../../functions/services/postMedia';
import { createPostService } from '../../../functions/services/posts';
import { createPostStore } from '../../../functions/services/postStore';
import { createStorageQuota, recordOf } from '../../../functions/services/storageQuota';
import { createUploadService, defaultUploadLimits } from '../../../functions/services/uploads';
import { createUploadSweep } from '../../../functions/services/uploadSweep';
import { makeAdmin } from '../../support/connect';
import { sampleVideo } from '../../support/posts';
import { createUser, documentClient } from '../../support/users';

/**
 * The files posts and drafts take, run in process against the twin's tables and bucket with an
 * S3 client that records every command it sends: what an upload's completion learned is kept
 * and reused, and the post's own write marks its files in use against the sweep.
 */
const twin = inject('twin');
const HOUR = 3600_000;
const account = { platform: 'bluesky' as const, accountId: 'did:plc:postmedia' };

/** An S3 client of the twin's that records the name of every command it sends. */
function recordingS3() {
  const sent: string[] = [];
  const client = new S3Client({ endpoint: twin.endpoints.s3, region: localRegion, credentials: localCredentials, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
  client.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(context.commandName ?? 'unknown');
      return next(args);
    },
    { step: 'initialize', name: 'recordCommands' },
  );
  return { client, sent };
}

/** One connected Bluesky account (the post service reads nothing else of connections). */
const connections = {
  list: async (userId: string) => [
    { userId, connectionId: connectionIdOf(account.platform, account.accountId), platform: account.platform, platformUserId: account.accountId, status: 'connected', displayName: 'Post media', tokenVersion: 1, canRefresh: true, createdAt: '', updatedAt: '' },
  ],
} as unknown as ConnectionStore;

/** Executions that are never started: the posts stay scheduled, a week ahead, and publish nothing. */
const executions: PublishExecutions = { start: async () => undefined, stop: async () => undefined };

/** An admin user (who may schedule) and the services as the posts function composes them; the quota counts uploads at `quotaClock`'s time. */
async function setUp({ quotaClock = systemClock }: { quotaClock?: Clock } = {}) {
  const created = await createUser(twin);
  await makeAdmin(twin, created);
  const user = { userId: created.userId, email: created.email };
  const db = documentClient(twin);
  const s3 = recordingS3();
  const quota = createStorageQuota({ db, tableName: twin.tableNames.memberships, clock: quotaClock });
  const uploads = createUploadService({ s3: s3.client, bucket: localBucketNames.media, limits: defaultUploadLimits, clock: systemClock, quota, storageLimit: async () => null });
  const media = createPostMedia({ media: createS3Media(s3.client, localBucketNames.media), quota });
  const store = createPostStore({ db, tableName: twin.tableNames.posts, clock: systemClock });
  const memberships = createMembershipService({ db, tableName: twin.tableNames.memberships, clock: systemClock });
  const posts = createPostService({ db, posts: store, connections, memberships, media, executions, clock: systemClock });
  const drafts = createDraftService({ db, posts: store, connections, media, guard: createDraftGuard({ db, tableName: twin.tableNames.memberships }), clock: systemClock });

  async function completedVideo(): Promise<string> {
    const video = sampleVideo(12);
    const session = await uploads.create(user, { fileName: 'clip.mp4', contentType: 'video/mp4', size: video.length });
    const part = await fetch(session.parts[0]!.url, { method: 'PUT', body: new Uint8Array(video) });
    const completed = await uploads.complete(user, { key: session.key, uploadId: session.uploadId, parts: [{ partNumber: 1, etag: part.headers.get('etag')! }] });
    expect(completed.durationSeconds).toBe(12);
    return session.key;
  }
  return { user, db, s3, quota, posts, drafts, completedVideo };
}

const scheduledPost = (key: string) => ({
  description: 'A scheduled post',
  media: [{ key }],
  targets: [account],
  scheduledFor: new Date(Date.now() + 7 * 24 * HOUR).toISOString(),
});

describe('a file is described once, when its upload completes (issue 26, item 4)', () => {
  it('a post, a draft\'s saves and the draft\'s publishing read nothing from the file', async () => {
    const { user, s3, posts, drafts, completedVideo } = await setUp();
    const key = await completedVideo();
    s3.sent.length = 0;

    const post = await posts.create(user, scheduledPost(key));
    const draft = await drafts.create(user, { description: 'A draft', media: [{ key, name: 'clip.mp4' }], targets: [account] });
    await drafts.update(user, draft.postId, { description: 'A draft, again', media: [{ key, name: 'clip.mp4' }], targets: [account] });
    const published = await posts.create(user, scheduledPost(key), { draftId: draft.postId });

    expect(s3.sent).toEqual([]);
    for (const saved of [post, draft, published]) expect(saved.media[0]).toMatchObject({ key, kind: 'video', contentType: 'video/mp4', durationSeconds: 12 });
    s3.client.destroy();
  });
});

describe('a post taking a file the sweep is about to remove (issue 26, item 8)', () => {
  it('keeps its media when it is created between the sweep\'s read and its delete', async () => {
    // The upload is counted "two days ago", so the sweep finds it due; the post comes in between.
    const { user, db, s3, quota, posts, completedVideo } = await setUp({ quotaClock: { now: () => new Date(Date.now() - 48 * HOUR) } });
    const key = await completedVideo();
    let post: Awaited<ReturnType<typeof posts.create>> | undefined;
    const sweep = createUploadSweep({
      db,
      postsTable: twin.tableNames.posts,
      contentTable: twin.tableNames.content,
      s3: s3.client,
      buckets: { media: localBucketNames.media, content: localBucketNames.content },
      quota: {
        ...quota,
        async releaseIfUnchanged(record) {
          // After the sweep read the user's posts (none used the file), before its release.
          if (record.key === key) post = await posts.create(user, scheduledPost(key));
          return quota.releaseIfUnchanged(record);
        },
      },
      clock: { now: () => new Date(Date.now() - 12 * HOUR) },
    });

    await sweep.run();

    expect(post?.media.map((media) => media.key)).toEqual([key]);
    await expect(s3.client.send(new HeadObjectCommand({ Bucket: localBucketNames.media, Key: key }))).resolves.toMatchObject({ ContentLength: sampleVideo(12).length });
    expect(await quota.find(user.userId, 'media', key)).toMatchObject({ record: recordOf('media', key), state: 'kept' });
    s3.client.destroy();
  });

  it('is refused in words when the sweep removed its file first', async () => {
    const { user, db, s3, quota, posts, completedVideo } = await setUp({ quotaClock: { now: () => new Date(Date.now() - 48 * HOUR) } });
    const key = await completedVideo();
    const record = (await quota.find(user.userId, 'media', key))!;
    // The file as the post's check read it, then the sweep's release before the post's write.
    const sweptFirst = createPostService({
      db,
      posts: createPostStore({ db, tableName: twin.tableNames.posts, clock: systemClock }),
      connections,
      memberships: createMembershipService({ db, tableName: twin.tableNames.memberships, clock: systemClock }),
      media: (() => {
        const media = createPostMedia({ media: createS3Media(s3.client, localBucketNames.media), quota: quota });
        return {
          ...media,
          async chosen(userId: string, chosenKey: string) {
            const chosen = await media.chosen(userId, chosenKey);
            expect(await quota.releaseIfUnchanged(record)).toBe(true);
            return chosen;
          },
        };
      })(),
      executions,
      clock: systemClock,
    });

    await expect(sweptFirst.create(user, scheduledPost(key))).rejects.toThrow(/A file you chose was removed meanwhile .*: upload it again\./);
    expect((await posts.list(user, { status: 'scheduled', limit: 10 })).posts).toEqual([]);
    s3.client.destroy();
  });
});
