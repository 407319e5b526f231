import { describe, expect, inject, it } from 'vitest';
import { storedObjectExists } from '../../support/storedObjects';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import { attachmentPrefix } from '../../../functions/platforms/progressAttachments';
import { callApi, createUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../../support/connect';
import { createPost, sampleVideo, uploadMedia, waitForPost } from '../../support/posts';

const twin = inject('twin');

const exists = (key: string) => storedObjectExists(twin, 'media', key);

describe("a LinkedIn video's part list lives beside the post item", () => {
  it('is written to the media bucket during the upload, and deleted with the post', async () => {
    const user = await createUser(twin);
    await makeAdmin(twin, user);
    const name = sandboxAccountName('linkedin');
    await connectThroughOAuth(twin, user, 'linkedin', name);
    const accountId = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections[0]!.platformUserId;
    const key = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo(10) });
    const created = await createPost(twin, user, { description: `video ${Date.now()}`, media: [{ key }], targets: [{ platform: 'linkedin', accountId }] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const post = await waitForPost(twin, user, (created.body as unknown as Post).postId);
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect((await sandboxControl(twin).feed('linkedin', name)).posts).toHaveLength(1);

    const prefix = attachmentPrefix(user.userId, post.postId, post.targets[0]!.targetId);
    expect(await exists(`${prefix}linkedin-video-parts.json`)).toBe(true);
    expect(await exists(`${prefix}linkedin-video-etags.json`)).toBe(true);

    expect((await callApi(twin, `/posts/${post.postId}`, user.idToken, { method: 'DELETE' })).status).toBe(200);
    expect(await exists(`${prefix}linkedin-video-parts.json`)).toBe(false);
    expect(await exists(`${prefix}linkedin-video-etags.json`)).toBe(false);
  });
});
