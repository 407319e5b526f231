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

/** Consent as a Facebook user, back through the callback, then the confirm: the Pages to pick from. */
async function consentAndConfirm(user: Awaited<ReturnType<typeof createUser>>, account: string) {
  const flow = await startFlow(twin, user, 'facebook');
  const callbackUrl = await sandboxControl(twin).consent('facebook', { authorizeUrl: flow.authorizationUrl, account, displayName: `Sandbox ${account}`, decision: 'allow' });
  const state = (await arriveAtCallback(callbackUrl, flow.cookie)).searchParams.get('state')!;
  return { flow, confirmed: await confirmFlow(twin, user, 'facebook', state, flow.cookie) };
}

describe('Facebook Pages against the sandbox', () => {
  it('offers the two Pages the user manages, connects the one picked with its own token, and publishes a photo to it once', async () => {
    const user = await createUser(twin);
    const account = sandboxAccountName('fb');

    const { flow, confirmed } = await consentAndConfirm(user, account);

    expect(confirmed.status).toBe(200);
    const choice = confirmed.body!['choice'] as { choiceId: string; accounts: Array<{ id: string; name: string; pictureUrl: string | null }> };
    expect(choice.accounts.map((page) => page.name)).toEqual([`Sandbox ${account}`, `Sandbox ${account} (Page 2)`]);
    expect(JSON.stringify(confirmed.body)).not.toMatch(/EAA/);
    const second = choice.accounts[1]!;
    const chosen = await chooseAccounts(twin, user, 'facebook', { choiceId: choice.choiceId, accountIds: [second.id] }, flow.cookie);
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const [connection] = await connections(user.idToken);
    expect(connection).toMatchObject({ platform: 'facebook', platformUserId: second.id, displayName: second.name, status: 'connected', tokenExpiry: { state: 'valid', reconnectBy: null } });

    const mediaKey = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const created = await createPost(twin, user, { description: `A photo for the Page ${account}`, media: [{ key: mediaKey }], targets: [{ platform: 'facebook', accountId: second.id }] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const post = await waitForPost(twin, user, (created.body as unknown as Post).postId);
    expect(post.status, JSON.stringify(post)).toBe('published');
    const feed = (await sandboxControl(twin).feed('facebook', `${account}.page-2`)).posts.filter((entry) => entry.replyTo === undefined);
    expect(feed).toHaveLength(1);
    expect(feed[0]).toMatchObject({ text: `A photo for the Page ${account}`, media: [{ contentType: 'image/jpeg' }] });
    expect(post.targets[0]).toMatchObject({ postUrl: feed[0]!.url });
  });

  it('says in words that a login managing no Page connects nothing', async () => {
    const user = await createUser(twin);

    const { confirmed } = await consentAndConfirm(user, sandboxAccountName('nopages'));

    expect(confirmed.status).toBe(400);
    expect(confirmed.body).toMatchObject({ code: 'no_accounts', message: expect.stringMatching(/manages no account OneClick can publish to/) });
    expect(await connections(user.idToken)).toEqual([]);
  });

  it('marks the Page needs reconnect, with the reason in words, once the user\'s role on it is removed', async () => {
    const user = await createUser(twin);
    await makeAdmin(twin, user);
    const account = sandboxAccountName('fbrole');
    const { flow, confirmed } = await consentAndConfirm(user, account);
    const choice = confirmed.body!['choice'] as { choiceId: string; accounts: Array<{ id: string }> };
    await chooseAccounts(twin, user, 'facebook', { choiceId: choice.choiceId, accountIds: choice.accounts.map((page) => page.id) }, flow.cookie);
    expect(await connections(user.idToken)).toHaveLength(2);

    await sandboxControl(twin).revokeAccess('facebook', `${account}.page-2`);
    const mediaKey = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const created = await createPost(twin, user, { description: 'After the role was removed', media: [{ key: mediaKey }], targets: [{ platform: 'facebook', accountId: choice.accounts[1]!.id }] });
    const post = await waitForPost(twin, user, (created.body as unknown as Post).postId);

    expect(post.status).toBe('failed');
    const pages = await connections(user.idToken);
    expect(pages.find((page) => page.platformUserId === choice.accounts[1]!.id)).toMatchObject({
      status: 'needs_reconnect',
      reconnectReason: expect.stringMatching(/no longer has a role on this Page/),
    });
    expect(pages.find((page) => page.platformUserId === choice.accounts[0]!.id)).toMatchObject({ status: 'connected' });
  });
});
