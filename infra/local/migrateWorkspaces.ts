/**
 * Operator command: the move to workspaces (functions/services/workspaceMigration.ts). Safe to
 * run again, and to stop: the next run continues where the last one stopped.
 *
 *   npm run migrate-workspaces            (the running offline twin: --data-dir or ONECLICK_DATA_DIR)
 *   npm run migrate-workspaces -- --aws   (TABLE_MEMBERSHIPS names the table; your AWS credentials)
 */
import './quietSdk';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { migrateToWorkspaces } from '../../functions/services/workspaceMigration';
import { readTableNames } from '../../functions/config';
import { systemClock } from '../../functions/clock';
import { localCredentials, localRegion } from './environment';
import { twinDataDir, twinInfoFile } from './dataDir';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { aws: { type: 'boolean' }, 'data-dir': { type: 'string' } } });
  let db: DynamoDBDocumentClient;
  let tableName: string;
  if (values.aws) {
    db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
    tableName = readTableNames(process.env, ['memberships']).memberships;
  } else {
    const file = twinInfoFile(twinDataDir(process.env, values['data-dir']));
    if (!existsSync(file)) throw new Error(`${file} not found: start the offline twin with "npm start" first (with the same ONECLICK_DATA_DIR).`);
    const twin = JSON.parse(readFileSync(file, 'utf8')) as { endpoints: { dynamodb: string }; tableNames: { memberships: string } };
    db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: localRegion, credentials: localCredentials, endpoint: twin.endpoints.dynamodb }));
    tableName = twin.tableNames.memberships;
  }
  const report = await migrateToWorkspaces({ db, tableName, clock: systemClock });
  process.stdout.write(`Personal workspaces: ${report.created} created, ${report.present} already there (${report.pages} pages scanned).\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
