import { createExportTask, type ExportTask } from '../services/exportTask';
import { createAccount } from './accountService';
import { s3Client } from './s3';
import { bucketName, clock, createLogger, documentClient, tableName } from './shared';
import { createMaillessWorkspaceService } from '../services/workspaces';
import { userDataOf } from './userData';

let task: ExportTask | undefined;
/** The export task: the account's export records, the user's exported data, and the exports bucket. */
export function exportTask(): ExportTask {
  return (task ??= createExportTask({
    // The export task starts no tasks: its account service only reads and records the export.
    account: createAccount({ start: () => Promise.reject(new Error('The export task starts no tasks')) }),
    userData: userDataOf('exportData'),
    workspaces: createMaillessWorkspaceService({ db: documentClient(), tableName: tableName('memberships'), clock }, 'The data export'),
    s3: s3Client(),
    exportsBucket: bucketName('exports'),
    clock,
    log: createLogger('export-data'),
  }));
}
