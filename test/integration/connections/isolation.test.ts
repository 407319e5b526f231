import { describe, expect, inject, it } from 'vitest';
import type { ConnectionList } from '../../../shared/api/connections';
import { callApi, createUser } from '../../support/users';
import { connectThroughOAuth, sandboxAccountName } from '../../support/connect';

const twin = inject('twin');

describe("one user and another's connections", () => {
  it('cannot read, disconnect or take over them', async () => {
    const alice = await createUser(twin);
    const bob = await createUser(twin);
    await connectThroughOAuth(twin, alice, 'youtube', sandboxAccountName('alice'));
    const aliceList = (await callApi(twin, '/connections', alice.idToken)).body as unknown as ConnectionList;
    const aliceConnection = aliceList.connections[0]!;

    const bobList = (await callApi(twin, '/connections', bob.idToken)).body as unknown as ConnectionList;
    expect(bobList.connections).toEqual([]);

    const removal = await callApi(twin, `/connections/youtube/${aliceConnection.platformUserId}`, bob.idToken, { method: 'DELETE' });
    expect(removal.status).toBe(404);
    expect(removal.body).toMatchObject({ message: 'No YouTube connection found' });

    const after = (await callApi(twin, '/connections', alice.idToken)).body as unknown as ConnectionList;
    expect(after.connections).toEqual([aliceConnection]);
  });

  it('a callback connects the account to whoever started the flow, not to whoever delivers it', async () => {
    const alice = await createUser(twin);
    const bob = await createUser(twin);
    const account = sandboxAccountName('shared');
    // Alice's consent round trip; its callback URL is then replayed by Bob's browser.
    const { callbackUrl } = await connectThroughOAuth(twin, alice, 'x', account);
    await fetch(callbackUrl, { redirect: 'manual', headers: { authorization: `Bearer ${bob.idToken}` } });

    expect(((await callApi(twin, '/connections', bob.idToken)).body as unknown as ConnectionList).connections).toEqual([]);
    expect(((await callApi(twin, '/connections', alice.idToken)).body as unknown as ConnectionList).connections).toHaveLength(1);
  });
});
