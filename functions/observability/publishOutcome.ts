import { MetricUnit, type Metrics } from '@aws-lambda-powertools/metrics';
import type { Post, PostTarget } from '../../shared/api/posts';
import type { Platform } from '../../shared/platforms';
import { textFor, threadFor } from '../../shared/platformRules';
import { publishSpendUsd, writesFor } from '../../shared/platformPrices';
import { operatorMetricNames, type FailureReason } from './operatorMetrics';

const finalStatuses: ReadonlySet<Post['status']> = new Set(['published', 'partially_published', 'failed']);

/** Why a failed target failed: an armed create the platform could not answer for, publishing stopped early, or the platform's refusal. */
function reasonOf(target: PostTarget, stoppedEarly: boolean): FailureReason {
  if (target.failureCode === 'outcome_unknown') return 'outcome_unknown';
  return stoppedEarly ? 'stopped' : 'platform';
}

/**
 * The posts a published target created on its platform (its post, or its thread's posts as far
 * as they went, and its first comment when posted), and how many carry a URL (shared/platformPrices.ts).
 */
export function writesOf(post: Post, target: PostTarget): { posts: number; postsWithLink: number } {
  const thread = threadFor(post, target.platform);
  const texts = thread && target.thread ? thread.slice(0, Math.max(1, target.thread.posted)) : [textFor(post, target.platform)];
  if (target.firstComment?.status === 'published' && post.firstComment) texts.push(post.firstComment);
  return writesFor(texts);
}

/**
 * Records a finished post's outcome, per platform, where the facts are final (the finalize step):
 * targets published and failed (and why), the failure rate's samples, each published target's
 * lateness and what its platform billed for it. A post not finished (a replaced execution's
 * finalize) records nothing.
 */
export function recordPublishOutcome(metrics: Metrics, post: Post, options: { stoppedEarly: boolean }): void {
  if (!finalStatuses.has(post.status)) return;
  const due = Date.parse(post.scheduledFor ?? post.createdAt);
  const byPlatform = new Map<Platform, PostTarget[]>();
  for (const target of post.targets) byPlatform.set(target.platform, [...(byPlatform.get(target.platform) ?? []), target]);
  for (const [platform, targets] of byPlatform) {
    const published = targets.filter((target) => target.status === 'published');
    const failed = targets.filter((target) => target.status === 'failed');
    if (published.length + failed.length === 0) continue;
    metrics.addDimension('Platform', platform);
    metrics.addMetric(operatorMetricNames.published, MetricUnit.Count, published.length);
    metrics.addMetric(operatorMetricNames.failed, MetricUnit.Count, failed.length);
    for (const target of [...published, ...failed]) metrics.addMetric(operatorMetricNames.failureRate, MetricUnit.Count, target.status === 'failed' ? 1 : 0);
    for (const target of published) {
      metrics.addMetric(operatorMetricNames.lateness, MetricUnit.Seconds, Math.max(0, Math.round((Date.parse(target.updatedAt) - due) / 1000)));
      metrics.addMetric(operatorMetricNames.spend, MetricUnit.NoUnit, publishSpendUsd(platform, writesOf(post, target)));
    }
    metrics.publishStoredMetrics();
    const reasons = new Map<FailureReason, number>();
    for (const target of failed) {
      const reason = reasonOf(target, options.stoppedEarly);
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    for (const [reason, count] of reasons) {
      metrics.addDimension('Platform', platform).addDimension('Reason', reason);
      metrics.addMetric(operatorMetricNames.failed, MetricUnit.Count, count);
      metrics.publishStoredMetrics();
    }
  }
}
