import { describe, expect, inject, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { callApi, createUser, documentClient } from '../../support/users';

const twin = inject('twin');

describe('GET /me', () => {
  it('creates the default free membership on the first call', async () => {
    const user = await createUser(twin);

    const { status, body } = await callApi(twin, '/me', user.idToken);

    expect(status).toBe(200);
    expect(body).toMatchObject({
      userId: user.userId,
      email: user.email,
      isAdmin: false,
      membership: {
        userId: user.userId,
        userEmail: user.email,
        membershipType: 'free',
        maxPosts: 3,
        canSchedule: false,
        maxAccounts: 1,
      },
    });
    const membership = (body as { membership: { createdAt: string } }).membership;
    expect(new Date(membership.createdAt).toISOString()).toBe(membership.createdAt);
  });

  it('returns the same membership on later calls', async () => {
    const user = await createUser(twin);
    const first = await callApi(twin, '/me', user.idToken);
    const second = await callApi(twin, '/me', user.idToken);
    expect(second.body).toEqual(first.body);
  });

  it('creates exactly one membership row when first calls race', async () => {
    const user = await createUser(twin);

    const responses = await Promise.all(Array.from({ length: 12 }, () => callApi(twin, '/me', user.idToken)));

    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(200));
    const createdAts = new Set(responses.map((response) => (response.body as { membership: { createdAt: string } }).membership.createdAt));
    expect(createdAts.size).toBe(1);
    const rows = await documentClient(twin).send(
      new QueryCommand({ TableName: twin.tableNames.memberships, KeyConditionExpression: 'userId = :u', ExpressionAttributeValues: { ':u': user.userId } }),
    );
    expect(rows.Items).toHaveLength(1);
  });

  it('takes the user id from the verified token, never from the request', async () => {
    const alice = await createUser(twin);
    const bob = await createUser(twin);

    const { body } = await callApi(twin, `/me?userId=${bob.userId}`, alice.idToken, {
      headers: { 'x-user-id': bob.userId },
    });

    expect(body).toMatchObject({ userId: alice.userId, email: alice.email });
  });

  it('answers an unknown route with 404', async () => {
    const user = await createUser(twin);
    const { status } = await callApi(twin, '/no-such-route', user.idToken);
    expect(status).toBe(404);
  });
});
