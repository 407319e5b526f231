import 'vitest';
import type { TableKey } from '../../shared/resources/tables';
import type { Twin } from '../../infra/local/twin';

/** What the global setup tells the tests about the running twin. */
export interface TwinInfo {
  webUrl: string;
  apiUrl: string;
  endpoints: { dynamodb: string; s3: string; cognito: string; sandbox: string; stepFunctions: string };
  userPoolId: string;
  clientId: string;
  issuer: string;
  cognitoDataDir: string;
  /** s3rver's data folder; undefined when the twin uses an external S3 endpoint. */
  s3DataDir?: string;
  tableNames: Record<TableKey, string>;
  /** Everything the twin logged (API requests, mail, emulators). */
  logFile: string;
  /** The demo sibling module: its origin and each module's page. */
  demoModule: Twin['demoModule'];
}

declare module 'vitest' {
  export interface ProvidedContext {
    twin: TwinInfo;
  }
}

export function toTwinInfo(twin: Twin, logFile = ''): TwinInfo {
  return {
    webUrl: twin.webUrl,
    apiUrl: twin.apiUrl,
    endpoints: twin.endpoints,
    userPoolId: twin.cognito.userPoolId,
    clientId: twin.cognito.clientId,
    issuer: twin.cognito.issuer,
    cognitoDataDir: twin.cognitoDataDir,
    ...(twin.s3DataDir ? { s3DataDir: twin.s3DataDir } : {}),
    tableNames: twin.tableNames,
    logFile,
    demoModule: twin.demoModule,
  };
}
