import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTwin } from '../../infra/local/twin';
import { fileLog } from '../../infra/local/log';
import { buildFrontend, buildIsStale, distDir } from '../../infra/local/frontendBuild';
import type { TwinInfo } from '../support/twinInfo';

/** Starts one offline twin (free ports, throw-away data) for the integration and e2e tests. */
export default async function setup(project: TestProject) {
  if (buildIsStale()) await buildFrontend();
  const dataDir = mkdtempSync(join(tmpdir(), 'oneclick-test-'));
  const logFile = join(dataDir, 'twin.log');
  const log = fileLog(logFile);
  const twin = await startTwin({ dataDir, log, distDir, inMemoryDynamoDb: true });
  const info: TwinInfo = {
    webUrl: twin.webUrl,
    apiUrl: twin.apiUrl,
    endpoints: twin.endpoints,
    userPoolId: twin.cognito.userPoolId,
    clientId: twin.cognito.clientId,
    issuer: twin.cognito.issuer,
    cognitoDataDir: twin.cognitoDataDir,
    tableNames: twin.tableNames,
    logFile,
  };
  project.provide('twin', info);
  return async () => {
    await twin.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
