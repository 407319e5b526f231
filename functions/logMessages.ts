/**
 * Log messages the stack reads: CloudWatch metric filters match on them
 * (infra/constructs/monitoring.ts), so they are defined once, here.
 */

/** Logged by the finalize step once per finished post, with `status` and `failedTargets`. */
export const POST_FINALIZED_LOG_MESSAGE = 'Post finalized';
