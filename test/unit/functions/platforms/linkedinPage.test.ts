import { describe, expect, it } from 'vitest';
import { createLinkedinPageAdapter } from '../../../../functions/platforms/linkedinPage/adapter';
import { createLinkedinPageMetricsReader } from '../../../../functions/platforms/linkedinPage/metrics';
import { createLinkedinPagePublisher } from '../../../../functions/platforms/linkedinPage/publisher';
import { readLinkedinOptions } from '../../../../functions/platforms/linkedinRest/options';
import { AuthExpired, Rejected } from '../../../../functions/platforms/errors';
import { createPlatformHttp } from '../../../../functions/platforms/http';
import { platformHosts } from '../../../../functions/platforms/registry';
import { adapterWith, baseTokens, clock, credentials, formOf, jsonOf, memoryMedia, now, publisherWith, publishRequest, queryOf, recordingFetch, type CannedResponse } from './harness';

const redirectUri = 'https://app.example/api/connections/linkedinPage/callback';
const pageAdapter = (responses: CannedResponse[] = []) => adapterWith('linkedinPage', (deps) => createLinkedinPageAdapter({ ...deps, options: readLinkedinOptions({}) }), responses);
const restHeaders = { authorization: 'Bearer access-1', 'linkedin-version': '202609', 'x-restli-protocol-version': '2.0.0' };
const organization = { platformUserId: '12345678', username: 'northwind' };
const orgTokens = { ...baseTokens, scopes: ['w_organization_social', 'r_organization_social', 'rw_organization_admin'], platformData: { organization: '12345678', role: 'ADMINISTRATOR' } };
const acl = (id: string, role: string, state = 'APPROVED') => ({ roleAssignee: 'urn:li:person:abc', state, role, organization: `urn:li:organization:${id}` });
const lookedUp = (id: string, name: string, vanityName: string) => ({
  body: { id: Number(id), localizedName: name, vanityName, logoV2: { original: 'urn:li:digitalmediaAsset:C4D', 'original~': { elements: [{ identifiers: [{ identifier: `https://media.licdn.com/${id}.png` }] }] } } },
});

describe('LinkedIn Page adapter (Community Management API)', () => {
  it('asks for the organization scopes, space-separated, on LinkedIn\'s authorization page', async () => {
    const { adapter } = pageAdapter();
    const url = new URL((await adapter.authorizeUrl({ state: 'linkedinPage_abc', redirectUri })).url);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.linkedin.com/oauth/v2/authorization');
    expect(queryOf(url)).toEqual({ response_type: 'code', client_id: credentials.clientId, redirect_uri: redirectUri, state: 'linkedinPage_abc', scope: 'w_organization_social r_organization_social rw_organization_admin' });
  });

  it('keeps the 60-day access token and the 365-day refresh token the code is exchanged for', async () => {
    const { adapter, requests } = pageAdapter([{ body: { access_token: 'AQV1', expires_in: 5_184_000, refresh_token: 'AQX1', refresh_token_expires_in: 31_536_000, scope: 'r_organization_social,rw_organization_admin,w_organization_social' } }]);
    const tokens = await adapter.exchangeCode({ code: 'AQT1', redirectUri });
    expect(formOf(requests[0]!)).toEqual({ grant_type: 'authorization_code', code: 'AQT1', redirect_uri: redirectUri, client_id: credentials.clientId, client_secret: credentials.clientSecret });
    expect(tokens).toEqual({
      accessToken: 'AQV1',
      refreshToken: 'AQX1',
      accessTokenExpiresAt: new Date(now.getTime() + 5_184_000_000).toISOString(),
      refreshTokenExpiresAt: new Date(now.getTime() + 31_536_000_000).toISOString(),
      accessTokenIssuedAt: now.toISOString(),
      scopes: ['r_organization_social', 'rw_organization_admin', 'w_organization_social'],
    });
    expect(adapter.canRefresh(tokens)).toBe(true);
  });

  it('offers the organizations the member may post for, once each under the strongest role, with their names and logos; an ANALYST role is not offered', async () => {
    const { adapter, requests } = pageAdapter([
      { body: { elements: [acl('111', 'ADMINISTRATOR'), acl('222', 'CONTENT_ADMIN'), acl('333', 'ANALYST'), acl('222', 'DIRECT_SPONSORED_CONTENT_POSTER'), acl('444', 'ADMINISTRATOR', 'REQUESTED')], paging: { start: 0, count: 5 } } },
      lookedUp('111', 'Northwind', 'northwind'),
      lookedUp('222', 'Northwind Labs', 'northwind-labs'),
    ]);
    const member = { ...baseTokens, scopes: ['w_organization_social', 'rw_organization_admin'] };

    const accounts = await adapter.listAccounts!(member);

    expect(requests[0]!.url.toString()).toBe('https://api.linkedin.com/rest/organizationAcls?q=roleAssignee&state=APPROVED&start=0&count=100');
    expect(requests[0]!.headers).toMatchObject(restHeaders);
    expect(requests.slice(1).map((request) => decodeURIComponent(request.url.toString()))).toEqual([
      'https://api.linkedin.com/rest/organizations/111?projection=(id,localizedName,vanityName,logoV2(original~:playableStreams))',
      'https://api.linkedin.com/rest/organizations/222?projection=(id,localizedName,vanityName,logoV2(original~:playableStreams))',
    ]);
    expect(accounts).toEqual([
      { profile: { platformUserId: '111', displayName: 'Northwind', username: 'northwind', avatarUrl: 'https://media.licdn.com/111.png' }, tokens: { ...member, platformData: { organization: '111', role: 'ADMINISTRATOR' } } },
      { profile: { platformUserId: '222', displayName: 'Northwind Labs', username: 'northwind-labs', avatarUrl: 'https://media.licdn.com/222.png' }, tokens: { ...member, platformData: { organization: '222', role: 'CONTENT_ADMIN' } } },
    ]);
  });

  it('offers nothing to a member without a posting role, and refuses an answer without the list in words', async () => {
    expect(await pageAdapter([{ body: { elements: [acl('333', 'ANALYST')] } }]).adapter.listAccounts!(baseTokens)).toEqual([]);
    await expect(pageAdapter([{ body: { paging: {} } }]).adapter.listAccounts!(baseTokens)).rejects.toThrow(new Rejected('LinkedIn answered without the list of the organizations you manage.'));
  });

  it('refreshes with the refresh token, keeping which organization the connection posts as; a refused refresh needs a reconnect', async () => {
    const { adapter, requests } = pageAdapter([{ body: { access_token: 'AQV2', expires_in: 5_184_000, refresh_token: 'AQX1', refresh_token_expires_in: 31_000_000 } }]);
    const refreshed = await adapter.refresh(orgTokens);
    expect(formOf(requests[0]!)).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-1', client_id: credentials.clientId, client_secret: credentials.clientSecret });
    expect(refreshed).toMatchObject({ accessToken: 'AQV2', refreshToken: 'AQX1', scopes: orgTokens.scopes, platformData: orgTokens.platformData });

    const refused = pageAdapter([{ status: 400, body: { error: 'invalid_request', error_description: 'The provided authorization grant or refresh token is invalid, expired or revoked.' } }]);
    await expect(refused.adapter.refresh(orgTokens)).rejects.toBeInstanceOf(AuthExpired);
  });

  it('revokes a consent that offered no organization, and leaves the member\'s grant alone when one organization is disconnected', async () => {
    const consent = pageAdapter([{ status: 200 }]);
    await consent.adapter.revoke(baseTokens);
    expect(consent.requests.map((request) => request.url.toString())).toEqual(['https://www.linkedin.com/oauth/v2/revoke']);
    const one = pageAdapter();
    await one.adapter.revoke(orgTokens);
    expect(one.requests).toEqual([]);
  });
});

describe('LinkedIn Page publisher (as the organization)', () => {
  it('uploads an image as the organization and posts it as the organization, always PUBLIC', async () => {
    const { publisher, requests } = publisherWith('linkedinPage', createLinkedinPagePublisher, [
      { body: { value: { uploadUrl: 'https://www.linkedin.com/dms-uploads/img1', image: 'urn:li:image:1' } } },
      { status: 201 },
      { status: 201, headers: { 'x-restli-id': 'urn:li:share:7001' } },
    ]);
    const image = memoryMedia({ kind: 'image', size: 300 });
    const started = await publisher.start(publishRequest({ account: organization, media: [image] }));
    expect(jsonOf(requests[0]!)).toEqual({ initializeUploadRequest: { owner: 'urn:li:organization:12345678' } });
    const published = await publisher.publish(publishRequest({ account: organization, media: [image], progress: started.progress }));
    expect(jsonOf(requests[2]!)).toMatchObject({ author: 'urn:li:organization:12345678', visibility: 'PUBLIC', content: { media: { id: 'urn:li:image:1' } }, lifecycleState: 'PUBLISHED' });
    expect(published).toMatchObject({ state: 'published', platformPostId: 'urn:li:share:7001', postUrl: 'https://www.linkedin.com/feed/update/urn:li:share:7001' });
  });

  it('refuses a document without its title before uploading anything, in words', async () => {
    const { publisher, requests } = publisherWith('linkedinPage', createLinkedinPagePublisher);
    const pdf = memoryMedia({ kind: 'document', contentType: 'application/pdf', extension: 'pdf', size: 400 });
    await expect(publisher.start(publishRequest({ account: organization, media: [pdf] }))).rejects.toThrow(new Rejected('A LinkedIn Page document needs a title: LinkedIn shows it above the pages.'));
    expect(requests).toEqual([]);
  });

  it('comments as the organization', async () => {
    const { publisher, requests } = publisherWith('linkedinPage', createLinkedinPagePublisher, [{ status: 201, headers: { 'x-restli-id': 'urn:li:comment:(urn:li:share:7001,7002)' } }]);
    const result = await publisher.firstComment!({ ...publishRequest({ account: organization }), post: { platformPostId: 'urn:li:share:7001', postUrl: 'https://www.linkedin.com/feed/update/urn:li:share:7001' }, text: 'Read more on our blog' } as never);
    expect(jsonOf(requests[0]!)).toEqual({ actor: 'urn:li:organization:12345678', object: 'urn:li:share:7001', message: { text: 'Read more on our blog' } });
    expect(result.commentId).toBe('urn:li:comment:(urn:li:share:7001,7002)');
  });

  it('says the connection needs reconnecting, in its words, when LinkedIn refuses an act as the organization (the role was removed)', async () => {
    const { publisher } = publisherWith('linkedinPage', createLinkedinPagePublisher, [
      { status: 403, body: { status: 403, serviceErrorCode: 100, code: 'ACCESS_DENIED', message: 'Not enough permissions to upload on behalf of urn:li:organization:12345678.' } },
    ]);
    const attempt = publisher.start(publishRequest({ account: organization, media: [memoryMedia({ kind: 'image', size: 300 })] }));
    await expect(attempt).rejects.toBeInstanceOf(AuthExpired);
    await expect(attempt).rejects.toThrow('LinkedIn no longer lets the member who connected this Page post as the organization (their role on the Page was removed or changed): reconnect as one of its admins.');
  });
});

describe('LinkedIn Page metrics (organizationalEntityShareStatistics)', () => {
  const reader = (responses: CannedResponse[] = []) => {
    const { fetchImpl, requests } = recordingFetch(responses);
    return { reader: createLinkedinPageMetricsReader({ credentials, hosts: { ...platformHosts.linkedinPage }, http: createPlatformHttp('linkedinPage', fetchImpl), clock, options: readLinkedinOptions({}) }), requests };
  };

  it('reads the lifetime statistics of several posts in one call, as views, likes, comments and shares', async () => {
    const statistics = (share: string, impressionCount: number) => ({ share, organizationalEntity: 'urn:li:organization:12345678', totalShareStatistics: { impressionCount, clickCount: 3, likeCount: 7, commentCount: 2, shareCount: 1, uniqueImpressionsCount: 90, engagement: 0.1 } });
    const { reader: metrics, requests } = reader([{ body: { elements: [statistics('urn:li:share:1', 120), statistics('urn:li:share:2', 40), statistics('urn:li:share:9', 5)] } }]);
    const result = await metrics.read(orgTokens, ['urn:li:share:1', 'urn:li:share:2']);
    expect(requests[0]!.url.toString()).toBe(
      'https://api.linkedin.com/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=urn%3Ali%3Aorganization%3A12345678&shares=List(urn%3Ali%3Ashare%3A1,urn%3Ali%3Ashare%3A2)',
    );
    expect(requests[0]!.headers).toMatchObject(restHeaders);
    expect(result).toEqual({ 'urn:li:share:1': { views: 120, likes: 7, comments: 2, shares: 1 }, 'urn:li:share:2': { views: 40, likes: 7, comments: 2, shares: 1 } });
  });

  it('is available only to an ADMINISTRATOR of the organization with rw_organization_admin, and says why otherwise', () => {
    const { reader: metrics } = reader();
    expect(metrics.availability(orgTokens)).toEqual({ available: true });
    expect(metrics.availability({ ...orgTokens, platformData: { organization: '12345678', role: 'CONTENT_ADMIN' } })).toEqual({
      available: false,
      reason: "LinkedIn shares a Page's post statistics only with its administrators, and the member who connected this Page is not one.",
    });
  });
});
