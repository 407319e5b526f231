import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOperatorMetrics } from '../../../../functions/observability/operatorMetrics';
import { createWaitingPostsMetric, waitingTargets } from '../../../../functions/observability/waitingPosts';
import type { PostItem, TargetItem } from '../../../../functions/services/postStore';
import type { Platform } from '../../../../shared/platforms';

let lines: Array<Record<string, unknown>>;
beforeEach(() => {
  lines = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    const text = String(chunk);
    if (text.startsWith('{"_aws"')) lines.push(JSON.parse(text) as Record<string, unknown>);
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

const post = (status: PostItem['status'], scheduledFor: string | undefined, platforms: Platform[]) =>
  ({ status, scheduledFor, targets: Object.fromEntries(platforms.map((platform, index) => [`t${index}`, { platform } as TargetItem])) }) as Pick<PostItem, 'status' | 'scheduledFor' | 'targets'>;

const posts = [
  post('scheduled', '2026-11-28T12:00:00.000Z', ['x', 'youtube']),
  post('scheduled', '2026-11-29T08:00:00.000Z', ['x']),
  // Due already (the reconciler is about to start it), publishing, or not scheduled: not waiting.
  post('scheduled', '2026-11-28T10:00:00.000Z', ['tiktok']),
  post('publishing', '2026-11-28T09:00:00.000Z', ['linkedin']),
];

describe('the operator\'s "waiting" metric', () => {
  it('counts the targets of scheduled posts not yet due, per platform', () => {
    expect(waitingTargets(posts, new Date('2026-11-28T10:15:00.000Z'))).toEqual({ x: 2, youtube: 1 });
  });

  it('is taken every 15 minutes on the reconciler\'s run, writing only platforms with something waiting', async () => {
    let now = new Date('2026-11-28T10:14:00.000Z');
    const listActive = vi.fn(async () => posts as PostItem[]);
    const waiting = createWaitingPostsMetric({ posts: { listActive }, metrics: createOperatorMetrics(), clock: { now: () => now } });
    expect(await waiting.maybeRecord()).toBeUndefined();
    expect(listActive).not.toHaveBeenCalled();
    now = new Date('2026-11-28T10:15:00.000Z');
    expect(await waiting.maybeRecord()).toEqual({ x: 2, youtube: 1 });
    expect(lines.map((line) => [line['Platform'], line['TargetsWaiting']])).toEqual([
      ['x', 2],
      ['youtube', 1],
    ]);
  });

  it('writes nothing when nothing waits (an idle deployment has no custom metric to pay for)', async () => {
    const waiting = createWaitingPostsMetric({ posts: { listActive: async () => [] }, metrics: createOperatorMetrics(), clock: { now: () => new Date('2026-11-28T10:30:00.000Z') } });
    expect(await waiting.maybeRecord()).toEqual({});
    expect(lines).toEqual([]);
  });
});
