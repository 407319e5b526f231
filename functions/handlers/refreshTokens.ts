import { systemClock } from '../clock';
import { createDocumentClient, createLogger } from '../composition';
import { createConnectionsContext } from '../connectionsContext';

const logger = createLogger('refresh-tokens');
const { freshness } = await createConnectionsContext(process.env, createDocumentClient(), systemClock);

/**
 * Scheduled (EventBridge on AWS, a timer offline): refreshes tokens that are due and flags
 * connections that will need the user before their tokens expire.
 */
export async function handler(): Promise<Awaited<ReturnType<typeof freshness.refreshDue>>> {
  const report = await freshness.refreshDue();
  logger.info('Token refresh run', { ...report });
  return report;
}
