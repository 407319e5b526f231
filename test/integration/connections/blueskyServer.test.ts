import { describe, expect, inject, it } from 'vitest';
import type { ConnectionList } from '../../../shared/api/connections';
import { didOf, handleOf } from '../../../infra/local/sandbox/bluesky/state';
import { callApi, createUser } from '../../support/users';
import { arriveAtCallback, confirmFlow, sandboxAccountName, sandboxControl, startFlow } from '../../support/connect';

/**
 * Issue 26, item 6: the server an account's identity names is asked only when it keeps the
 * outbound rule (functions/http/outbound.ts): https, a host name whose addresses are public, no
 * redirect. Otherwise nothing is connected, and the user is told so in words, never with what the
 * server answered.
 */
const twin = inject('twin');
const refusal = 'The Bluesky server for this handle is not a public https address.';

/** The DID document the PLC directory answers for the account, naming `pds` as its server. */
function didDocument(account: string, pds: string) {
  const did = didOf(account);
  return {
    '@context': ['https://www.w3.org/ns/did/v1'],
    id: did,
    alsoKnownAs: [`at://${handleOf(account)}`],
    verificationMethod: [],
    service: [{ id: '#atproto_pds', type: 'AtprotoPersonalDataServer', serviceEndpoint: pds }],
  };
}

/** Signs in at the sandbox as `account` and confirms as the user: the confirm's answer. */
async function connect(account: string) {
  const user = await createUser(twin);
  const flow = await startFlow(twin, user, 'bluesky');
  const callbackUrl = await sandboxControl(twin).consent('bluesky', { authorizeUrl: flow.authorizationUrl, account, displayName: `Sandbox ${account}`, decision: 'allow' });
  const returned = await arriveAtCallback(callbackUrl, flow.cookie);
  const confirmed = await confirmFlow(twin, user, 'bluesky', returned.searchParams.get('state')!, flow.cookie);
  const { body } = await callApi(twin, '/connections', user.idToken);
  return { confirmed, connections: (body as unknown as ConnectionList).connections };
}

describe("a Bluesky identity naming a server that is not a public https address", () => {
  it.each([
    ['an http:// server', 'http://pds.example.com'],
    ['an IP address', 'https://10.0.0.5'],
    ['a name that resolves to loopback', 'https://localhost:2583'],
  ])('connects nothing when the identity names %s, and says so', async (_what, pds) => {
    const account = sandboxAccountName('pds');
    await sandboxControl(twin).injectFault({ platform: 'bluesky', method: 'GET', hostKey: 'plc', path: `/${didOf(account)}`, status: 200, body: didDocument(account, pds) });

    const { confirmed, connections } = await connect(account);

    expect(confirmed.status).toBe(502);
    expect(confirmed.body).toMatchObject({ code: 'exchange_failed', message: `Failed to connect to Bluesky: ${refusal}` });
    expect(connections).toEqual([]);
  });

  it('connects nothing when its server answers with a redirect, and does not echo the answer', async () => {
    const account = sandboxAccountName('pds');
    await sandboxControl(twin).injectFault({
      platform: 'bluesky',
      method: 'GET',
      hostKey: 'pds',
      path: '/.well-known/oauth-protected-resource',
      status: 302,
      headers: { location: 'http://169.254.169.254/latest/meta-data/' },
      body: 'Moved to the metadata service',
    });

    const { confirmed, connections } = await connect(account);

    expect(confirmed.status).toBe(502);
    expect(confirmed.body).toMatchObject({ code: 'exchange_failed', message: `Failed to connect to Bluesky: ${refusal}` });
    expect(JSON.stringify(confirmed.body)).not.toMatch(/302|169\.254|Moved/);
    expect(connections).toEqual([]);
  });
});
