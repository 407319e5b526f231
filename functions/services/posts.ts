import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { monotonicFactory } from 'ulid';
import { platformNames, type Platform } from '../../shared/platforms';
import { mediaForPlatform, platformRules } from '../../shared/platformRules';
import { parseMediaKey } from '../../shared/media';
import type { CreatePost, Post, PostList } from '../../shared/api/posts';
import type { Clock } from '../clock';
import { Conflict, Forbidden, InvalidInput, NotFound, QuotaExceeded } from '../errors';
import { MediaNotFound, type S3Media, type StoredMedia } from '../media/s3Media';
import { connectionIdOf, type ConnectionStore } from './connectionStore';
import type { MembershipService, UserIdentity } from './memberships';
import type { PublishExecutions } from './executions';
import { writeIf } from './conditionalWrite';
import { activeShardOf, listPlacement, toPost, type PostItem, type PostStore, type TargetItem } from './postStore';

/** Instagram's video length rule (spec §5), checked before anything is sent. */
export const INSTAGRAM_VIDEO_SECONDS = { min: 3, max: 90 } as const;

export interface PostServiceDeps {
  db: DynamoDBDocumentClient;
  posts: PostStore;
  connections: ConnectionStore;
  memberships: MembershipService;
  media: S3Media;
  executions: PublishExecutions;
  /** The Lambda that runs each platform's steps (the state machine invokes it per target). */
  publisherFunctions: Record<Platform, string>;
  clock: Clock;
}

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
}

function decodeCursor(cursor: string | undefined, userId: string): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (key['userId'] !== userId) throw new Error('foreign cursor');
    return key;
  } catch {
    throw new InvalidInput('The cursor is not valid: start again from the first page.');
  }
}

/** Checks media against each chosen platform's rules, in words the user can act on. */
function mediaProblems(media: StoredMedia[], platforms: Platform[]): string[] {
  const problems: string[] = [];
  const videos = media.filter((item) => item.kind === 'video');
  const images = media.filter((item) => item.kind === 'image');
  if (videos.length > 1) problems.push('A post can carry one video.');
  for (const platform of platforms) {
    const rules = platformRules[platform].media;
    const name = platformNames[platform];
    const chosen = mediaForPlatform(platform, media);
    if (chosen.length === 0) problems.push(`${name} publishes videos only: add a video or leave ${name} out.`);
    if (!videos.length && rules.image && images.length > rules.maxImages) problems.push(`${name} takes at most ${rules.maxImages} image(s).`);
  }
  const video = videos[0];
  if (video && platforms.includes('instagram') && video.durationSeconds !== undefined) {
    const seconds = Math.round(video.durationSeconds);
    if (video.durationSeconds < INSTAGRAM_VIDEO_SECONDS.min) {
      problems.push(`Video süresi çok kısa: ${seconds} saniye. Instagram, en az 3 saniye uzunluğunda video gerektirir.`);
    }
    if (video.durationSeconds > INSTAGRAM_VIDEO_SECONDS.max) {
      problems.push(`Video süresi çok uzun: ${seconds} saniye. Instagram, maksimum 90 saniye uzunluğunda video kabul eder.`);
    }
  }
  return problems;
}

/** The state machine's last step: the post's status from its targets'. */
export async function finalizePost({ posts, clock }: { posts: PostStore; clock: Clock }, userId: string, postId: string): Promise<Post> {
  const post = await posts.get(userId, postId);
  if (!post) throw new NotFound('Post not found');
  const targets = Object.values(post.targets);
  const published = targets.filter((target) => target.status === 'published').length;
  const status = published === targets.length ? 'published' : published > 0 ? 'partially_published' : 'failed';
  const updated = await posts.setStatus(post, status, published && !post.publishedAt ? { publishedAt: clock.now().toISOString() } : {});
  return toPost(updated);
}

export function createPostService(deps: PostServiceDeps) {
  const { db, posts, connections, memberships, media, executions, clock } = deps;
  const newId = monotonicFactory();

  async function startExecution(post: PostItem, targetIds: string[]): Promise<void> {
    const name = `${post.postId}-${post.executions.length + 1}`;
    await posts.addExecution(post, name);
    await executions.start(name, {
      userId: post.userId,
      postId: post.postId,
      ...(post.status === 'scheduled' && post.scheduledFor ? { scheduledFor: post.scheduledFor } : {}),
      targets: targetIds.map((targetId) => ({ targetId, functionName: deps.publisherFunctions[post.targets[targetId]!.platform] })),
    });
  }

  async function load(user: UserIdentity, postId: string): Promise<PostItem> {
    const post = await posts.get(user.userId, postId);
    if (!post) throw new NotFound('Post not found');
    return post;
  }

  return {
    async create(user: UserIdentity, input: CreatePost): Promise<Post> {
      const membership = await memberships.ensure(user);
      const now = clock.now();

      // Targets: the user's own connected accounts only.
      const userConnections = await connections.list(user.userId);
      const missing: Platform[] = [];
      const targets: Record<string, TargetItem> = {};
      for (const target of input.targets) {
        const connectionId = connectionIdOf(target.platform, target.accountId);
        const connection = userConnections.find((item) => item.connectionId === connectionId && item.status === 'connected');
        if (!connection) {
          missing.push(target.platform);
          continue;
        }
        targets[connectionId] = {
          targetId: connectionId,
          platform: target.platform,
          accountId: target.accountId,
          accountName: connection.username ?? connection.displayName,
          connectionId,
          status: 'pending',
          progress: {},
          statusChecks: 0,
          rateLimitWaits: 0,
          updatedAt: now.toISOString(),
        };
      }
      if (missing.length) throw new InvalidInput(`No active social media accounts found for platforms: ${[...new Set(missing)].join(', ')}`);

      // Media: the user's own files, and what every chosen platform accepts.
      const stored: StoredMedia[] = [];
      for (const { key } of input.media) {
        if (parseMediaKey(key)?.userId !== user.userId) throw new InvalidInput(`The file ${key} is not one of your uploads.`);
        try {
          stored.push(await media.describe(key));
        } catch (error) {
          if (error instanceof MediaNotFound) throw new InvalidInput(`The file ${key} was not found: upload it again.`);
          throw error;
        }
      }
      const platforms = [...new Set(Object.values(targets).map((target) => target.platform))];
      const problems = mediaProblems(stored, platforms);
      if (problems.length) throw new InvalidInput(problems.join(' '), problems.map((message) => ({ path: 'media', message })));

      // Scheduling: only plans that include it, and only in the future.
      let scheduledFor: string | undefined;
      if (input.scheduledFor) {
        if (!membership.canSchedule) throw new Forbidden('Scheduling is not included in your plan. Publish now, or upgrade to schedule.');
        const at = new Date(input.scheduledFor);
        if (at.getTime() <= now.getTime()) throw new InvalidInput('The scheduled time is in the past.');
        scheduledFor = at.toISOString();
      }

      const status = scheduledFor ? 'scheduled' : 'publishing';
      const base = {
        userId: user.userId,
        postId: newId(now.getTime()),
        status,
        ...(input.title ? { title: input.title } : {}),
        description: input.description,
        media: stored,
        targets,
        platforms,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        ...(scheduledFor ? { scheduledFor } : {}),
        executions: [],
      } satisfies Omit<PostItem, 'userList' | 'listAt'>;
      const item: PostItem = { ...base, ...listPlacement(base), activeShard: activeShardOf(base.postId), activeAt: base.createdAt };

      // The post and the month's count are one transaction: the allowance is never overrun.
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: posts.tableName, Item: item, ConditionExpression: 'attribute_not_exists(postId)' } },
              memberships.reservePostSlot(user.userId, monthOf(now), membership.maxPosts),
            ],
          }),
        );
      } catch (error) {
        if (error instanceof TransactionCanceledException && error.CancellationReasons?.[1]?.Code === 'ConditionalCheckFailed') {
          throw new QuotaExceeded(
            `Your plan includes ${membership.maxPosts} posts a month and they are used up for ${monthOf(now)}. They renew on the 1st (UTC), or upgrade your plan.`,
          );
        }
        throw error;
      }
      await startExecution(item, Object.keys(targets));
      return toPost(item);
    },

    async get(user: UserIdentity, postId: string): Promise<Post> {
      return toPost(await load(user, postId));
    },

    async list(user: UserIdentity, query: { status: PostList; platform?: Platform; limit: number; cursor?: string }) {
      const startKey = decodeCursor(query.cursor, user.userId);
      const page = await posts.page(user.userId, query.status, {
        limit: query.limit,
        ...(query.platform ? { platform: query.platform } : {}),
        ...(startKey ? { startKey } : {}),
      });
      return { posts: page.posts.map(toPost), nextCursor: encodeCursor(page.nextKey) };
    },

    /** Publishes the failed targets of a finished post again; the published ones are left alone. */
    async retryFailed(user: UserIdentity, postId: string): Promise<Post> {
      const post = await load(user, postId);
      if (post.status !== 'failed' && post.status !== 'partially_published') {
        throw new Conflict('Only a post that failed on some platform can be retried.');
      }
      const failed = Object.values(post.targets).filter((target) => target.status === 'failed');
      for (const target of failed) {
        await writeIf(
          posts.updateTarget(post, target.targetId, { status: 'pending', statusChecks: 0, rateLimitWaits: 0 }, {
            condition: '#targets.#target.#targetStatus = :failed',
            values: { ':failed': 'failed' },
            names: { '#targetStatus': 'status' },
          }),
        );
      }
      const updated = await posts.setStatus(post, 'publishing');
      await startExecution(updated, failed.map((target) => target.targetId));
      return toPost((await posts.get(user.userId, postId))!);
    },

    finalize: (userId: string, postId: string) => finalizePost({ posts, clock }, userId, postId),

    /** After a restart: starts again every post that was scheduled or publishing (idempotent). */
    async resumeActive(): Promise<number> {
      const active = await posts.listActive();
      for (const post of active) {
        const open = Object.values(post.targets).filter((target) => target.status !== 'published' && target.status !== 'failed');
        if (open.length === 0) {
          await finalizePost({ posts, clock }, post.userId, post.postId);
          continue;
        }
        await startExecution(post, open.map((target) => target.targetId));
      }
      return active.length;
    },
  };
}

export type PostService = ReturnType<typeof createPostService>;
