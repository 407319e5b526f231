import { describe, expect, it } from 'vitest';
import { publishPostDefinition } from '../../../infra/publishing/definition';
import {
  longestPublishingSeconds,
  MAX_PROCESSING_WAIT_SECONDS,
  MAX_RATE_LIMIT_WAIT_SECONDS,
  publishingDeadline,
  retryPausesSeconds,
  STEP_RETRY,
  TARGET_CONCURRENCY,
} from '../../../functions/services/publishingLimits';

describe("the reconciler's deadline, derived from the state machine's bounds", () => {
  it('reads the same retry policy and concurrency the definition deploys', () => {
    const definition = publishPostDefinition() as unknown as { States: Record<string, { MaxConcurrency?: number; ItemProcessor?: { States: Record<string, { Retry?: Array<Record<string, unknown>> }> } }> };
    const map = definition.States['Publish targets']!;
    expect(map.MaxConcurrency).toBe(TARGET_CONCURRENCY);
    expect(map.ItemProcessor!.States['Start']!.Retry).toContainEqual(
      expect.objectContaining({ IntervalSeconds: STEP_RETRY.intervalSeconds, MaxAttempts: STEP_RETRY.maxAttempts, BackoffRate: STEP_RETRY.backoffRate, MaxDelaySeconds: STEP_RETRY.maxDelaySeconds }),
    );
  });

  it('sums the pauses of a retry policy with its cap', () => {
    expect(retryPausesSeconds({ intervalSeconds: 5, maxAttempts: 5, backoffRate: 2, maxDelaySeconds: 300 })).toBe(5 + 10 + 20 + 40 + 80);
    expect(retryPausesSeconds({ intervalSeconds: 100, maxAttempts: 3, backoffRate: 2, maxDelaySeconds: 150 })).toBe(100 + 150 + 150);
  });

  it('grows with each wave of targets and covers the longest waits', () => {
    const one = longestPublishingSeconds(1);
    expect(longestPublishingSeconds(TARGET_CONCURRENCY)).toBe(one);
    expect(longestPublishingSeconds(TARGET_CONCURRENCY + 1)).toBeGreaterThan(one);
    expect(one).toBeGreaterThan(60 * MAX_PROCESSING_WAIT_SECONDS + 8 * MAX_RATE_LIMIT_WAIT_SECONDS);
    const from = new Date('2026-01-01T00:00:00Z');
    expect(publishingDeadline(from, 1).getTime() - from.getTime()).toBe(one * 1000);
  });
});
