import { createLogger } from '../composition/shared';
import { uploadSweep } from '../composition/uploadSweep';
import type { SweepReport } from '../services/uploadSweep';

const logger = createLogger('sweep-uploads');
const sweep = uploadSweep();

/** Scheduled (EventBridge hourly on AWS, a timer offline): removes uploads nothing took within a day. */
export async function handler(): Promise<SweepReport> {
  const report = await sweep.run();
  logger.info('Upload sweep run', { ...report });
  return report;
}
