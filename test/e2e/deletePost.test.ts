import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { localBucketNames, localCredentials, localRegion } from '../../infra/local/environment';
import { launchBrowser, openSession, signInThroughUi } from '../support/browser';
import { storageUsage, uploadThroughApi } from '../support/apiUploads';
import { tinyJpeg } from '../support/posts';
import { storePost } from '../support/storedPosts';
import { createUser, type TestUser } from '../support/users';

/** The post modal's Delete: the confirmation's words, the media option, and Settings' storage line. */
const twin = inject('twin');
let browser: Browser;
let user: TestUser;

async function exists(key: string): Promise<boolean> {
  const s3 = new S3Client({ endpoint: twin.endpoints.s3, region: localRegion, credentials: localCredentials, forcePathStyle: true });
  try {
    await s3.send(new HeadObjectCommand({ Bucket: localBucketNames.media, Key: key }));
    return true;
  } catch {
    return false;
  } finally {
    s3.destroy();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(twin);
});
afterAll(async () => {
  await browser?.close();
});

describe('deleting a post in Chromium', () => {
  it('asks first, says the platforms keep it, deletes the post and its media, and Settings shows the storage freed', async () => {
    const uploaded = await uploadThroughApi(twin, user, 'photo.jpg', 'image/jpeg', tinyJpeg);
    expect(uploaded.status).toBe(200);
    const description = `Post to delete ${Date.now().toString(36)}`;
    await storePost(twin, user.userId, 'published', [uploaded.body.key], description);
    const { page, context, problems } = await openSession(browser);
    await signInThroughUi(page, twin.webUrl, user.email, user.password);

    await page.goto(`${twin.webUrl}/dashboard/settings`);
    await expect.poll(() => page.getByTestId('settings-storage').textContent()).toMatch(/^Storage: .+ of 2 GB used/);

    await page.goto(`${twin.webUrl}/dashboard/posts`);
    const card = page.getByRole('listitem').filter({ hasText: description });
    await card.getByRole('button', { name: description, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = dialog.getByTestId('delete-post-confirm');
    await expect.poll(() => confirm.textContent()).toMatch(/removes the post from OneClick only\. What was published stays on the platforms/);
    expect(await confirm.getByRole('checkbox').isChecked()).toBe(true);
    await confirm.getByRole('button', { name: 'Delete post' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: description }).count()).toBe(0);
    expect(await exists(uploaded.body.key)).toBe(false);
    expect((await storageUsage(twin, user)).usedBytes).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
