import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { SFNClient } from '@aws-sdk/client-sfn';
import { ConfigurationError, readBucketNames, readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger, createS3Client, readSiteUrl } from '../composition';
import { createConnectionsContext } from '../connectionsContext';
import { createS3Media } from '../media/s3Media';
import { readPublishingTargets } from '../publishingConfig';
import { tableKeys } from '../../shared/resources/tables';
import { bucketKeys } from '../../shared/resources/buckets';
import { backgroundTasks } from './groups';
import { createAccountDeletion, createCognitoDirectory } from '../services/accountDeletion';
import type { DeletionTaskPayload } from '../services/accountDeletionRequests';
import { createConnectionService } from '../services/connections';
import { createDeletedAccounts } from '../services/deletedAccounts';
import { createSfnExecutions } from '../services/executions';
import { createMembershipService } from '../services/memberships';
import { createOAuthStates } from '../services/oauthStates';
import { createPostStore } from '../services/postStore';
import { createPostService } from '../services/posts';
import { createUserData } from '../services/userData';

const logger = createLogger('delete-account');
const warn = (message: string, details: Record<string, unknown>) => logger.warn(message, details);
const db = createDocumentClient();
const s3 = createS3Client(process.env);
const needs = backgroundTasks.deleteAccount.needs;
const tableNames = readTableNames(process.env, tableKeys.filter((key) => key in needs.tables));
const bucketNames = readBucketNames(process.env, bucketKeys.filter((key) => key in needs.buckets));
const userPoolId = process.env['USER_POOL_ID'];
if (!userPoolId) throw new ConfigurationError('Missing configuration: USER_POOL_ID (the Cognito user pool accounts are deleted from)');

const memberships = createMembershipService({ db, tableName: tableNames.memberships!, clock: systemClock });
const { adapters, store } = await createConnectionsContext(process.env, db, systemClock);
const { stateMachineArn } = readPublishingTargets(process.env);
const executions = createSfnExecutions(new SFNClient({}), stateMachineArn);
const deletion = createAccountDeletion({
  deletedAccounts: createDeletedAccounts({ db, tableName: tableNames.deletedAccounts!, clock: systemClock }),
  userData: createUserData({ db, s3, tableNames, bucketNames }),
  posts: createPostService({
    db,
    posts: createPostStore({ db, tableName: tableNames.posts!, clock: systemClock }),
    connections: store,
    memberships,
    media: createS3Media(s3, bucketNames.media!),
    executions,
    clock: systemClock,
  }),
  executions,
  connections: createConnectionService({
    db,
    store,
    adapters,
    states: createOAuthStates({ db, tableName: tableNames.oauthStates!, clock: systemClock }),
    memberships,
    clock: systemClock,
    siteUrl: readSiteUrl(process.env),
    warn,
  }),
  connectionStore: store,
  adapters,
  directory: createCognitoDirectory(new CognitoIdentityProviderClient({}), userPoolId),
  warn,
});

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
