import { createMetricsReaders, readPlatformSettings } from '../platforms/registry';
import { createMetricsRefresh, type MetricsRefresh } from '../services/metricsRefresh';
import { connectionsContext } from './connectionsContext';
import { metricsStore } from './metrics';
import { loadPlatformCredentials } from './platformAccess';
import { clock } from './shared';

let refresh: Promise<MetricsRefresh> | undefined;
/** The metrics job: reads the due targets' numbers through the configured platforms' readers. */
export function metricsRefresh(): Promise<MetricsRefresh> {
  return (refresh ??= (async () => {
    const { store: connections, freshness } = await connectionsContext();
    const settings = readPlatformSettings(process.env, await loadPlatformCredentials(process.env));
    return createMetricsRefresh({
      store: metricsStore(),
      connections,
      freshness,
      readers: createMetricsReaders(settings, clock),
      clock,
    });
  })());
}
