import { createActivityLog, type ActivityLog } from '../services/activityLog';
import { clock, documentClient, tableName } from './shared';

let log: ActivityLog | undefined;
/** The workspace activity log (the activity table): every API function records to it, the workspaces function lists it. */
export function activityLog(): ActivityLog {
  return (log ??= createActivityLog({ db: documentClient(), tableName: tableName('activity'), clock }));
}
