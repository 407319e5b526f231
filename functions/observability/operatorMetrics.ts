import { Metrics } from '@aws-lambda-powertools/metrics';

/**
 * The operator's custom metrics (issue 28): CloudWatch namespace, names and dimensions, read by
 * the dashboard and the alarms (infra/constructs/dashboard.ts, monitoring.ts). Powertools
 * Metrics writes them as EMF lines on stdout; CloudWatch makes metrics of them, and bills a
 * custom metric only in the hours it receives data (none at idle).
 */
export const OPERATOR_NAMESPACE = 'OneClick';

/** The Powertools service name every OneClick function writes its metrics under (a dimension). */
export const OPERATOR_SERVICE = 'oneclick';

export const operatorMetricNames = {
  /** Targets that ended published (Count, per Platform). */
  published: 'TargetsPublished',
  /** Targets that ended failed (Count, per Platform; and per Platform and Reason). */
  failed: 'TargetsFailed',
  /** 1 per failed target, 0 per published one (per Platform): its average is the failure rate. */
  failureRate: 'TargetFailureRate',
  /** Seconds from the time a target was due (its post's time, or its creation) to its publication (per Platform). */
  lateness: 'PublishLatenessSeconds',
  /** Targets of scheduled posts not yet due (Count, per Platform; written every 15 minutes while there are some). */
  waiting: 'TargetsWaiting',
  /** USD the platform bills for a published target's write calls (per Platform; its apiPrices, shared/platformPrices.ts). */
  spend: 'PlatformApiSpend',
} as const;

/** Why a target failed, in few enough values to be a dimension. */
export const failureReasons = ['platform', 'stopped', 'outcome_unknown'] as const;
export type FailureReason = (typeof failureReasons)[number];

/** A Powertools Metrics instance in OneClick's namespace (POWERTOOLS_METRICS_DISABLED turns it off; the twin does by default). */
export function createOperatorMetrics(): Metrics {
  return new Metrics({ namespace: OPERATOR_NAMESPACE, serviceName: OPERATOR_SERVICE });
}
