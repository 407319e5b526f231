import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { setMembership, UnknownUser } from '../../../infra/local/setMembership';
import { localCredentials, localRegion } from '../../../infra/local/environment';
import { callApi, createUser, documentClient, uniqueEmail } from '../../support/users';

const twin = inject('twin');
const projectRoot = resolve(import.meta.dirname, '../../..');

function target() {
  return {
    cognito: new CognitoIdentityProviderClient({ endpoint: twin.endpoints.cognito, region: localRegion, credentials: localCredentials }),
    userPoolId: twin.userPoolId,
    db: documentClient(twin),
    membershipsTable: twin.tableNames.memberships,
  };
}

describe('the set-membership operator command', () => {
  it('makes a user admin, which GET /me then reports', async () => {
    const user = await createUser(twin);
    await callApi(twin, '/me', user.idToken);

    await setMembership(target(), user.email, 'admin');

    const { body } = await callApi(twin, '/me', user.idToken);
    expect(body).toMatchObject({ isAdmin: true, membership: { membershipType: 'admin', canSchedule: true, maxPosts: null } });
  });

  it('finds the running twin in ONECLICK_DATA_DIR, as npm start does', async () => {
    const user = await createUser(twin);
    await callApi(twin, '/me', user.idToken);
    // A twin started with ONECLICK_DATA_DIR=<folder> writes its twin.json there, not in .data.
    const dataDir = mkdtempSync(join(tmpdir(), 'oneclick-data-'));
    writeFileSync(join(dataDir, 'twin.json'), JSON.stringify({ endpoints: twin.endpoints, userPoolId: twin.userPoolId, tableNames: twin.tableNames }));
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'infra/local/setMembership.ts', '--email', user.email, '--type', 'admin'], {
        cwd: projectRoot,
        env: { ...process.env, ONECLICK_DATA_DIR: dataDir },
      });
      expect(stdout).toContain(`${user.email} is now admin`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    const { body } = await callApi(twin, '/me', user.idToken);
    expect(body).toMatchObject({ membership: { membershipType: 'admin' } });
  }, 30_000);

  it('refuses an email that has no user', async () => {
    await expect(setMembership(target(), uniqueEmail('nobody'), 'admin')).rejects.toBeInstanceOf(UnknownUser);
  });
});
