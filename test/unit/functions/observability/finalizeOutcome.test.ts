import { describe, expect, it, vi } from 'vitest';
import { createFinalizeStep } from '../../../../functions/services/finalizeStep';
import type { PostItem, PostStore, TargetItem } from '../../../../functions/services/postStore';
import type { Post } from '../../../../shared/api/posts';

const target = (targetId: string, platform: TargetItem['platform'], status: TargetItem['status']) =>
  ({ targetId, platform, accountId: 'a', accountName: 'A', connectionId: 'c', status, progress: {}, statusChecks: 0, rateLimitWaits: 0, updatedAt: '2026-11-28T10:00:30.000Z' }) as unknown as TargetItem;

function store(item: PostItem) {
  return {
    get: vi.fn(async () => item),
    updateTarget: vi.fn(),
    setStatus: vi.fn(async (post: PostItem, status: PostItem['status'], extra: { publishedAt?: string } = {}) => ({ ...post, status, ...extra })),
    putNotification: vi.fn(),
  } as unknown as PostStore;
}

const item: PostItem = {
  userId: 'u1',
  postId: 'p1',
  status: 'publishing',
  description: 'Hello',
  media: [],
  targets: { t1: target('t1', 'x', 'published'), t2: target('t2', 'youtube', 'failed') },
  platforms: ['x', 'youtube'],
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:30.000Z',
  currentExecution: 'e1',
} as unknown as PostItem;

const deps = (posts: PostStore, outcome: (post: Post, details: { stoppedEarly: boolean }) => void) => ({
  posts,
  tracking: { trackPublishedTargets: vi.fn(async () => undefined) },
  outcome,
  clock: { now: () => new Date('2026-11-28T10:01:00.000Z') },
  log: { info: vi.fn(), error: vi.fn() },
});

describe('the finalize step tells the operator\'s metrics each finished post', () => {
  it('with its final status and targets, and whether publishing stopped early', async () => {
    const outcome = vi.fn();
    await createFinalizeStep(deps(store(item), outcome)).run({ userId: 'u1', postId: 'p1', execution: 'e1' });
    expect(outcome).toHaveBeenCalledTimes(1);
    const [post, details] = outcome.mock.calls[0]! as [Post, { stoppedEarly: boolean }];
    expect(post.status).toBe('partially_published');
    expect(post.targets.map((t) => [t.platform, t.status])).toEqual([
      ['x', 'published'],
      ['youtube', 'failed'],
    ]);
    expect(details).toEqual({ stoppedEarly: false });

    await createFinalizeStep(deps(store(item), outcome)).run({ userId: 'u1', postId: 'p1', execution: 'e1', error: { Error: 'States.Timeout' } });
    expect(outcome.mock.calls[1]![1]).toEqual({ stoppedEarly: true });
  });
});
