import { LambdaClient } from '@aws-sdk/client-lambda';
import { readBucketNames, readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger, createS3Client } from '../composition';
import { createHttpHandler } from '../http/httpHandler';
import { createAccountService } from '../services/account';
import { createAccountDeletionRequests } from '../services/accountDeletionRequests';
import { createDeletedAccounts } from '../services/deletedAccounts';
import { createMembershipService } from '../services/memberships';
import { createLambdaTaskStarter, readTaskFunctionName } from '../services/tasks';

const logger = createLogger('account');
const db = createDocumentClient();
const tableNames = readTableNames(process.env, ['memberships', 'deletedAccounts']);
const bucketNames = readBucketNames(process.env, ['exports']);
const lambda = new LambdaClient({});

const account = createAccountService({
  db,
  membershipsTable: tableNames.memberships,
  memberships: createMembershipService({ db, tableName: tableNames.memberships, clock: systemClock }),
  s3: createS3Client(process.env),
  exportsBucket: bucketNames.exports,
  exportTask: createLambdaTaskStarter(lambda, readTaskFunctionName(process.env, 'exportData')),
  clock: systemClock,
});
const deletion = createAccountDeletionRequests({
  db,
  membershipsTable: tableNames.memberships,
  deletedAccounts: createDeletedAccounts({ db, tableName: tableNames.deletedAccounts, clock: systemClock }),
  deletionTask: createLambdaTaskStarter(lambda, readTaskFunctionName(process.env, 'deleteAccount')),
  clock: systemClock,
});

export const handler = createHttpHandler(
  'account',
  {
    getAccount: ({ user }) => account.get(user),
    updateAccountSettings: ({ user, input }) => account.saveSettings(user, input.body),
    startDataExport: ({ user }) => account.startExport(user),
    getDataExport: ({ user }) => account.exportStatus(user),
    deleteAccount: ({ user, input }) => deletion.start(user, input.body.confirmation),
    getAccountDeletion: ({ user }) => deletion.status(user),
  },
  logger,
);
