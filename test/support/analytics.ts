import type { Platform } from '../../shared/platforms';
import { createMetricsStore, metricsShardOf, snapshotRecord, targetRecord, type MetricsSnapshot, type TrackedTarget } from '../../functions/services/metricsStore';
import type { PostMetrics } from '../../functions/platforms/adapter';
import type { TwinInfo } from './twinInfo';
import { documentClient } from './users';

const HOUR = 3600_000;

export interface SeededPost {
  platform: Platform;
  accountId: string;
  accountName: string;
  /** Hours before now it was published. */
  hoursAgo: number;
  title: string;
  /** Numbers at the last reading. */
  metrics: PostMetrics;
  /** Engagement in its first 48 hours (present once it is 48 hours old). */
  firstTwoDays?: number;
}

let counter = 0;
const ulidLike = () => `01SEED${String(Date.now()).slice(-8)}${String(counter++).padStart(12, '0')}`.slice(0, 26);

/**
 * Writes a user's analytics history straight into the metrics table, as months of the refresh
 * job would have left it: one tracked target per post and snapshots growing toward its numbers.
 */
export async function seedAnalytics(twin: TwinInfo, userId: string, posts: SeededPost[], now = Date.now()): Promise<void> {
  const store = createMetricsStore({ db: documentClient(twin), tableName: twin.tableNames.metrics, clock: { now: () => new Date(now) } });
  const items: Array<TrackedTarget | MetricsSnapshot> = [];
  for (const post of posts) {
    const postId = ulidLike();
    const targetId = `${post.platform}#${post.accountId}`;
    const publishedAt = now - post.hoursAgo * HOUR;
    const lastRead = Math.min(now, publishedAt + 72 * HOUR);
    items.push({
      userId,
      record: targetRecord(postId, targetId),
      postId,
      targetId,
      platform: post.platform,
      accountId: post.accountId,
      accountName: post.accountName,
      connectionId: targetId,
      platformPostId: `seed-${postId}`,
      postUrl: `https://example.com/${post.platform}/${postId}`,
      title: post.title,
      publishedAt: new Date(publishedAt).toISOString(),
      state: 'tracking',
      metrics: post.metrics,
      lastRefreshedAt: new Date(lastRead).toISOString(),
      ...(post.firstTwoDays !== undefined ? { firstTwoDays: { engagement: post.firstTwoDays } } : {}),
      refreshes: 3,
      refreshShard: metricsShardOf(userId, postId, targetId),
      nextRefreshAt: new Date(now + 30 * 24 * HOUR).toISOString(),
    });
    for (const fraction of [0.3, 0.7, 1]) {
      const at = new Date(publishedAt + (lastRead - publishedAt) * fraction).toISOString();
      const scaled = Object.fromEntries(Object.entries(post.metrics).map(([name, value]) => [name, Math.round((value as number) * fraction)])) as PostMetrics;
      items.push({ userId, record: snapshotRecord(at, postId, targetId), postId, targetId, platform: post.platform, account: targetId, at, metrics: scaled });
    }
  }
  await store.putAll(items);
}

/**
 * Runs the metrics job once, as the schedule would, on the twin's metrics table (or the given
 * store). `onlyUser` limits it to one user's due targets, so tests side by side do not read (and
 * spend the sandbox faults of) each other's posts.
 */
export async function refreshMetricsNow(twin: TwinInfo, options: { store?: ReturnType<typeof createMetricsStore>; clock?: { now(): Date }; onlyUser?: string } = {}) {
  const clock = options.clock ?? { now: () => new Date() };
  const { createConnectionsContext } = await import('../../functions/connectionsContext');
  const { createMetricsReaders, readPlatformSettings } = await import('../../functions/platforms/registry');
  const { createMetricsRefresh } = await import('../../functions/services/metricsRefresh');
  const { loadPlatformCredentials } = await import('../../functions/composition');
  const { store: connections, freshness } = await createConnectionsContext(process.env, documentClient(twin), clock);
  const readers = createMetricsReaders(readPlatformSettings(process.env, await loadPlatformCredentials(process.env)), clock);
  const base = options.store ?? createMetricsStore({ db: documentClient(twin), tableName: twin.tableNames.metrics, clock });
  const store = options.onlyUser
    ? { ...base, listDue: async (until: Date) => (await base.listDue(until, 5000)).filter((target) => target.userId === options.onlyUser) }
    : base;
  return createMetricsRefresh({ store, connections, freshness, readers, clock }).refreshDue();
}
