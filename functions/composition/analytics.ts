import { clock, createLogger, documentClient, tableName } from './shared';
import { createAnalyticsReports, type AnalyticsReports } from '../services/analyticsReports';
import { createMetricsStore, type MetricsStore } from '../services/metricsStore';
import { createMetricsTracking, type MetricsTracking } from '../services/metricsTracking';
import { postStore } from './postStore';

let store: MetricsStore | undefined;
/** Tracked targets and their snapshots (the metrics table). */
export function metricsStore(): MetricsStore {
  return (store ??= createMetricsStore({ db: documentClient(), tableName: tableName('metrics'), clock }));
}

let tracking: MetricsTracking | undefined;
/** Starts following a finished post's published targets. */
export function metricsTracking(): MetricsTracking {
  if (tracking) return tracking;
  const logger = createLogger('metrics-tracking');
  tracking = createMetricsTracking({ store: metricsStore(), warn: (message, details) => logger.warn(message, details) });
  return tracking;
}

let reports: AnalyticsReports | undefined;
/** The analytics API's answers (the metrics and posts tables). */
export function analyticsReports(): AnalyticsReports {
  return (reports ??= createAnalyticsReports({ metrics: metricsStore(), posts: postStore(), clock }));
}
