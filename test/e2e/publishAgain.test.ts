import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ConnectionList } from '../../shared/api/connections';
import type { Post } from '../../shared/api/posts';
import { launchBrowser, openSession, signInThroughUi } from '../support/browser';
import { callApi, createUser, type TestUser } from '../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../support/connect';
import { createPost, tinyJpeg, uploadMedia, waitForPost } from '../support/posts';

const twin = inject('twin');
const description = `Lost answer ${Date.now().toString(36)}`;
let browser: Browser;
let user: TestUser;
let account: string;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(twin);
  await makeAdmin(twin, user);
  account = sandboxAccountName('linkedin');
  await connectThroughOAuth(twin, user, 'linkedin', account);
  const accountId = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections[0]!.platformUserId;
  const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
  // The connection drops as LinkedIn is asked to post: nobody can tell whether it did.
  await sandboxControl(twin).injectFault({ platform: 'linkedin', account, method: 'POST', path: '/rest/posts', dropConnection: 'before' });
  const created = await createPost(twin, user, { description, media: [{ key }], targets: [{ platform: 'linkedin', accountId }] });
  const failed = await waitForPost(twin, user, (created.body as unknown as Post).postId);
  if (failed.targets[0]?.failureCode !== 'outcome_unknown') throw new Error(`expected "check your account": ${JSON.stringify(failed.targets)}`);
});
afterAll(async () => {
  await browser?.close();
});

describe('"It was not published — publish again" in the post modal', () => {
  it('shows the reason, asks to check the account first, then publishes', async () => {
    const { page, context } = await openSession(browser);
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await page.goto(`${twin.webUrl}/dashboard/posts`);
    await page.getByRole('listitem').filter({ hasText: description }).getByRole('button', { name: description, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('LinkedIn could not tell us whether this post was published.').isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'It was not published — publish again' }).click();
    await expect.poll(() => dialog.getByText(/Open your LinkedIn account first and check/).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'I checked: publish again' }).click();

    await expect.poll(() => dialog.getByRole('link', { name: 'View post on LinkedIn' }).count(), { timeout: 20_000 }).toBe(1);
    expect(await dialog.getByRole('button', { name: 'It was not published — publish again' }).count()).toBe(0);
    expect((await sandboxControl(twin).feed('linkedin', account)).posts).toHaveLength(1);
    await context.close();
  });
});
