import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTwin } from '../../../infra/local/twin';
import { memoryLog } from '../../../infra/local/log';
import { distDir } from '../../../infra/local/frontendBuild';
import { freePort } from '../../../infra/local/ports';
import { toTwinInfo } from '../../support/twinInfo';
import { callApi, createUser, signIn } from '../../support/users';

const dataDir = mkdtempSync(join(tmpdir(), 'oneclick-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Like `npm start`, both runs use the same ports (chosen once here). */
const ports = { web: await freePort(), dynamodb: await freePort(), s3: await freePort(), cognito: await freePort(), sandbox: await freePort() };

async function start() {
  const twin = await startTwin({ dataDir, log: memoryLog(), distDir, ports });
  const info = toTwinInfo(twin);
  return { twin, info };
}

describe('the offline twin across a restart', () => {
  it('keeps users and their data in the data folder', async () => {
    const first = await start();
    let user: Awaited<ReturnType<typeof createUser>>;
    let before: Awaited<ReturnType<typeof callApi>>;
    try {
      user = await createUser(first.info);
      before = await callApi(first.info, '/me', user.idToken);
      expect(before.status).toBe(200);
    } finally {
      await first.twin.stop();
    }

    const second = await start();
    try {
      expect(second.info.userPoolId).toBe(first.info.userPoolId);
      const tokens = await signIn(second.info, user.email, user.password);
      const after = await callApi(second.info, '/me', tokens.IdToken!);
      expect(after.status).toBe(200);
      expect(after.body).toEqual(before.body);
    } finally {
      await second.twin.stop();
    }
  });
});
