import { createLogger } from '../composition/shared';
import { connectionsContext } from '../composition/connectionsContext';
import type { RefreshReport } from '../services/tokenFreshness';

const logger = createLogger('refresh-tokens');
const { freshness } = await connectionsContext();

/**
 * Scheduled (EventBridge on AWS, a timer offline): refreshes tokens that are due and flags
 * connections that will need the user before their tokens expire.
 */
export async function handler(): Promise<RefreshReport> {
  const report = await freshness.refreshDue();
  logger.info('Token refresh run', { ...report });
  return report;
}
