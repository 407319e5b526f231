import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTwin } from '../../infra/local/twin';
import { fileLog } from '../../infra/local/log';
import { buildFrontend, buildIsStale, distDir } from '../../infra/local/frontendBuild';
import { toTwinInfo } from '../support/twinInfo';
import { copyProcessOutput } from './processOutput';

/**
 * AWS_ENDPOINT_URL (LocalStack) points the tests at a running AWS emulator instead of the
 * twin's own stand-ins; ONECLICK_COGNITO_ISSUER overrides the issuer its tokens carry.
 */
function externalEndpoints() {
  const endpoint = process.env['AWS_ENDPOINT_URL'];
  if (!endpoint) return {};
  const issuer = process.env['ONECLICK_COGNITO_ISSUER'];
  return { external: { dynamodb: endpoint, s3: endpoint, cognito: endpoint, ...(issuer ? { cognitoIssuer: issuer } : {}) } };
}

/** Starts one offline twin (free ports, throw-away data) for the integration and e2e tests. */
export default async function setup(project: TestProject) {
  if (buildIsStale()) await buildFrontend();
  const dataDir = mkdtempSync(join(tmpdir(), 'oneclick-test-'));
  const logFile = join(dataDir, 'twin.log');
  const log = fileLog(logFile);
  const stopCopying = copyProcessOutput(logFile);
  // Every level, so the secrets tests read every line a handler could log.
  process.env['POWERTOOLS_LOG_LEVEL'] = 'DEBUG';
  const twin = await startTwin({ dataDir, log, distDir, inMemoryDynamoDb: true, fastWaitMs: 20, ...externalEndpoints() });
  const info = toTwinInfo(twin, logFile);
  project.provide('twin', info);
  return async () => {
    await twin.stop();
    stopCopying();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
