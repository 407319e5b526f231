import { describe, expect, it } from 'vitest';
import type { MetricsReader, PostMetrics, TokenSet } from '../../../../functions/platforms/adapter';
import { AuthExpired, RateLimited, Retryable } from '../../../../functions/platforms/errors';
import { createMetricsRefresh } from '../../../../functions/services/metricsRefresh';
import type { ConnectionItem, ConnectionStore } from '../../../../functions/services/connectionStore';
import type { MetricsStore, TrackedTarget } from '../../../../functions/services/metricsStore';
import type { TokenFreshness } from '../../../../functions/services/tokenFreshness';
import type { Platform } from '../../../../shared/platforms';

const now = new Date('2026-11-22T10:00:00Z');
const clock = { now: () => now };
const tokens: TokenSet = { accessToken: 'a', accessTokenIssuedAt: now.toISOString(), scopes: [] };

function target(index: number, platform: Platform = 'x', connectionId = `${platform}#1`): TrackedTarget {
  return {
    userId: 'u',
    record: `target#p${index}#t${index}`,
    postId: `p${index}`,
    targetId: `t${index}`,
    platform,
    accountId: '1',
    accountName: 'one',
    connectionId,
    platformPostId: `id${index}`,
    title: 'A post',
    publishedAt: new Date(now.getTime() - 2 * 3600_000).toISOString(),
    state: 'tracking',
    refreshes: 0,
    nextRefreshAt: now.toISOString(),
  };
}

/** An in-memory store, connections and freshness around the real refresh logic. */
function harness(due: TrackedTarget[], reader: Partial<MetricsReader> & Pick<MetricsReader, 'read'>, connection: Partial<ConnectionItem> = {}, refreshed?: typeof tokens) {
  const readings: Array<{ targetId: string; metrics: PostMetrics; next: Date | undefined }> = [];
  const deferrals: Array<{ targetId: string; until: Date | undefined; state?: string; note?: string }> = [];
  const marked: string[] = [];
  const calls: string[][] = [];
  const store = {
    listDue: async () => due,
    recordReading: async (item: TrackedTarget, metrics: PostMetrics, next: Date | undefined) => void readings.push({ targetId: item.targetId, metrics, next }),
    defer: async (item: TrackedTarget, until: Date | undefined, change: { state?: string; note?: string } = {}) => void deferrals.push({ targetId: item.targetId, until, ...change }),
  } as unknown as MetricsStore;
  const item = { userId: 'u', connectionId: 'x#1', platform: 'x', status: 'connected', tokenVersion: 1, ...connection } as ConnectionItem;
  const connections = {
    get: async () => item,
    markNeedsReconnect: async (_item: ConnectionItem, reason: string) => void marked.push(reason),
  } as unknown as ConnectionStore;
  const refusals: string[] = [];
  // A token refused before its stored expiry is refreshed once (undefined: the platform refused the refresh too).
  const freshness = {
    freshTokens: async () => tokens,
    refreshAfterRefusal: async (_item: ConnectionItem, refused: typeof tokens) => (refusals.push(refused.accessToken), refreshed),
  } as unknown as TokenFreshness;
  const fullReader: MetricsReader = {
    platform: 'x',
    batchSize: 2,
    callsPerRun: 10,
    appWideLimit: false,
    availability: () => ({ available: true }),
    ...reader,
    read: async (tokenSet, ids) => {
      calls.push([...ids]);
      return reader.read(tokenSet, ids);
    },
  };
  const refresh = createMetricsRefresh({ store, connections, freshness, readers: { x: fullReader, youtube: { ...fullReader, platform: 'youtube' } }, clock });
  return { refresh, readings, deferrals, marked, calls, refusals };
}

const numbers = (ids: readonly string[]) => Object.fromEntries(ids.map((id) => [id, { views: 10, likes: 1 }]));

describe('the metrics refresh job', () => {
  it('reads due targets in the platform\'s batches and schedules each next read (hourly on the first day)', async () => {
    const { refresh, readings, calls } = harness([target(1), target(2), target(3)], { read: async (_tokens, ids) => numbers(ids) });
    expect(await refresh.refreshDue()).toEqual({ read: 3, calls: 2, deferred: 0, needsReconnect: 0, unavailable: 0, finished: 0 });
    expect(calls).toEqual([['id1', 'id2'], ['id3']]);
    expect(readings[0]!.next).toEqual(new Date(now.getTime() + 3600_000));
  });

  it('stops at the run\'s call budget and leaves the rest due', async () => {
    const { refresh, calls, deferrals } = harness([target(1), target(2), target(3)], { batchSize: 1, callsPerRun: 2, read: async (_tokens, ids) => numbers(ids) });
    expect(await refresh.refreshDue()).toMatchObject({ read: 2, calls: 2 });
    expect(calls).toEqual([['id1'], ['id2']]);
    expect(deferrals).toEqual([]);
  });

  it('on a rate limit defers the rest to the reset time and calls that platform no more this run', async () => {
    const resetAt = new Date(now.getTime() + 600_000);
    const due = [target(1), target(2), target(3, 'x', 'x#2')];
    const { refresh, calls, deferrals } = harness(due, { batchSize: 1, read: async () => Promise.reject(new RateLimited('slow down', resetAt)) });
    expect(await refresh.refreshDue()).toMatchObject({ read: 0, calls: 1, deferred: 2 });
    expect(calls).toHaveLength(1);
    expect(deferrals).toEqual([
      { targetId: 't1', until: resetAt },
      { targetId: 't2', until: resetAt },
    ]);
  });

  it('defers every account of the platform when the limit is the app\'s (a daily quota)', async () => {
    const resetAt = new Date(now.getTime() + 5 * 3600_000);
    const due = [target(1), target(2, 'x', 'x#2')];
    const { refresh, calls, deferrals } = harness(due, { appWideLimit: true, read: async () => Promise.reject(new RateLimited('quota', resetAt)) });
    expect(await refresh.refreshDue()).toMatchObject({ calls: 1, deferred: 2 });
    expect(calls).toHaveLength(1);
    expect(deferrals).toEqual([
      { targetId: 't1', until: resetAt },
      { targetId: 't2', until: resetAt },
    ]);
  });

  it('marks the connection needs_reconnect on a dead token and pauses its targets, keeping their numbers', async () => {
    const { refresh, marked, deferrals, readings } = harness([target(1)], { read: async () => Promise.reject(new AuthExpired('X needs you to reconnect: Unauthorized')) });
    expect(await refresh.refreshDue()).toMatchObject({ needsReconnect: 1, read: 0 });
    expect(marked).toEqual(['X needs you to reconnect: Unauthorized']);
    expect(deferrals).toEqual([{ targetId: 't1', until: new Date(now.getTime() + 6 * 3600_000), state: 'paused', note: 'X needs you to reconnect: Unauthorized' }]);
    expect(readings).toEqual([]);
  });

  it('refreshes once a token the platform refused before its expiry and reads again, without asking for a reconnect', async () => {
    const renewed = { ...tokens, accessToken: 'renewed' };
    const reader = { read: async (tokenSet: typeof tokens, ids: readonly string[]) => (tokenSet.accessToken === 'renewed' ? numbers(ids) : Promise.reject(new AuthExpired('X needs you to reconnect: Unauthorized'))) };
    const { refresh, marked, readings, calls, refusals } = harness([target(1)], reader, {}, renewed);
    expect(await refresh.refreshDue()).toMatchObject({ needsReconnect: 0, read: 1 });
    expect(refusals).toEqual([tokens.accessToken]);
    expect(calls).toHaveLength(2);
    expect(marked).toEqual([]);
    expect(readings.map((reading) => reading.targetId)).toEqual(['t1']);
  });

  it('does not call for a connection that needs reconnecting, nor for a grant without the metrics permission', async () => {
    const paused = harness([target(1)], { read: async (_tokens, ids) => numbers(ids) }, { status: 'needs_reconnect', reconnectReason: 'Reconnect X' });
    expect(await paused.refresh.refreshDue()).toMatchObject({ calls: 0, deferred: 1 });
    expect(paused.deferrals[0]).toMatchObject({ state: 'paused', note: 'Reconnect X' });
    const unavailable = harness([target(1)], { availability: () => ({ available: false, reason: 'Not shared' }), read: async (_tokens, ids) => numbers(ids) });
    expect(await unavailable.refresh.refreshDue()).toMatchObject({ calls: 0, unavailable: 1 });
    expect(unavailable.deferrals[0]).toMatchObject({ state: 'unavailable', note: 'Not shared' });
  });

  it('retries a platform that was unavailable a quarter of an hour later', async () => {
    const { refresh, deferrals } = harness([target(1)], { read: async () => Promise.reject(new Retryable('X is unavailable (503)')) });
    expect(await refresh.refreshDue()).toMatchObject({ deferred: 1 });
    expect(deferrals[0]!.until).toEqual(new Date(now.getTime() + 15 * 60_000));
  });

  it('finishes a target past the 90-day window without reading it', async () => {
    const old = { ...target(1), publishedAt: new Date(now.getTime() - 91 * 24 * 3600_000).toISOString(), lastRefreshedAt: now.toISOString() };
    const { refresh, calls, deferrals } = harness([old], { read: async (_tokens, ids) => numbers(ids) });
    expect(await refresh.refreshDue()).toMatchObject({ finished: 1, calls: 0 });
    expect(calls).toEqual([]);
    expect(deferrals).toEqual([{ targetId: 't1', until: undefined, state: 'finished' }]);
  });
});
