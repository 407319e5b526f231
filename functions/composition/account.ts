import { LambdaClient } from '@aws-sdk/client-lambda';
import { ConfigurationError } from '../config';
import { taskFunctionEnvName, type BackgroundTaskName } from '../handlers/groups';
import type { AccountService, TaskStarter } from '../services/account';
import { createAccountDeletionRequests, type AccountDeletionRequests } from '../services/accountDeletionRequests';
import { createDeletedAccounts } from '../services/deletedAccounts';
import { createLambdaTaskStarter } from '../services/tasks';
import { createAccount } from './accountService';
import { clock, documentClient, tableName } from './shared';
import { userDirectory } from './userDirectory';
import { createMaillessWorkspaceService } from '../services/workspaces';

/** The function a background task runs in, from <TASK>_FUNCTION_NAME (set by the stack, or the twin). */
export function readTaskFunctionName(env: NodeJS.ProcessEnv, task: BackgroundTaskName): string {
  const variable = taskFunctionEnvName(task);
  const name = env[variable]?.trim();
  if (!name) throw new ConfigurationError(`Missing configuration: ${variable} (the ${task} function)`);
  return name;
}

let lambda: LambdaClient | undefined;
/** Starts a background task (an asynchronous invoke of its function). */
function taskStarter(task: BackgroundTaskName): TaskStarter {
  return createLambdaTaskStarter((lambda ??= new LambdaClient({})), readTaskFunctionName(process.env, task));
}

let service: AccountService | undefined;
/** The account API's settings and export. */
export function accountService(): AccountService {
  return (service ??= createAccount(taskStarter('exportData')));
}

let deletionRequests: AccountDeletionRequests | undefined;
/** "Delete my account" from the API: the tombstone, then the deletion task. */
export function accountDeletionRequests(): AccountDeletionRequests {
  return (deletionRequests ??= createAccountDeletionRequests({
    db: documentClient(),
    membershipsTable: tableName('memberships'),
    deletedAccounts: createDeletedAccounts({ db: documentClient(), tableName: tableName('deletedAccounts'), clock }),
    deletionTask: taskStarter('deleteAccount'),
    directory: userDirectory(),
    workspaces: createMaillessWorkspaceService({ db: documentClient(), tableName: tableName('memberships'), clock }, 'Deleting an account'),
    clock,
  }));
}
