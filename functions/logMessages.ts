/**
 * Log messages an operator searches for (CloudWatch Logs Insights), defined once, here. The
 * alarms no longer read logs: they watch the operator's metrics (functions/observability/).
 */

/** Logged by the finalize step once per finished post, with `status` and `failedTargets`. */
export const POST_FINALIZED_LOG_MESSAGE = 'Post finalized';
