import { exportTask } from '../composition/dataExport';
import type { ExportTaskPayload } from '../services/account';

const task = exportTask();

/**
 * Background task (an asynchronous invoke from the account function; in-process offline):
 * prepares the user's archive and records it ready, or failed in words (services/exportTask.ts).
 */
export function handler(event: ExportTaskPayload): Promise<{ status: string }> {
  return task.run(event);
}
