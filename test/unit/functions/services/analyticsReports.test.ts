import { describe, expect, it } from 'vitest';
import { NotFound } from '../../../../functions/errors';
import { createAnalyticsReports } from '../../../../functions/services/analyticsReports';
import type { TrackedTarget } from '../../../../functions/services/metricsStore';
import type { PostItem } from '../../../../functions/services/postStore';

const owner = { userId: 'owner', email: 'owner@example.com' };
const stranger = { userId: 'stranger', email: 'stranger@example.com' };
const now = new Date('2026-11-20T10:30:00Z');

function tracked(targetId: string): TrackedTarget {
  return {
    userId: owner.userId,
    record: `target#p1#${targetId}`,
    postId: 'p1',
    targetId,
    platform: 'x',
    accountId: targetId.split('#')[1]!,
    accountName: '@account',
    connectionId: targetId,
    platformPostId: '1',
    title: 'A post',
    publishedAt: '2026-11-19T09:00:00Z',
    state: 'tracking',
    metrics: { likes: 3, comments: 1, shares: 0 },
    refreshes: 1,
  };
}

function reports() {
  const calls: string[] = [];
  const service = createAnalyticsReports({
    posts: { get: async (userId, postId) => (userId === owner.userId && postId === 'p1' ? ({ userId, postId } as PostItem) : undefined) },
    metrics: {
      targetsOfPost: async (userId, postId) => (calls.push(`targetsOfPost ${userId} ${postId}`), [tracked('x#2'), tracked('linkedin#1'), tracked('x#1')]),
      targets: async (userId) => (calls.push(`targets ${userId}`), []),
      snapshots: async (userId, from, to) => (calls.push(`snapshots ${userId} ${from} ${to}`), []),
    },
    clock: { now: () => now },
  });
  return { service, calls };
}

describe('the analytics API answers', () => {
  it("answers a post's numbers per account, in a stable order", async () => {
    const { service } = reports();
    const view = await service.postMetrics(owner, 'p1');
    expect(view.postId).toBe('p1');
    expect(view.targets.map((target) => target.targetId)).toEqual(['linkedin#1', 'x#1', 'x#2']);
  });

  it("treats another user's post as not found, without reading its numbers", async () => {
    const { service, calls } = reports();
    await expect(service.postMetrics(stranger, 'p1')).rejects.toBeInstanceOf(NotFound);
    expect(calls).toEqual([]);
  });

  it("reads the summary's snapshots from local midnight of the period's first day to the clock's now", async () => {
    const { service, calls } = reports();
    await service.summary(owner, { days: 7, timeZone: 'Europe/Berlin' });
    // 7 days ending 2026-11-20 in Berlin (UTC+1) start at 2026-11-14 00:00 local = 2026-11-13 23:00 UTC.
    expect(calls).toContain(`snapshots owner 2026-11-13T23:00:00.000Z ${now.toISOString()}`);
  });
});
