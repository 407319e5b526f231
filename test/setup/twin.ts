import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTwin } from '../../infra/local/twin';
import { fileLog } from '../../infra/local/log';
import { buildFrontend, buildIsStale, distDir } from '../../infra/local/frontendBuild';
import { toTwinInfo, type TwinInfo } from '../support/twinInfo';
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

interface SharedTwin {
  info: Promise<TwinInfo>;
  users: number;
  stop: () => Promise<void>;
}

/**
 * The one twin of a run, kept on globalThis: the system and system-serial projects each name this
 * global setup, and vitest loads it once per project, so module state would give each its own.
 */
const shared = globalThis as typeof globalThis & { oneclickTwin?: SharedTwin };

async function startSharedTwin(): Promise<{ info: TwinInfo; stop: () => Promise<void> }> {
  if (buildIsStale()) await buildFrontend();
  const dataDir = mkdtempSync(join(tmpdir(), 'oneclick-test-'));
  const logFile = join(dataDir, 'twin.log');
  const log = fileLog(logFile);
  const stopCopying = copyProcessOutput(logFile);
  // Every level, so the secrets tests read every line a handler could log.
  process.env['POWERTOOLS_LOG_LEVEL'] = 'DEBUG';
  const twin = await startTwin({ dataDir, log, distDir, inMemoryDynamoDb: true, fastWaitMs: 20, ...externalEndpoints() });
  return {
    info: toTwinInfo(twin, logFile),
    stop: async () => {
      await twin.stop();
      stopCopying();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts one offline twin (free ports, throw-away data) for the integration and e2e tests, shared
 * by both system projects; the last project to finish stops it.
 */
export default async function setup(project: TestProject) {
  if (!shared.oneclickTwin) {
    const started = startSharedTwin();
    shared.oneclickTwin = { info: started.then((twin) => twin.info), users: 0, stop: async () => (await started).stop() };
  }
  const twin = shared.oneclickTwin;
  twin.users += 1;
  project.provide('twin', await twin.info);
  return async () => {
    twin.users -= 1;
    if (twin.users > 0) return;
    delete shared.oneclickTwin;
    await twin.stop();
  };
}
