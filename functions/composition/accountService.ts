import { createAccountService, type AccountService, type TaskStarter } from '../services/account';
import { memberships } from './memberships';
import { s3Client } from './s3';
import { bucketName, clock, documentClient, tableName } from './shared';

/**
 * Settings and "Download my data". `exportTask` starts the export; the export function itself
 * builds it with a starter that refuses (composition/dataExport.ts). Apart from the API's account.ts
 * so that the export function does not load the Lambda client.
 */
export function createAccount(exportTask: TaskStarter): AccountService {
  return createAccountService({
    db: documentClient(),
    membershipsTable: tableName('memberships'),
    memberships: memberships(),
    s3: s3Client(),
    exportsBucket: bucketName('exports'),
    exportTask,
    clock,
  });
}
