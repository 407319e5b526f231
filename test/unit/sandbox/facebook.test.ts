import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allow, bearer, clients, DAY, HOUR, publishingScopes, redirectUri, startTestSandbox, urlWith, type TestClock } from './harness';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';

/** Facebook's sandbox: a user managing two Pages, and the tokens' real lifetimes and exchange rules. */
let sandbox: Sandbox;
let clock: TestClock;
beforeAll(async () => {
  ({ sandbox, clock } = await startTestSandbox());
});
afterAll(() => sandbox.stop());

const client = clients.facebook;
const graph = () => `${sandbox.hostUrl('facebook', 'graph')}/v24.0`;

async function userToken(account: string): Promise<string> {
  const authorizeUrl = urlWith(`${sandbox.hostUrl('facebook', 'www')}/v24.0/dialog/oauth`, {
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: publishingScopes.facebook,
    state: 'fb-state',
  });
  const { code } = await allow(sandbox, 'facebook', authorizeUrl, account, `Sandbox ${account}`);
  const response = await fetch(urlWith(`${graph()}/oauth/access_token`, { client_id: client.clientId, client_secret: client.clientSecret, redirect_uri: redirectUri, code }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function longLived(token: string): Promise<{ access_token: string; expires_in: number }> {
  const response = await fetch(urlWith(`${graph()}/oauth/access_token`, { grant_type: 'fb_exchange_token', client_id: client.clientId, client_secret: client.clientSecret, fb_exchange_token: token }));
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string; expires_in: number };
}

async function pagesOf(token: string) {
  const response = await fetch(`${graph()}/me/accounts?fields=id,name,access_token,tasks`, bearer(token));
  return { status: response.status, body: (await response.json()) as { data: Array<{ id: string; name: string; access_token: string; tasks: string[] }>; error?: { code: number; error_subcode?: number } } };
}

const me = async (token: string) => {
  const response = await fetch(`${graph()}/me`, bearer(token));
  return { status: response.status, body: (await response.json()) as { id?: string; name?: string; error?: { code: number; error_subcode?: number } } };
};

describe('the Facebook sandbox', () => {
  it('lets a user manage two Pages, each with a Page token that never expires once the User token is long-lived', async () => {
    const short = await userToken('fb-two-pages');
    const long = await longLived(short);
    expect(long.expires_in).toBe(5_184_000);

    const { body } = await pagesOf(long.access_token);

    expect(body.data.map((page) => page.name)).toEqual(['Sandbox fb-two-pages', 'Sandbox fb-two-pages (Page 2)']);
    expect(body.data.every((page) => page.tasks.includes('CREATE_CONTENT'))).toBe(true);
    clock.advance(70 * DAY);
    expect((await me(body.data[0]!.access_token)).body).toMatchObject({ id: body.data[0]!.id, name: 'Sandbox fb-two-pages' });
    // The long-lived User token itself lapsed after 60 days.
    expect((await me(long.access_token)).body.error).toMatchObject({ code: 190, error_subcode: 463 });
  });

  it('gives a Page token from a short-lived User token only that token\'s hour, and refuses to exchange a Page token', async () => {
    const short = await userToken('fb-short');
    const { body } = await pagesOf(short);
    const pageToken = body.data[0]!.access_token;
    const exchanged = await fetch(urlWith(`${graph()}/oauth/access_token`, { grant_type: 'fb_exchange_token', client_id: client.clientId, client_secret: client.clientSecret, fb_exchange_token: pageToken }));
    expect(exchanged.status).toBe(400);
    clock.advance(HOUR + 1000);
    expect((await me(pageToken)).body.error).toMatchObject({ code: 190, error_subcode: 463 });
  });

  it('invalidates only the Page whose role was removed (190/492), and every token when the app is removed', async () => {
    const long = await longLived(await userToken('fb-role'));
    const [first, second] = (await pagesOf(long.access_token)).body.data;

    await sandbox.control.revokeAccess('facebook', 'fb-role.page-2');

    expect((await me(second!.access_token)).body.error).toMatchObject({ code: 190, error_subcode: 492 });
    expect((await me(first!.access_token)).status).toBe(200);
    await fetch(`${graph()}/me/permissions`, { method: 'DELETE', headers: { authorization: `Bearer ${long.access_token}` } });
    expect((await me(first!.access_token)).body.error).toMatchObject({ code: 190 });
  });

  it('lets a user who manages no Page list none', async () => {
    const long = await longLived(await userToken('nopages-fb'));
    expect((await pagesOf(long.access_token)).body.data).toEqual([]);
  });
});
