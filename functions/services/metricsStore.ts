import { createHash } from 'node:crypto';
import { BatchWriteCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '../../shared/platforms';
import type { Post } from '../../shared/api/posts';
import type { Clock } from '../clock';
import type { PostMetrics } from '../platforms/adapter';
import { connectionIdOf } from './connectionStore';
import { writeIf } from './conditionalWrite';

/** Where following a target's numbers stands: read on schedule, done after the tracking period, unreadable, or paused (e.g. its connection needs the user). */
export type TrackingState = 'tracking' | 'finished' | 'unavailable' | 'paused';

/** A published target whose numbers we follow (one per target, in the metrics table). */
export interface TrackedTarget {
  userId: string;
  /** target#<postId>#<targetId> */
  record: string;
  postId: string;
  targetId: string;
  platform: Platform;
  accountId: string;
  accountName: string;
  connectionId: string;
  platformPostId: string;
  postUrl?: string;
  /** The post's title, or the start of its description. */
  title: string;
  publishedAt: string;
  state: TrackingState;
  metrics?: PostMetrics;
  lastRefreshedAt?: string;
  note?: string;
  /** Engagement and views at the first read 48 hours or more after publishing (the heat map's measure). */
  firstTwoDays?: { engagement: number; views?: number };
  refreshes: number;
  /** Present while the job should read it: the sparse byRefreshDue index. */
  refreshShard?: string;
  nextRefreshAt?: string;
}

/** One reading of a target's numbers (snap#<ISO time>#<postId>#<targetId>). Never deleted by the job. */
export interface MetricsSnapshot {
  userId: string;
  record: string;
  postId: string;
  targetId: string;
  platform: Platform;
  account: string;
  at: string;
  metrics: PostMetrics;
}

export const METRICS_SHARDS = 4;
const TITLE_CHARS = 120;

export const targetRecord = (postId: string, targetId: string) => `target#${postId}#${targetId}`;
/** A target id is per account (`<platform>#<account>`), so the post id is part of every key. */
export const snapshotRecord = (at: string, postId: string, targetId: string) => `snap#${at}#${postId}#${targetId}`;

export function metricsShardOf(userId: string, postId: string, targetId: string): string {
  return `shard#${createHash('sha256').update(`${userId}/${postId}/${targetId}`).digest()[0]! % METRICS_SHARDS}`;
}

function titleOf(post: Pick<Post, 'title' | 'description'>): string {
  const text = (post.title ?? post.description).replace(/\s+/g, ' ').trim();
  return text.length > TITLE_CHARS ? `${text.slice(0, TITLE_CHARS - 1)}…` : text;
}

export interface MetricsStoreDeps {
  db: DynamoDBDocumentClient;
  tableName: string;
  clock: Clock;
}

export function createMetricsStore({ db, tableName, clock }: MetricsStoreDeps) {
  async function queryAll(expression: string, values: Record<string, unknown>): Promise<Array<Record<string, unknown>>> {
    const items: Array<Record<string, unknown>> = [];
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: expression,
          ExpressionAttributeNames: { '#record': 'record' },
          ExpressionAttributeValues: values,
          ...(cursor ? { ExclusiveStartKey: cursor } : {}),
        }),
      );
      items.push(...((page.Items ?? []) as Array<Record<string, unknown>>));
      cursor = page.LastEvaluatedKey;
    } while (cursor);
    return items;
  }

  return {
    tableName,

    /**
     * Starts following every published target of a finished post (idempotent: a target already
     * tracked is left as it is). The first read is due at once.
     */
    async trackPost(userId: string, post: Pick<Post, 'postId' | 'title' | 'description' | 'targets' | 'publishedAt' | 'updatedAt'>): Promise<number> {
      let added = 0;
      for (const target of post.targets) {
        if (target.status !== 'published' || !target.platformPostId) continue;
        const now = clock.now().toISOString();
        const item: TrackedTarget = {
          userId,
          record: targetRecord(post.postId, target.targetId),
          postId: post.postId,
          targetId: target.targetId,
          platform: target.platform,
          accountId: target.accountId,
          accountName: target.accountName,
          connectionId: connectionIdOf(target.platform, target.accountId),
          platformPostId: target.platformPostId,
          ...(target.postUrl ? { postUrl: target.postUrl } : {}),
          title: titleOf(post),
          publishedAt: target.updatedAt ?? post.publishedAt ?? now,
          state: 'tracking',
          refreshes: 0,
          refreshShard: metricsShardOf(userId, post.postId, target.targetId),
          nextRefreshAt: now,
        };
        const written = await writeIf(
          db.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(#record)', ExpressionAttributeNames: { '#record': 'record' } })),
        );
        if (written) added++;
      }
      return added;
    },

    async targetsOfPost(userId: string, postId: string): Promise<TrackedTarget[]> {
      return (await queryAll('userId = :user AND begins_with(#record, :prefix)', { ':user': userId, ':prefix': `target#${postId}#` })) as unknown as TrackedTarget[];
    },

    async targets(userId: string): Promise<TrackedTarget[]> {
      return (await queryAll('userId = :user AND begins_with(#record, :prefix)', { ':user': userId, ':prefix': 'target#' })) as unknown as TrackedTarget[];
    },

    /** The user's snapshots taken from `from` to `to` (ISO times), oldest first. */
    async snapshots(userId: string, from: string, to: string): Promise<MetricsSnapshot[]> {
      return (await queryAll('userId = :user AND #record BETWEEN :from AND :to', { ':user': userId, ':from': `snap#${from}`, ':to': `snap#${to}~` })) as unknown as MetricsSnapshot[];
    },

    /** Targets due by `until`, across the shards of the sparse index. */
    async listDue(until: Date, limit = 500): Promise<TrackedTarget[]> {
      const due: TrackedTarget[] = [];
      for (let shard = 0; shard < METRICS_SHARDS && due.length < limit; shard++) {
        let cursor: Record<string, unknown> | undefined;
        do {
          const page = await db.send(
            new QueryCommand({
              TableName: tableName,
              IndexName: 'byRefreshDue',
              KeyConditionExpression: 'refreshShard = :shard AND nextRefreshAt <= :until',
              ExpressionAttributeValues: { ':shard': `shard#${shard}`, ':until': until.toISOString() },
              Limit: limit - due.length,
              ...(cursor ? { ExclusiveStartKey: cursor } : {}),
            }),
          );
          due.push(...((page.Items ?? []) as TrackedTarget[]));
          cursor = due.length < limit ? page.LastEvaluatedKey : undefined;
        } while (cursor);
      }
      return due;
    },

    /**
     * Stores a reading: the target's latest numbers and its next read (none: tracking is
     * finished, the target leaves the index), then the snapshot.
     */
    async recordReading(target: TrackedTarget, metrics: PostMetrics, next: Date | undefined, firstTwoDays?: TrackedTarget['firstTwoDays']): Promise<void> {
      const at = clock.now().toISOString();
      const snapshot: MetricsSnapshot = {
        userId: target.userId,
        record: snapshotRecord(at, target.postId, target.targetId),
        postId: target.postId,
        targetId: target.targetId,
        platform: target.platform,
        account: target.connectionId,
        at,
        metrics,
      };
      const values: Record<string, unknown> = { ':metrics': metrics, ':at': at, ':state': next ? 'tracking' : 'finished', ':one': 1 };
      let set = 'SET #metrics = :metrics, lastRefreshedAt = :at, #state = :state, refreshes = refreshes + :one';
      if (firstTwoDays) {
        set += ', firstTwoDays = :first';
        values[':first'] = firstTwoDays;
      }
      if (next) {
        set += ', nextRefreshAt = :next, refreshShard = :shard';
        values[':next'] = next.toISOString();
        values[':shard'] = metricsShardOf(target.userId, target.postId, target.targetId);
      }
      // The target first (it must still exist: the account may have been deleted meanwhile), then its snapshot.
      const updated = await writeIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: target.userId, record: target.record },
            UpdateExpression: `${set} REMOVE #note${next ? '' : ', nextRefreshAt, refreshShard'}`,
            ConditionExpression: 'attribute_exists(#record)',
            ExpressionAttributeNames: { '#state': 'state', '#metrics': 'metrics', '#note': 'note', '#record': 'record' },
            ExpressionAttributeValues: values,
          }),
        ),
      );
      if (updated) await db.send(new PutCommand({ TableName: tableName, Item: snapshot }));
    },

    /**
     * Reads again later, keeping every number read so far: `state` says why (paused for a
     * reconnect, unavailable for this grant) and `note` in words; `until` undefined stops reading.
     */
    async defer(target: TrackedTarget, until: Date | undefined, change: { state?: TrackingState; note?: string } = {}): Promise<void> {
      const values: Record<string, unknown> = {};
      const names: Record<string, string> = {};
      const sets: string[] = [];
      const removes: string[] = [];
      if (until) {
        sets.push('nextRefreshAt = :next', 'refreshShard = :shard');
        values[':next'] = until.toISOString();
        values[':shard'] = metricsShardOf(target.userId, target.postId, target.targetId);
      } else {
        removes.push('nextRefreshAt', 'refreshShard');
      }
      if (change.state) {
        sets.push('#state = :state');
        names['#state'] = 'state';
        values[':state'] = change.state;
      }
      if (change.note) {
        sets.push('#note = :note');
        names['#note'] = 'note';
        values[':note'] = change.note;
      }
      names['#record'] = 'record';
      // Never recreates a target deleted meanwhile (with the user's account).
      await writeIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: target.userId, record: target.record },
            UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' '),
            ConditionExpression: 'attribute_exists(#record)',
            ExpressionAttributeNames: names,
            ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
          }),
        ),
      );
    },

    /** Tests and seeding: writes targets and snapshots as they are. */
    async putAll(items: Array<TrackedTarget | MetricsSnapshot>): Promise<void> {
      for (let index = 0; index < items.length; index += 25) {
        await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: items.slice(index, index + 25).map((Item) => ({ PutRequest: { Item } })) } }));
      }
    },
  };
}

export type MetricsStore = ReturnType<typeof createMetricsStore>;
