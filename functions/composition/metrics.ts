import { createMetricsStore, type MetricsStore } from '../services/metricsStore';
import { createMetricsTracking, type MetricsTracking } from '../services/metricsTracking';
import { clock, createLogger, documentClient, tableName } from './shared';

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
