import { describe, expect, inject, it } from 'vitest';
import type { ConnectionList } from '../../../shared/api/connections';
import { callApi, createUser } from '../../support/users';
import { arriveAtCallback, chooseAccounts, confirmFlow, makeAdmin, sandboxAccountName, sandboxControl, startFlow } from '../../support/connect';
import { createPost, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';
import type { Post } from '../../../shared/api/posts';

const twin = inject('twin');

async function connections(token: string): Promise<ConnectionList['connections']> {
  return ((await callApi(twin, '/connections', token)).body as unknown as ConnectionList).connections;
}

/** Consent as a LinkedIn member, back through the callback, then the confirm: the organizations to pick from. */
async function consentAndConfirm(user: Awaited<ReturnType<typeof createUser>>, account: string) {
  const flow = await startFlow(twin, user, 'linkedinPage');
  const callbackUrl = await sandboxControl(twin).consent('linkedinPage', { authorizeUrl: flow.authorizationUrl, account, displayName: `Sandbox ${account}`, decision: 'allow' });
  const state = (await arriveAtCallback(callbackUrl, flow.cookie)).searchParams.get('state')!;
  return { flow, confirmed: await confirmFlow(twin, user, 'linkedinPage', state, flow.cookie) };
}

describe('LinkedIn Pages against the sandbox', () => {
  it('offers the two organizations the member administers (not the one they only analyse), connects the one picked, and publishes a photo as it once', async () => {
    const user = await createUser(twin);
    const account = sandboxAccountName('li');

    const { flow, confirmed } = await consentAndConfirm(user, account);

    expect(confirmed.status).toBe(200);
    const choice = confirmed.body!['choice'] as { choiceId: string; accounts: Array<{ id: string; name: string; pictureUrl: string | null }> };
    expect(choice.accounts.map((organization) => organization.name)).toEqual([`Sandbox ${account}`, `Sandbox ${account} (Page 2)`]);
    expect(JSON.stringify(confirmed.body)).not.toMatch(/AQV|AQX/);
    const second = choice.accounts[1]!;
    const chosen = await chooseAccounts(twin, user, 'linkedinPage', { choiceId: choice.choiceId, accountIds: [second.id] }, flow.cookie);
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const [connection] = await connections(user.idToken);
    expect(connection).toMatchObject({ platform: 'linkedinPage', platformUserId: second.id, displayName: second.name, status: 'connected' });

    const mediaKey = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const created = await createPost(twin, user, { description: `A photo for the Page ${account}`, media: [{ key: mediaKey }], targets: [{ platform: 'linkedinPage', accountId: second.id }] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const post = await waitForPost(twin, user, (created.body as unknown as Post).postId);
    expect(post.status, JSON.stringify(post)).toBe('published');
    const feed = (await sandboxControl(twin).feed('linkedinPage', `${account}.org-2`)).posts.filter((entry) => entry.replyTo === undefined);
    expect(feed).toHaveLength(1);
    expect(feed[0]).toMatchObject({ text: `A photo for the Page ${account}`, media: [{ contentType: 'image/jpeg' }], settings: { visibility: 'PUBLIC' } });
    expect(post.targets[0]).toMatchObject({ postUrl: feed[0]!.url.replace(/\/$/, '') });
  });

  it('says in words that a member administering no organization connects nothing', async () => {
    const user = await createUser(twin);

    const { confirmed } = await consentAndConfirm(user, sandboxAccountName('noorgs'));

    expect(confirmed.status).toBe(400);
    expect(confirmed.body).toMatchObject({ code: 'no_accounts', message: expect.stringMatching(/manages no account OneClick can publish to/) });
    expect(await connections(user.idToken)).toEqual([]);
  });

  it("marks the organization needs reconnect, with the reason in words, once the member's role on it is removed", async () => {
    const user = await createUser(twin);
    await makeAdmin(twin, user);
    const account = sandboxAccountName('lirole');
    const { flow, confirmed } = await consentAndConfirm(user, account);
    const choice = confirmed.body!['choice'] as { choiceId: string; accounts: Array<{ id: string }> };
    await chooseAccounts(twin, user, 'linkedinPage', { choiceId: choice.choiceId, accountIds: choice.accounts.map((organization) => organization.id) }, flow.cookie);
    expect(await connections(user.idToken)).toHaveLength(2);

    await sandboxControl(twin).revokeAccess('linkedinPage', `${account}.org-2`);
    const mediaKey = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const created = await createPost(twin, user, { description: 'After the role was removed', media: [{ key: mediaKey }], targets: [{ platform: 'linkedinPage', accountId: choice.accounts[1]!.id }] });
    const post = await waitForPost(twin, user, (created.body as unknown as Post).postId);

    expect(post.status).toBe('failed');
    const organizations = await connections(user.idToken);
    expect(organizations.find((organization) => organization.platformUserId === choice.accounts[1]!.id)).toMatchObject({
      status: 'needs_reconnect',
      reconnectReason: expect.stringMatching(/their role on the Page was removed or changed/),
    });
    expect(organizations.find((organization) => organization.platformUserId === choice.accounts[0]!.id)).toMatchObject({ status: 'connected' });
  });
});
