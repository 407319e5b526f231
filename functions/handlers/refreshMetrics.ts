import { readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger, loadPlatformCredentials } from '../composition';
import { createConnectionsContext } from '../connectionsContext';
import { createMetricsReaders, readPlatformSettings } from '../platforms/registry';
import { createMetricsRefresh, type MetricsRefreshReport } from '../services/metricsRefresh';
import { createMetricsStore } from '../services/metricsStore';

const logger = createLogger('refresh-metrics');
const db = createDocumentClient();
const tables = readTableNames(process.env, ['metrics']);
const { store: connections, freshness } = await createConnectionsContext(process.env, db, systemClock);
const refresh = createMetricsRefresh({
  store: createMetricsStore({ db, tableName: tables.metrics, clock: systemClock }),
  connections,
  freshness,
  readers: createMetricsReaders(readPlatformSettings(process.env, await loadPlatformCredentials(process.env)), systemClock),
  clock: systemClock,
});

/**
 * Scheduled (EventBridge every 15 minutes on AWS, a timer offline): reads the numbers of the
 * published targets that are due, on their decaying schedule, within the platforms' rate limits.
 */
export async function handler(): Promise<MetricsRefreshReport> {
  const report = await refresh.refreshDue();
  logger.info('Metrics refresh run', { ...report });
  return report;
}
