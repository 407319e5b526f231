import 'vitest';
import type { TableKey } from '../../shared/resources/tables';

/** What the global setup tells the tests about the running twin. */
export interface TwinInfo {
  webUrl: string;
  apiUrl: string;
  endpoints: { dynamodb: string; s3: string; cognito: string };
  userPoolId: string;
  clientId: string;
  issuer: string;
  cognitoDataDir: string;
  tableNames: Record<TableKey, string>;
  /** Everything the twin logged (API requests, mail, emulators). */
  logFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    twin: TwinInfo;
  }
}
