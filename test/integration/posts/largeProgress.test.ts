import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import { localBucketNames, localCredentials, localRegion } from '../../../infra/local/environment';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import { attachmentPrefix } from '../../../functions/platforms/progressAttachments';
import { callApi, createUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../../support/connect';
import { createPost, sampleVideo, uploadMedia, waitForPost } from '../../support/posts';

const twin = inject('twin');

async function exists(key: string): Promise<boolean> {
  const s3 = new S3Client({ endpoint: twin.endpoints.s3, region: localRegion, credentials: localCredentials, forcePathStyle: true });
  try {
    await s3.send(new HeadObjectCommand({ Bucket: localBucketNames.media, Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  } finally {
    s3.destroy();
  }
}

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
