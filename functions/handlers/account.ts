import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SFNClient } from '@aws-sdk/client-sfn';
import { ConfigurationError, readBucketNames, readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger, createS3Client, readSiteUrl } from '../composition';
import { createConnectionsContext } from '../connectionsContext';
import { createHttpHandler } from '../http/httpHandler';
import { createS3Media } from '../media/s3Media';
import { readPublishingTargets } from '../publishingConfig';
import { tableKeys } from '../../shared/resources/tables';
import { bucketKeys } from '../../shared/resources/buckets';
import { handlerGroups } from './groups';
import { createAccountService } from '../services/account';
import { createAccountDeletion, createCognitoDirectory } from '../services/accountDeletion';
import { createConnectionService } from '../services/connections';
import { createSfnExecutions } from '../services/executions';
import { createMembershipService } from '../services/memberships';
import { createOAuthStates } from '../services/oauthStates';
import { createPostStore } from '../services/postStore';
import { createPostService } from '../services/posts';
import { createLambdaTaskStarter, readTaskFunctionName } from '../services/tasks';
import { createUserData } from '../services/userData';

const logger = createLogger('account');
const warn = (message: string, details: Record<string, unknown>) => logger.warn(message, details);
const db = createDocumentClient();
const s3 = createS3Client(process.env);
const needs = handlerGroups.account;
const tableNames = readTableNames(process.env, tableKeys.filter((key) => key in needs.tables));
const bucketNames = readBucketNames(process.env, bucketKeys.filter((key) => key in needs.buckets));
const userPoolId = process.env['USER_POOL_ID'];
if (!userPoolId) throw new ConfigurationError('Missing configuration: USER_POOL_ID (the Cognito user pool accounts are deleted from)');

const memberships = createMembershipService({ db, tableName: tableNames.memberships!, clock: systemClock });
const { adapters, store } = await createConnectionsContext(process.env, db, systemClock);
const { stateMachineArn, publisherFunctions } = readPublishingTargets(process.env);
const executions = createSfnExecutions(new SFNClient({}), stateMachineArn);
const account = createAccountService({
  db,
  membershipsTable: tableNames.memberships!,
  memberships,
  s3,
  exportsBucket: bucketNames.exports!,
  exportTask: createLambdaTaskStarter(new LambdaClient({}), readTaskFunctionName(process.env, 'exportData')),
  clock: systemClock,
});
const deletion = createAccountDeletion({
  db,
  membershipsTable: tableNames.memberships!,
  userData: createUserData({ db, s3, tableNames, bucketNames }),
  posts: createPostService({
    db,
    posts: createPostStore({ db, tableName: tableNames.posts!, clock: systemClock }),
    connections: store,
    memberships,
    media: createS3Media(s3, bucketNames.media!),
    executions,
    publisherFunctions,
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
  clock: systemClock,
  warn,
});

export const handler = createHttpHandler(
  'account',
  {
    getAccount: ({ user }) => account.get(user),
    updateAccountSettings: ({ user, input }) => account.saveSettings(user, input.body),
    startDataExport: ({ user }) => account.startExport(user),
    getDataExport: ({ user }) => account.exportStatus(user),
    deleteAccount: ({ user, input }) => deletion.delete(user, input.body.confirmation),
  },
  logger,
);
