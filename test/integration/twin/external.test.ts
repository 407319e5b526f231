import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTwin } from '../../../infra/local/twin';
import { memoryLog } from '../../../infra/local/log';
import { distDir } from '../../../infra/local/frontendBuild';
import { freePort } from '../../../infra/local/ports';
import { startDynamoDb } from '../../../infra/local/dynamodb/dynamodb';
import { startS3 } from '../../../infra/local/s3';
import { startCognito } from '../../../infra/local/cognito/cognito';
import { callApi, createUser } from '../../support/users';
import { toTwinInfo } from '../../support/twinInfo';

const dataDir = mkdtempSync(join(tmpdir(), 'oneclick-external-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the twin against already-running AWS endpoints (the LocalStack path)', () => {
  it('creates what is missing there and serves the API with the same handlers', async () => {
    const log = memoryLog();
    const dynamodb = await startDynamoDb({ port: await freePort(), log });
    const s3 = await startS3({ port: await freePort(), dataDir: join(dataDir, 's3'), siteOrigin: 'http://127.0.0.1:1', log });
    const cognito = await startCognito({ port: await freePort(), dataDir: join(dataDir, 'cognito'), log });
    try {
      const twin = await startTwin({
        dataDir,
        log,
        distDir,
        external: { dynamodb: dynamodb.endpoint, s3: s3.endpoint, cognito: cognito.endpoint, cognitoIssuer: cognito.issuer },
      });
      try {
        const info = toTwinInfo(twin);
        expect(info.endpoints).toMatchObject({ dynamodb: dynamodb.endpoint, s3: s3.endpoint, cognito: cognito.endpoint });
        const user = await createUser(info);
        const { status, body } = await callApi(info, '/me', user.idToken);
        expect(status).toBe(200);
        expect(body).toMatchObject({ userId: user.userId, membership: { membershipType: 'free' } });
        expect(log.lines.some((line) => line.includes('created table oneclick-memberships'))).toBe(true);
      } finally {
        await twin.stop();
      }
    } finally {
      await cognito.stop();
      await s3.stop();
      await dynamodb.stop();
    }
  });
});
