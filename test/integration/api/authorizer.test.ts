import { describe, expect, inject, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { callApi, createUser, documentClient } from '../../support/users';
import { decodePayload, signWithCognitoLocalKey, signWithForeignKey, tamper } from '../../support/tokens';

const twin = inject('twin');

async function membershipRows(userId: string) {
  const rows = await documentClient(twin).send(
    new QueryCommand({ TableName: twin.tableNames.memberships, KeyConditionExpression: 'userId = :u', ExpressionAttributeValues: { ':u': userId } }),
  );
  return rows.Items ?? [];
}

describe('the JWT authorizer in front of user routes', () => {
  it('refuses a request without a token', async () => {
    expect((await callApi(twin, '/me')).status).toBe(401);
  });

  it('refuses a malformed token', async () => {
    expect((await callApi(twin, '/me', 'not-a-jwt')).status).toBe(401);
  });

  it('refuses a tampered token and creates nothing for the claimed user', async () => {
    const user = await createUser(twin);
    const victim = await createUser(twin);
    const forged = tamper(user.idToken, { sub: victim.userId, email: victim.email });

    expect((await callApi(twin, '/me', forged)).status).toBe(401);
    expect(await membershipRows(victim.userId)).toHaveLength(0);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(twin);
    const claims = decodePayload(user.idToken);
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = await signWithCognitoLocalKey({ ...claims, iat: past, exp: past + 3600 });

    expect((await callApi(twin, '/me', expired)).status).toBe(401);
  });

  it('refuses a validly signed token for another user pool (issuer)', async () => {
    const user = await createUser(twin);
    const claims = decodePayload(user.idToken);
    const otherPool = await signWithCognitoLocalKey({ ...claims, iss: `${twin.endpoints.cognito}/local_otherpool` });

    expect((await callApi(twin, '/me', otherPool)).status).toBe(401);
  });

  it('refuses a validly signed token for another app client (audience)', async () => {
    const user = await createUser(twin);
    const claims = decodePayload(user.idToken);
    const otherClient = await signWithCognitoLocalKey({ ...claims, aud: 'some-other-client' });

    expect((await callApi(twin, '/me', otherClient)).status).toBe(401);
  });

  it('refuses a token signed with a key that is not the pool\'s', async () => {
    const user = await createUser(twin);
    const forged = await signWithForeignKey(decodePayload(user.idToken));

    expect((await callApi(twin, '/me', forged)).status).toBe(401);
  });

  it('accepts the access token too, as API Gateway checks client_id', async () => {
    const user = await createUser(twin);
    const { status, body } = await callApi(twin, '/me', user.accessToken);
    expect(status).toBe(200);
    expect(body).toMatchObject({ userId: user.userId });
  });
});
