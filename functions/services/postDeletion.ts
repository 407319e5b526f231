import { DeleteObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { deleteAttachments } from '../platforms/progressAttachments';
import { DeleteCommand, GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PostStatus } from '../../shared/api/posts';
import { thumbnailKeyOf } from '../../shared/media';
import type { PostDeletion } from '../../shared/api/postDeletion';
import type { Clock } from '../clock';
import { Conflict, NotFound } from '../errors';
import { writeIf } from './conditionalWrite';
import type { UserIdentity } from './memberships';
import { NOTIFICATION_PREFIX, type PostItem } from './postStore';
import type { StorageQuota } from './storageQuota';

/** Posts that are finished one way or another, and drafts: deleting them stops nothing. */
const DELETABLE: readonly PostStatus[] = ['published', 'partially_published', 'failed', 'cancelled', 'draft'];

export const SCHEDULED_MESSAGE = 'This post is scheduled. Cancel it first, then delete it.';
export const PUBLISHING_MESSAGE = 'This post is being published right now. Wait until it finishes, then delete it.';

/** The media keys every post of the user uses, except `exceptPostId` (pages through the user's partition). */
export async function mediaKeysInPosts(db: DynamoDBDocumentClient, postsTable: string, userId: string, exceptPostId?: string): Promise<Set<string>> {
  const keys = new Set<string>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: postsTable,
        KeyConditionExpression: 'userId = :user',
        ExpressionAttributeValues: { ':user': userId },
        ProjectionExpression: 'postId, #media',
        ExpressionAttributeNames: { '#media': 'media' },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of (page.Items ?? []) as Array<Pick<PostItem, 'postId' | 'media'>>) {
      if (item.postId === exceptPostId || item.postId.startsWith(NOTIFICATION_PREFIX)) continue;
      for (const media of item.media ?? []) keys.add(media.key);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return keys;
}

export interface PostDeletionDependencies {
  db: DynamoDBDocumentClient;
  postsTable: string;
  s3: S3Client;
  mediaBucket: string;
  quota: StorageQuota;
  clock: Clock;
}

/**
 * Deletes a post from OneClick's history (what was published stays on the platforms) and, when
 * asked, the uploaded files no other post uses (with their thumbnails), giving their bytes back to the plan.
 */
export function createPostDeletion({ db, postsTable, s3, mediaBucket, quota, clock }: PostDeletionDependencies) {
  return {
    async remove(user: UserIdentity, postId: string, { deleteMedia }: { deleteMedia: boolean }): Promise<PostDeletion> {
      const { Item } = await db.send(new GetCommand({ TableName: postsTable, Key: { userId: user.userId, postId }, ConsistentRead: true }));
      if (!Item) throw new NotFound('This post was not found. It may have been deleted already.');
      const post = Item as PostItem;
      if (post.status === 'scheduled') throw new Conflict(SCHEDULED_MESSAGE);
      if (!DELETABLE.includes(post.status)) throw new Conflict(PUBLISHING_MESSAGE);

      const usedElsewhere = await mediaKeysInPosts(db, postsTable, user.userId, postId);
      const ownKeys = [...new Set((post.media ?? []).map((media) => media.key))];
      const toDelete = deleteMedia ? ownKeys.filter((key) => !usedElsewhere.has(key)) : [];
      // Each medium's thumbnail (if the browser made one) goes with it.
      const objectsToDelete = toDelete.flatMap((key) => [key, thumbnailKeyOf(key)]);
      const records = await Promise.all(objectsToDelete.map((key) => quota.find(user.userId, 'media', key)));
      // Due now in the sweep's list first: if this request stops halfway, the sweep finishes it.
      await Promise.all(records.map((record) => (record ? quota.dueAt(record, clock.now()) : undefined)));

      // Only while the post is still finished: a retry that started meanwhile wins.
      const deleted = await writeIf(
        db.send(
          new DeleteCommand({
            TableName: postsTable,
            Key: { userId: user.userId, postId },
            ConditionExpression: '#status = :status',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':status': post.status },
          }),
        ),
      );
      if (!deleted) throw new Conflict('This post changed while it was being deleted (a retry may have started). Look at it again, then delete it.');

      if (!deleteMedia) {
        // Kept on purpose: no longer waiting for a post, so the sweep leaves them.
        const kept = await Promise.all(
          ownKeys.filter((key) => !usedElsewhere.has(key)).flatMap((key) => [key, thumbnailKeyOf(key)]).map((key) => quota.find(user.userId, 'media', key)),
        );
        await Promise.all(kept.map((record) => (record ? quota.keep(record) : undefined)));
      }
      // The targets' large progress (e.g. LinkedIn's part URLs) goes with the post.
      await deleteAttachments(s3, mediaBucket, user.userId, postId, Object.values(post.targets ?? {}).map((target) => target.progress ?? {}));
      let releasedBytes = 0;
      for (const key of objectsToDelete) {
        await s3.send(new DeleteObjectCommand({ Bucket: mediaBucket, Key: key }));
        releasedBytes += await quota.release(user.userId, 'media', key);
      }
      return { postId, deletedMedia: toDelete.length, keptMedia: ownKeys.length - toDelete.length, releasedBytes };
    },
  };
}

export type PostDeletionService = ReturnType<typeof createPostDeletion>;
