import { describe, expect, inject, it } from 'vitest';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { setMembership, UnknownUser } from '../../../infra/local/setMembership';
import { localCredentials, localRegion } from '../../../infra/local/environment';
import { callApi, createUser, documentClient, uniqueEmail } from '../../support/users';

const twin = inject('twin');

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

  it('refuses an email that has no user', async () => {
    await expect(setMembership(target(), uniqueEmail('nobody'), 'admin')).rejects.toBeInstanceOf(UnknownUser);
  });
});
