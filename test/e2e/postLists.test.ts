import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ConnectionList } from '../../shared/api/connections';
import type { Post } from '../../shared/api/posts';
import type { Platform } from '../../shared/platforms';
import { launchBrowser, openSession, shown, signInThroughUi } from '../support/browser';
import { callApi, createUser, type TestUser } from '../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../support/connect';
import { createPost, tinyJpeg, uploadMedia, waitForPost } from '../support/posts';
import { testOptions } from '../support/postOptions';

const twin = inject('twin');
const run = Date.now().toString(36);
const text = {
  first: `First post ${run}`,
  second: `Second post ${run}`,
  partial: `Partly published post ${run}`,
};

let browser: Browser;
let user: TestUser;
let posts: Record<keyof typeof text, Post>;
let linkedinAccount: string;

/** Publishes an image post through the API and waits until it has finished. */
async function publish(owner: TestUser, accounts: Record<Platform, string>, body: { description: string; title?: string; platforms: Platform[] }): Promise<Post> {
  const key = await uploadMedia(twin, owner.userId, { kind: 'image', body: tinyJpeg });
  const created = await createPost(twin, owner, {
    description: body.description,
    ...(body.title ? { title: body.title } : {}),
    media: [{ key }],
    targets: body.platforms.map((platform) => ({ platform, accountId: accounts[platform], ...testOptions(platform) })),
  });
  if (created.status !== 200) throw new Error(`POST /posts answered ${created.status}: ${JSON.stringify(created.body)}`);
  return waitForPost(twin, owner, (created.body as unknown as Post).postId);
}

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(twin);
  await makeAdmin(twin, user);
  const names = {} as Record<Platform, string>;
  for (const platform of ['x', 'linkedin', 'tiktok'] as const) {
    names[platform] = sandboxAccountName(platform);
    await connectThroughOAuth(twin, user, platform, names[platform]);
  }
  const { body } = await callApi(twin, '/connections', user.idToken);
  const accounts = Object.fromEntries(
    (body as unknown as ConnectionList).connections.map((connection) => [connection.platform, connection.platformUserId]),
  ) as Record<Platform, string>;

  const first = await publish(user, accounts, { description: text.first, platforms: ['x', 'linkedin'] });
  const second = await publish(user, accounts, { description: text.second, title: 'Second title', platforms: ['tiktok'] });
  await sandboxControl(twin).injectFault({
    platform: 'linkedin',
    account: names.linkedin,
    method: 'POST',
    path: '/rest/posts',
    status: 422,
    body: { status: 422, message: 'Content is invalid' },
  });
  const partial = await publish(user, accounts, { description: text.partial, platforms: ['linkedin', 'tiktok'] });
  posts = { first, second, partial };
  linkedinAccount = names.linkedin;
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page, description: string) => page.getByRole('listitem').filter({ hasText: description });

async function openList(page: Page, path: 'posts' | 'scheduled') {
  await page.goto(`${twin.webUrl}/dashboard/${path}`);
}

describe('the post lists in Chromium', () => {
  it('shows published posts newest first with chips, date, statuses and live links', async () => {
    expect(posts.first.status).toBe('published');
    expect(posts.partial.status).toBe('partially_published');
    const { page, context, problems } = await openSession(browser);
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await openList(page, 'posts');

    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Published Posts');
    await expect.poll(() => page.locator('.post-content').allTextContents()).toEqual([text.partial, text.second, text.first]);
    const first = card(page, text.first);
    expect(await first.getByRole('list', { name: 'Platforms' }).getByRole('listitem').allTextContents()).toEqual(['X', 'LinkedIn']);
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const expectedDate = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(posts.first.createdAt));
    expect(await first.locator('time').textContent()).toBe(expectedDate);
    expect(expectedDate).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/);
    for (const platform of ['X', 'LinkedIn']) {
      const link = first.getByRole('link', { name: `View post on ${platform}` });
      expect(await link.getAttribute('href')).toMatch(/^https?:\/\//);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    await shown(first.getByText('Published', { exact: true }).first());
    expect(problems).toEqual([]);
    await context.close();
  });

  it('offers only the platforms present and filters by the chosen one', async () => {
    const { page, context } = await openSession(browser);
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await openList(page, 'posts');
    const filter = page.getByRole('combobox', { name: 'Platform' });
    await expect.poll(() => filter.locator('option').allTextContents()).toEqual(['All Platforms', 'LinkedIn', 'X', 'TikTok']);

    await filter.selectOption({ label: 'X' });
    await expect.poll(() => page.locator('.post-content').allTextContents()).toEqual([text.first]);
    await filter.selectOption({ label: 'TikTok' });
    await expect.poll(() => page.locator('.post-content').allTextContents()).toEqual([text.partial, text.second]);
    await filter.selectOption({ label: 'All Platforms' });
    await expect.poll(() => page.locator('.post-content').allTextContents()).toHaveLength(3);
    await context.close();
  });

  it('opens a post full screen on click and closes it with Escape or the close button', async () => {
    const { page, context } = await openSession(browser);
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await openList(page, 'posts');
    const opener = card(page, text.first).getByRole('button', { name: text.first, exact: true });
    await opener.click();

    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Untitled Post');
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    await shown(dialog.getByText(text.first));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);

    await card(page, text.second).getByRole('button', { name: text.second, exact: true }).click();
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Second title');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await context.close();
  });

  it('shows why a target failed and brings the post to published with Retry failed', async () => {
    const { page, context } = await openSession(browser);
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await openList(page, 'posts');
    const partial = card(page, text.partial);
    await expect.poll(() => partial.getByText('Partially published').isVisible()).toBe(true);
    await shown(partial.getByText(/Content is invalid/));

    // LinkedIn answers the retry slowly, so the post is seen publishing again before it finishes.
    await sandboxControl(twin).injectFault({ platform: 'linkedin', account: linkedinAccount, method: 'POST', path: '/rest/posts', delayMs: 2_000 });
    await partial.getByRole('button', { name: 'Retry failed' }).click();

    await expect.poll(() => partial.getByText('Publishing', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => partial.getByText('Partially published').count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => partial.getByRole('link', { name: 'View post on LinkedIn' }).count(), { timeout: 20_000 }).toBe(1);
    expect(await partial.getByText(/Content is invalid/).count()).toBe(0);
    expect(await partial.getByRole('button', { name: 'Retry failed' }).count()).toBe(0);
    await context.close();
  });

  it('tells a new user there are no posts on either list', async () => {
    const newcomer = await createUser(twin);
    const { page, context } = await openSession(browser);
    await signInThroughUi(page, twin.webUrl, newcomer.email, newcomer.password);
    await openList(page, 'posts');
    await expect.poll(() => page.getByText('No published posts yet').isVisible()).toBe(true);
    await openList(page, 'scheduled');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Scheduled Posts');
    await expect.poll(() => page.getByText('No scheduled posts yet').isVisible()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Platform' }).locator('option').allTextContents()).toEqual(['All Platforms']);
    await context.close();
  });

  it('speaks Turkish on a Turkish browser', async () => {
    const { page, context } = await openSession(browser, { locale: 'tr-TR' });
    await page.goto(`${twin.webUrl}/login`);
    await page.getByLabel('E-posta').fill(user.email);
    await page.getByLabel('Şifre').fill(user.password);
    await page.getByRole('button', { name: 'Giriş yap' }).click();
    await page.waitForURL(`${twin.webUrl}/dashboard`);
    await openList(page, 'posts');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Yayınlanan Gönderiler');
    expect(await page.getByRole('combobox', { name: 'Platform' }).locator('option').first().textContent()).toBe('Tüm Platformlar');
    await context.close();
  });
});
