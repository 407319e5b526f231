import { createAccountDeletion, type AccountDeletionService } from '../services/accountDeletion';
import { createDeletedAccounts } from '../services/deletedAccounts';
import { connectionService } from './connections';
import { connectionsContext } from './connectionsContext';
import { postService } from './posts';
import { executions } from './publishing';
import { clock, createLogger, documentClient, tableName } from './shared';
import { userDataOf } from './userData';
import { userDirectory } from './userDirectory';
import { createMaillessWorkspaceService } from '../services/workspaces';

let deletion: Promise<AccountDeletionService> | undefined;
/**
 * One account's deletion, step by step: sign-out, posts (the same post service as the API),
 * connections (revoked at the platforms), data, membership, sign-in.
 */
export function accountDeletion(): Promise<AccountDeletionService> {
  return (deletion ??= (async () => {
    const logger = createLogger('account-deletion');
    const { adapters, store } = await connectionsContext();
    return createAccountDeletion({
      deletedAccounts: createDeletedAccounts({ db: documentClient(), tableName: tableName('deletedAccounts'), clock }),
      userData: userDataOf('deleteAccount'),
      posts: postService(),
      executions: executions(),
      connections: await connectionService(),
      connectionStore: store,
      adapters,
      directory: userDirectory(),
      workspaces: createMaillessWorkspaceService({ db: documentClient(), tableName: tableName('memberships'), clock }, 'The account deletion'),
      warn: (message, details) => logger.warn(message, details),
    });
  })());
}
