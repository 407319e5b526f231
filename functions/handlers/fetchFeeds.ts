import { createLogger } from '../composition/shared';
import { feedService } from '../composition/feeds';
import type { FeedsRunReport } from '../services/feeds';

const logger = createLogger('fetch-feeds');
const feeds = feedService();

/** Scheduled (EventBridge every 5 minutes on AWS, a timer offline): fetches the feeds that are due. */
export async function handler(): Promise<FeedsRunReport> {
  const report = await feeds.run();
  logger.info('Feeds fetched', { ...report });
  return report;
}
