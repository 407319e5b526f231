import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOperatorMetrics } from '../../../../functions/observability/operatorMetrics';
import { recordPublishOutcome, writesOf } from '../../../../functions/observability/publishOutcome';
import type { Post, PostTarget } from '../../../../shared/api/posts';
import type { Platform } from '../../../../shared/platforms';

/** The EMF lines Powertools Metrics writes on stdout, parsed. */
type Emf = { _aws: { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string; Unit: string }> }> } } & Record<string, unknown>;
let lines: Emf[];
beforeEach(() => {
  lines = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    const text = String(chunk);
    if (text.startsWith('{"_aws"')) lines.push(JSON.parse(text) as Emf);
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

function target(platform: Platform, status: PostTarget['status'], extra: Partial<PostTarget> = {}): PostTarget {
  return {
    targetId: `${platform}-${Math.random()}`,
    platform,
    accountId: 'a',
    accountName: 'A',
    status,
    postUrl: null,
    platformPostId: null,
    error: status === 'failed' ? 'The platform said no.' : null,
    updatedAt: '2026-11-28T10:01:30.000Z',
    ...extra,
  };
}

function post(targets: PostTarget[], extra: Partial<Post> = {}): Post {
  return {
    postId: 'p1',
    status: 'partially_published',
    title: null,
    description: 'Read https://example.com',
    media: [],
    targets,
    platforms: [...new Set(targets.map((t) => t.platform))],
    createdAt: '2026-11-28T09:00:00.000Z',
    updatedAt: '2026-11-28T10:01:30.000Z',
    scheduledFor: '2026-11-28T10:00:00.000Z',
    timeZone: 'UTC',
    youtubeNative: false,
    startedAt: '2026-11-28T10:00:05.000Z',
    late: false,
    lateSeconds: null,
    publishedAt: '2026-11-28T10:01:30.000Z',
    ...extra,
  };
}

const lineFor = (platform: string, reason?: string) => lines.find((line) => line['Platform'] === platform && line['Reason'] === reason)!;

describe('the operator metrics of a finished post (finalize)', () => {
  it('writes, per platform, targets published and failed, the failure rate samples, lateness and platform spend; and failures by reason', () => {
    const metrics = createOperatorMetrics();
    recordPublishOutcome(metrics, post([target('x', 'published'), target('youtube', 'published'), target('youtube', 'failed'), target('tiktok', 'failed', { failureCode: 'outcome_unknown' })]), { stoppedEarly: false });

    const x = lineFor('x');
    expect(x._aws.CloudWatchMetrics[0]!.Namespace).toBe('OneClick');
    expect(x._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['service', 'Platform']]);
    expect(x['service']).toBe('oneclick');
    expect(x['TargetsPublished']).toBe(1);
    expect(x['TargetsFailed']).toBe(0);
    expect(x['TargetFailureRate']).toBe(0);
    // Due at 10:00:00, published at 10:01:30.
    expect(x['PublishLatenessSeconds']).toBe(90);
    // X bills a post with a link $0.20 (shared/platformPrices.ts).
    expect(x['PlatformApiSpend']).toBe(0.2);
    expect(Object.fromEntries(x._aws.CloudWatchMetrics[0]!.Metrics.map((metric) => [metric.Name, metric.Unit]))).toEqual({
      TargetsPublished: 'Count',
      TargetsFailed: 'Count',
      TargetFailureRate: 'Count',
      PublishLatenessSeconds: 'Seconds',
      PlatformApiSpend: 'None',
    });

    const youtube = lineFor('youtube');
    expect([youtube['TargetsPublished'], youtube['TargetsFailed']]).toEqual([1, 1]);
    expect(youtube['TargetFailureRate']).toEqual([0, 1]);
    expect(youtube['PlatformApiSpend']).toBe(0);
    expect(lineFor('youtube', 'platform')['TargetsFailed']).toBe(1);
    expect(lineFor('youtube', 'platform')._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['service', 'Platform', 'Reason']]);

    const tiktok = lineFor('tiktok');
    expect([tiktok['TargetsPublished'], tiktok['TargetsFailed'], tiktok['TargetFailureRate']]).toEqual([0, 1, 1]);
    expect(tiktok['PublishLatenessSeconds']).toBeUndefined();
    expect(lineFor('tiktok', 'outcome_unknown')['TargetsFailed']).toBe(1);
  });

  it('counts lateness from creation for a post published now, and failures as stopped when publishing stopped early', () => {
    const metrics = createOperatorMetrics();
    recordPublishOutcome(metrics, post([target('linkedin', 'published'), target('bluesky', 'failed')], { scheduledFor: null, createdAt: '2026-11-28T10:01:00.000Z' }), { stoppedEarly: true });
    expect(lineFor('linkedin')['PublishLatenessSeconds']).toBe(30);
    expect(lineFor('bluesky', 'stopped')['TargetsFailed']).toBe(1);
  });

  it('records nothing for a post that is not finished (a replaced execution\'s finalize)', () => {
    recordPublishOutcome(createOperatorMetrics(), post([target('x', 'published')], { status: 'publishing' }), { stoppedEarly: false });
    recordPublishOutcome(createOperatorMetrics(), post([target('x', 'published')], { status: 'cancelled' }), { stoppedEarly: false });
    expect(lines).toEqual([]);
  });

  it('counts a target\'s writes: its thread\'s posts as far as they went and its first comment, with or without a link', () => {
    const thread = post([], { description: 'plain', threads: { x: ['one', 'two https://example.com/a', 'three'] }, firstComment: 'see oneclick.app' });
    expect(writesOf(thread, target('x', 'published', { thread: { status: 'failed', posted: 2, of: 3, url: null, error: 'no' }, firstComment: { status: 'published', url: null, error: null } }))).toEqual({ posts: 3, postsWithLink: 2 });
    expect(writesOf(post([], { description: 'plain' }), target('linkedin', 'published'))).toEqual({ posts: 1, postsWithLink: 0 });
  });
});
