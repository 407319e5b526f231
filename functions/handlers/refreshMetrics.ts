import { createLogger } from '../composition/shared';
import { metricsRefresh } from '../composition/metricsRefresh';
import type { MetricsRefreshReport } from '../services/metricsRefresh';

const logger = createLogger('refresh-metrics');
const refresh = await metricsRefresh();

/**
 * Scheduled (EventBridge every 15 minutes on AWS, a timer offline): reads the numbers of the
 * published targets that are due, on their decaying schedule, within the platforms' rate limits.
 */
export async function handler(): Promise<MetricsRefreshReport> {
  const report = await refresh.refreshDue();
  logger.info('Metrics refresh run', { ...report });
  return report;
}
