import { describe, expect, inject, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createUser, documentClient } from '../../support/users';
import { startFlow } from '../../support/connect';

const twin = inject('twin');

/** The OAuth state rows stored for one user, as the table holds them. */
async function storedStates(userId: string): Promise<Array<Record<string, unknown>>> {
  const { Items } = await documentClient(twin).send(
    new ScanCommand({ TableName: twin.tableNames.oauthStates, FilterExpression: 'userId = :userId', ExpressionAttributeValues: { ':userId': userId }, ConsistentRead: true }),
  );
  return Items ?? [];
}

describe('a stored OAuth attempt', () => {
  it("holds its PKCE verifier and Bluesky's DPoP private key only encrypted (issue 26, item 9)", async () => {
    const user = await createUser(twin);

    await startFlow(twin, user, 'bluesky');

    const [stored] = await storedStates(user.userId);
    expect(Object.keys(stored!).sort()).toEqual(['expiresAt', 'nonceHash', 'platform', 'secrets', 'state', 'userId']);
    const text = JSON.stringify(stored);
    for (const plaintext of ['codeVerifier', 'dpopKey', '"kty"', '"d"', 'tokenEndpoint']) expect(text).not.toContain(plaintext);
    expect(Buffer.from(String(stored!['secrets']), 'base64').toString('utf8')).not.toMatch(/codeVerifier|dpopKey|kty/);
  });
});
