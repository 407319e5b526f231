import { createHash } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '../../shared/platforms';
import { listOf, type Post, type PostList, type PostStatus, type TargetStatus } from '../../shared/api/posts';
import type { Clock } from '../clock';
import type { StoredMedia } from '../media/s3Media';
import type { PublishProgress } from '../platforms/publisher';
import { writeIf } from './conditionalWrite';

export interface TargetItem {
  targetId: string;
  platform: Platform;
  accountId: string;
  accountName: string;
  connectionId: string;
  status: TargetStatus;
  platformPostId?: string;
  postUrl?: string;
  error?: string;
  progress: PublishProgress;
  /** Status checks so far (bounded) and rate-limit waits so far (bounded). */
  statusChecks: number;
  rateLimitWaits: number;
  /** Set (once) just before the create-post call: a later attempt reconciles instead of posting again. */
  publishArmedAt?: string;
  updatedAt: string;
}

export interface PostItem {
  userId: string;
  postId: string;
  status: PostStatus;
  title?: string;
  description: string;
  media: StoredMedia[];
  targets: Record<string, TargetItem>;
  platforms: Platform[];
  createdAt: string;
  updatedAt: string;
  scheduledFor?: string;
  publishedAt?: string;
  /** Executions started for this post (names), newest last. */
  executions: string[];
  userList: string;
  listAt: string;
  activeShard?: string;
  activeAt?: string;
}

export const ACTIVE_SHARDS = 4;

export function activeShardOf(postId: string): string {
  return `active#${createHash('sha256').update(postId).digest()[0]! % ACTIVE_SHARDS}`;
}

export function userListKey(userId: string, list: PostList | 'cancelled'): string {
  return `${userId}#${list}`;
}

/** Where a post sits in its list: scheduled by time to publish, the rest by latest activity. */
export function listPlacement(post: Pick<PostItem, 'userId' | 'status' | 'scheduledFor' | 'publishedAt' | 'createdAt' | 'updatedAt'>) {
  const list = listOf(post.status);
  const listAt = list === 'scheduled' ? (post.scheduledFor ?? post.createdAt) : list === 'published' ? (post.publishedAt ?? post.updatedAt) : post.createdAt;
  return { userList: userListKey(post.userId, list), listAt };
}

export function toPost(item: PostItem): Post {
  return {
    postId: item.postId,
    status: item.status,
    title: item.title ?? null,
    description: item.description,
    media: item.media.map((media) => ({
      key: media.key,
      kind: media.kind,
      contentType: media.contentType,
      size: media.size,
      ...(media.durationSeconds !== undefined ? { durationSeconds: media.durationSeconds } : {}),
    })),
    targets: Object.values(item.targets)
      .sort((a, b) => a.targetId.localeCompare(b.targetId))
      .map((target) => ({
        targetId: target.targetId,
        platform: target.platform,
        accountId: target.accountId,
        accountName: target.accountName,
        status: target.status,
        postUrl: target.postUrl ?? null,
        platformPostId: target.platformPostId ?? null,
        error: target.error ?? null,
        updatedAt: target.updatedAt,
      })),
    platforms: item.platforms,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    scheduledFor: item.scheduledFor ?? null,
    publishedAt: item.publishedAt ?? null,
  };
}

export function createPostStore({ db, tableName, clock }: { db: DynamoDBDocumentClient; tableName: string; clock: Clock }) {
  return {
    tableName,

    async get(userId: string, postId: string): Promise<PostItem | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { userId, postId }, ConsistentRead: true }));
      return Item as PostItem | undefined;
    },

    /** A page of one list; `startKey` continues a previous page. */
    async page(userId: string, list: PostList, options: { platform?: Platform; limit: number; startKey?: Record<string, unknown> }) {
      const posts: PostItem[] = [];
      let startKey = options.startKey;
      do {
        const result = await db.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: 'byList',
            KeyConditionExpression: 'userList = :list',
            ExpressionAttributeValues: { ':list': userListKey(userId, list), ...(options.platform ? { ':platform': options.platform } : {}) },
            ...(options.platform ? { FilterExpression: 'contains(platforms, :platform)' } : {}),
            ScanIndexForward: list === 'scheduled',
            Limit: options.limit - posts.length,
            ...(startKey ? { ExclusiveStartKey: startKey } : {}),
          }),
        );
        posts.push(...((result.Items ?? []) as PostItem[]));
        startKey = result.LastEvaluatedKey;
      } while (startKey && posts.length < options.limit);
      return { posts, nextKey: startKey };
    },

    /** Every scheduled or publishing post, across users (the sparse byActive index). */
    async listActive(): Promise<PostItem[]> {
      const active: PostItem[] = [];
      for (let shard = 0; shard < ACTIVE_SHARDS; shard++) {
        let startKey: Record<string, unknown> | undefined;
        do {
          const result = await db.send(
            new QueryCommand({
              TableName: tableName,
              IndexName: 'byActive',
              KeyConditionExpression: 'activeShard = :shard',
              ExpressionAttributeValues: { ':shard': `active#${shard}` },
              ...(startKey ? { ExclusiveStartKey: startKey } : {}),
            }),
          );
          active.push(...((result.Items ?? []) as PostItem[]));
          startKey = result.LastEvaluatedKey;
        } while (startKey);
      }
      return active;
    },

    /** Updates fields of one target (and the post's updatedAt). */
    async updateTarget(
      post: Pick<PostItem, 'userId' | 'postId'>,
      targetId: string,
      fields: Partial<Omit<TargetItem, 'targetId'>>,
      options: { condition?: string; values?: Record<string, unknown>; names?: Record<string, string> } = {},
    ): Promise<void> {
      const now = clock.now().toISOString();
      const entries = Object.entries({ ...fields, updatedAt: now });
      const names: Record<string, string> = { '#targets': 'targets', '#target': targetId, ...options.names };
      const values: Record<string, unknown> = { ':postUpdatedAt': now, ...options.values };
      const sets = entries.map(([field, value], index) => {
        names[`#f${index}`] = field;
        values[`:v${index}`] = value;
        return `#targets.#target.#f${index} = :v${index}`;
      });
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId: post.userId, postId: post.postId },
          UpdateExpression: `SET ${sets.join(', ')}, updatedAt = :postUpdatedAt`,
          ConditionExpression: options.condition ?? 'attribute_exists(#targets.#target)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
    },

    /** Arms the target's create-post call; false when an earlier attempt already armed it. */
    armPublish(post: Pick<PostItem, 'userId' | 'postId'>, targetId: string): Promise<boolean> {
      return writeIf(
        this.updateTarget(post, targetId, { publishArmedAt: clock.now().toISOString() }, {
          condition: 'attribute_exists(#targets.#target) AND attribute_not_exists(#targets.#target.publishArmedAt)',
        }),
      );
    },

    /** The armed create call was answered with an error: nothing was created, a new attempt may post. */
    async disarmPublish(post: Pick<PostItem, 'userId' | 'postId'>, targetId: string): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId: post.userId, postId: post.postId },
          UpdateExpression: 'REMOVE #targets.#target.publishArmedAt',
          ConditionExpression: 'attribute_exists(#targets.#target)',
          ExpressionAttributeNames: { '#targets': 'targets', '#target': targetId },
        }),
      );
    },

    /** Sets the post's status and its place in the lists (and in the active index while active). */
    async setStatus(post: PostItem, status: PostStatus, extra: { publishedAt?: string } = {}): Promise<PostItem> {
      const now = clock.now().toISOString();
      const next: PostItem = { ...post, status, updatedAt: now, ...extra };
      const placement = listPlacement(next);
      const active = status === 'scheduled' || status === 'publishing';
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId: post.userId, postId: post.postId },
          UpdateExpression:
            'SET #status = :status, updatedAt = :now, userList = :userList, listAt = :listAt' +
            (extra.publishedAt ? ', publishedAt = :publishedAt' : '') +
            (active ? ', activeShard = :shard, activeAt = :now' : ' REMOVE activeShard, activeAt'),
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': status,
            ':now': now,
            ':userList': placement.userList,
            ':listAt': placement.listAt,
            ...(extra.publishedAt ? { ':publishedAt': extra.publishedAt } : {}),
            ...(active ? { ':shard': activeShardOf(post.postId) } : {}),
          },
        }),
      );
      return { ...next, ...placement };
    },

    async addExecution(post: Pick<PostItem, 'userId' | 'postId'>, name: string): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId: post.userId, postId: post.postId },
          UpdateExpression: 'SET executions = list_append(if_not_exists(executions, :empty), :name)',
          ExpressionAttributeValues: { ':empty': [], ':name': [name] },
        }),
      );
    },
  };
}

export type PostStore = ReturnType<typeof createPostStore>;
