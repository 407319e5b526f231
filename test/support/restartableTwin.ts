import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { startTwin, type Twin } from '../../infra/local/twin';
import { memoryLog } from '../../infra/local/log';
import { distDir } from '../../infra/local/frontendBuild';
import { freePort } from '../../infra/local/ports';
import { startSandbox } from '../../infra/local/sandbox/sandbox';
import { sandboxClients } from '../../infra/local/secrets';
import { toTwinInfo, type TwinInfo } from './twinInfo';

/**
 * A twin a test can stop and start again on the same data folder and ports, as `npm start`
 * restarts. The platforms do not restart when we do: one sandbox serves every run. `cleanup`
 * registers what to undo at the end (vitest's afterAll; a script passes its own).
 */
export async function restartableTwin(tag: string, cleanup: (task: () => unknown) => void = afterAll) {
  const dataDir = mkdtempSync(join(tmpdir(), `oneclick-${tag}-`));
  cleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const ports = {
    web: await freePort(),
    dynamodb: await freePort(),
    s3: await freePort(),
    cognito: await freePort(),
    sandbox: await freePort(),
    stepFunctions: await freePort(),
  };
  const sandbox = await startSandbox({ port: 0, clients: sandboxClients(join(dataDir, 'sandbox-clients.json')), log: memoryLog() });
  cleanup(() => sandbox.stop());
  const start = async (): Promise<{ twin: Twin; info: TwinInfo }> => {
    const twin = await startTwin({ dataDir, log: memoryLog(), distDir, ports, fastWaitMs: 20, sandbox });
    return { twin, info: toTwinInfo(twin) };
  };
  return { sandbox, start };
}
