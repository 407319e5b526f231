import { createLogger } from '../composition/shared';
import { accountDeletion } from '../composition/accountDeletion';
import type { DeletionTaskPayload } from '../services/accountDeletionRequests';

const logger = createLogger('delete-account');
const deletion = await accountDeletion();

/**
 * Background task (an asynchronous invoke from the account function; in-process offline): one
 * run of an account's deletion. A step that fails is recorded in words and the run ends there
 * (no automatic retry: Settings shows where it stopped and offers "Continue deletion").
 */
export async function handler(event: DeletionTaskPayload): Promise<{ status: string }> {
  try {
    const progress = await deletion.run(event.userId);
    logger.info('Account deletion run ended', { status: progress.status });
    return { status: progress.status };
  } catch (error) {
    logger.error('Account deletion stopped', { error: error as Error });
    return { status: 'stopped' };
  }
}
