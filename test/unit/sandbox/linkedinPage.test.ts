import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allow, clients, DAY, formPost, publishingScopes, redirectUri, startTestSandbox, urlWith, type TestClock } from './harness';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { linkedinOrganizationId } from '../../../infra/local/sandbox/linkedinPage/identity';

/** LinkedIn's Community Management sandbox: a member administering two organizations, refresh tokens, roles that can be taken. */
let sandbox: Sandbox;
let clock: TestClock;
beforeAll(async () => {
  ({ sandbox, clock } = await startTestSandbox());
});
afterAll(() => sandbox.stop());

const client = clients.linkedinPage;
const api = () => sandbox.hostUrl('linkedinPage', 'api');
const www = () => sandbox.hostUrl('linkedinPage', 'www');
const rest = (token: string, init: RequestInit = {}): RequestInit => ({ ...init, headers: { authorization: `Bearer ${token}`, 'linkedin-version': '202601', 'x-restli-protocol-version': '2.0.0', 'content-type': 'application/json' } });

async function connect(account: string): Promise<{ access_token: string; refresh_token: string; expires_in: number; refresh_token_expires_in: number }> {
  const authorizeUrl = urlWith(`${www()}/oauth/v2/authorization`, { client_id: client.clientId, redirect_uri: redirectUri, response_type: 'code', scope: publishingScopes.linkedinPage, state: 'li-state' });
  const { code } = await allow(sandbox, 'linkedinPage', authorizeUrl, account, `Sandbox ${account}`);
  const response = await fetch(`${www()}/oauth/v2/accessToken`, formPost({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: client.clientId, client_secret: client.clientSecret }));
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token: string; expires_in: number; refresh_token_expires_in: number };
}

async function acls(token: string) {
  const response = await fetch(`${api()}/rest/organizationAcls?q=roleAssignee&state=APPROVED`, rest(token));
  return (await response.json()) as { elements: Array<{ role: string; state: string; organization: string }> };
}

const post = (token: string, author: string) =>
  fetch(`${api()}/rest/posts`, rest(token, { method: 'POST', body: JSON.stringify({ author, commentary: 'Hello from the Page', visibility: 'PUBLIC', distribution: { feedDistribution: 'MAIN_FEED' }, lifecycleState: 'PUBLISHED' }) }));

describe('the LinkedIn Page sandbox', () => {
  it('lists the member\'s roles: ADMINISTRATOR of two organizations, ANALYST of a third; a noorgs member has none', async () => {
    const { access_token } = await connect('li-two-orgs');
    const listed = await acls(access_token);
    expect(listed.elements.map((element) => [element.role, element.organization])).toEqual([
      ['ADMINISTRATOR', `urn:li:organization:${linkedinOrganizationId('li-two-orgs')}`],
      ['ADMINISTRATOR', `urn:li:organization:${linkedinOrganizationId('li-two-orgs.org-2')}`],
      ['ANALYST', `urn:li:organization:${linkedinOrganizationId('li-two-orgs.org-3')}`],
    ]);
    const organization = await fetch(`${api()}/rest/organizations/${linkedinOrganizationId('li-two-orgs.org-2')}?projection=(id,localizedName,vanityName,logoV2(original~:playableStreams))`, rest(access_token));
    expect(await organization.json()).toMatchObject({ localizedName: 'Sandbox li-two-orgs (Page 2)', logoV2: { 'original~': { elements: [{ identifiers: [{ identifier: expect.stringMatching(/^http/) }] }] } } });
    expect((await acls((await connect('noorgs-member')).access_token)).elements).toEqual([]);
  });

  it('posts as an organization the member administers, never as one they only analyse, and answers 403 once the role is taken', async () => {
    const { access_token } = await connect('li-role');
    await acls(access_token);
    const second = `urn:li:organization:${linkedinOrganizationId('li-role.org-2')}`;
    expect((await post(access_token, second)).status).toBe(201);
    expect((await post(access_token, `urn:li:organization:${linkedinOrganizationId('li-role.org-3')}`)).status).toBe(403);
    expect((await sandbox.control.feed('linkedinPage', 'li-role.org-2')).posts).toHaveLength(1);

    await sandbox.control.revokeAccess('linkedinPage', 'li-role.org-2');
    const refused = await post(access_token, second);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'ACCESS_DENIED', message: expect.stringContaining(second) });
    // The first organization is still the member's.
    expect((await post(access_token, `urn:li:organization:${linkedinOrganizationId('li-role')}`)).status).toBe(201);
  });

  it('refreshes with a 365-day refresh token that refreshing does not extend', async () => {
    const first = await connect('li-refresh');
    expect([first.expires_in, first.refresh_token_expires_in]).toEqual([5_184_000, 31_536_000]);
    clock.advance(10 * DAY);
    const response = await fetch(`${www()}/oauth/v2/accessToken`, formPost({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: client.clientId, client_secret: client.clientSecret }));
    const refreshed = (await response.json()) as { access_token: string; refresh_token: string; refresh_token_expires_in: number };
    expect(refreshed.refresh_token).toBe(first.refresh_token);
    expect(refreshed.refresh_token_expires_in).toBe(31_536_000 - 10 * 86_400);
    expect((await fetch(`${api()}/rest/organizationAcls?q=roleAssignee`, rest(refreshed.access_token))).status).toBe(200);
  });

  it('answers an organization\'s share statistics only for its own posts', async () => {
    const { access_token } = await connect('li-stats');
    await acls(access_token);
    const author = `urn:li:organization:${linkedinOrganizationId('li-stats')}`;
    const urn = (await post(access_token, author)).headers.get('x-restli-id')!;
    clock.advance(DAY);
    const query = `q=organizationalEntity&organizationalEntity=${encodeURIComponent(author)}&shares=List(${encodeURIComponent(urn)},${encodeURIComponent('urn:li:share:1')})`;
    const response = await fetch(`${api()}/rest/organizationalEntityShareStatistics?${query}`, rest(access_token));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { elements: Array<{ share: string; totalShareStatistics: { impressionCount: number } }> };
    expect(body.elements.map((element) => element.share)).toEqual([urn]);
    expect(body.elements[0]!.totalShareStatistics.impressionCount).toBeGreaterThan(0);
  });
});
