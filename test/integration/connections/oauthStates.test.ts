import { describe, expect, inject, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { systemClock } from '../../../functions/clock';
import { createClientRegistrations } from '../../../functions/services/clientRegistrations';
import { createOAuthStates, InvalidOAuthState } from '../../../functions/services/oauthStates';
import { createLocalTokenCipher } from '../../../functions/services/tokenCipher';
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

describe('apps registered at a server users name (clientRegistrations.ts)', () => {
  const cipher = createLocalTokenCipher(randomBytes(32));
  const registrations = () => createClientRegistrations({ db: documentClient(twin), tableName: twin.tableNames.oauthStates, cipher, clock: systemClock });

  it('keeps one app per server, the first of two racing, its secret only encrypted', async () => {
    const server = `https://${randomUUID()}.example`;
    const of = registrations().of('bluesky');

    const kept = await Promise.all([of.keep(server, { clientId: 'first', clientSecret: 'secret-one' }), of.keep(server, { clientId: 'second', clientSecret: 'secret-two' })]);

    expect(kept[0]).toEqual(kept[1]);
    expect(await of.get(server)).toEqual(kept[0]);
    expect(await registrations().of('x').get(server)).toBeUndefined();
    const { Item } = await documentClient(twin).send(new GetCommand({ TableName: twin.tableNames.oauthStates, Key: { state: `client#bluesky#${server}` }, ConsistentRead: true }));
    expect(JSON.stringify(Item)).not.toMatch(/secret-(one|two)/);
    expect(Item).not.toHaveProperty('userId');
    expect(Item).not.toHaveProperty('expiresAt');
  });

  it('is never read as an OAuth state', async () => {
    const server = `https://${randomUUID()}.example`;
    await registrations().of('bluesky').keep(server, { clientId: 'id', clientSecret: 'secret' });
    const states = createOAuthStates({ db: documentClient(twin), tableName: twin.tableNames.oauthStates, clock: systemClock, cipher });

    await expect(states.started(`client#bluesky#${server}`, 'bluesky')).rejects.toBeInstanceOf(InvalidOAuthState);
  });
});
