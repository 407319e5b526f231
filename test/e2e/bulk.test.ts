import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Post, PostPage } from '../../shared/api/posts';
import { explained, launchBrowser, openSession, signInThroughUi } from '../support/browser';
import { userWithAccounts } from '../support/accounts';
import { createPost } from '../support/posts';
import { callApi } from '../support/users';

const twin = inject('twin');
const ZONE = 'Europe/Istanbul';
const DAY_MS = 86_400_000;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('posting at volume: a feed and bulk actions', () => {
  it('a feed item becomes one draft across two fetches; five scheduled posts move a day later in one bulk action; two chosen in the calendar move again', async () => {
    const { user, key, targets } = await userWithAccounts(twin, ['x']);
    const feedName = `e2e-${Date.now()}`;
    const feedUrl = `${twin.endpoints.sandbox}/_feeds/${feedName}.xml`;
    const put = await fetch(`${twin.endpoints.sandbox}/_feeds/${feedName}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'E2E blog', items: [{ guid: 'e2e-1', title: 'A story from the feed', link: 'https://example.com/story' }] }),
    });
    expect(put.status).toBe(204);
    const posts: Post[] = [];
    for (let index = 0; index < 5; index++) {
      const created = await createPost(twin, user, { description: `Bulk move ${index + 1}`, media: [{ key }], targets, scheduledFor: new Date(Date.now() + (index + 2) * DAY_MS).toISOString(), timeZone: ZONE });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      posts.push(created.body as unknown as Post);
    }

    const session = await openSession(browser, { timezoneId: ZONE });
    const { page } = session;
    await signInThroughUi(page, twin.webUrl, user.email, user.password);

    await explained(
      session,
      'following a feed and fetching it twice',
      async () => {
        await page.getByRole('link', { name: 'Feeds' }).click();
        await page.getByLabel('Feed address').fill(feedUrl);
        await page.getByRole('button', { name: 'Follow', exact: true }).click();
        // Followed: the form empties itself once the workspace follows the feed.
        await expect.poll(() => page.getByLabel('Feed address').inputValue(), { timeout: 30_000 }).toBe('');
        const row = page.getByRole('listitem').filter({ hasText: feedUrl });
        await row.getByRole('button', { name: 'Fetch now' }).click();
        await expect.poll(() => row.textContent()).toContain('1 new item became a draft.');
        await row.getByRole('button', { name: 'Fetch now' }).click();
        await expect.poll(() => row.textContent()).toContain('Nothing new');
      },
      twin.logFile,
    );
    const { body } = await callApi(twin, '/posts?status=draft&limit=100', user.idToken);
    expect((body as unknown as PostPage).posts.filter((post) => post.title === 'A story from the feed')).toHaveLength(1);

    await explained(session, 'moving five scheduled posts a day later', async () => {
      await page.getByRole('link', { name: 'Scheduled' }).click();
      await page.getByRole('checkbox', { name: 'Select Bulk move 1' }).click();
      await page.getByRole('checkbox', { name: 'Select Bulk move 5' }).click({ modifiers: ['Shift'] });
      await expect.poll(() => page.getByRole('heading', { name: '5 posts selected' }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Move by…' }).click();
      await page.getByRole('button', { name: 'Move', exact: true }).click();
      await expect.poll(() => page.getByText('5 done, 0 not done.').isVisible(), { timeout: 20_000 }).toBe(true);
    });
    const moved: Post[] = [];
    for (const post of posts) {
      moved.push((await callApi(twin, `/posts/${post.postId}`, user.idToken)).body as unknown as Post);
      expect(new Date(moved.at(-1)!.scheduledFor!).getTime() - new Date(post.scheduledFor!).getTime()).toBe(DAY_MS);
    }

    // In the calendar: two posts next to each other in time, chosen with a click and a Shift-click,
    // move a day later together. The first such pair within one month (five days cross at most one month's end).
    const monthOf = (post: Post) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit' }).format(new Date(post.scheduledFor!));
    const pair = [0, 1, 2, 3].find((index) => monthOf(moved[index]!) === monthOf(moved[index + 1]!))!;
    const thisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit' }).format(new Date());
    await explained(session, 'choosing two scheduled posts in the calendar and moving them a day later', async () => {
      await page.getByRole('link', { name: 'Calendar' }).click();
      await page.locator('[data-view="month"]').waitFor();
      if (monthOf(moved[pair]!) !== thisMonth) await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Select posts' }).click();
      await page.getByRole('button', { name: new RegExp(`Bulk move ${pair + 1}\\b`) }).click();
      await page.getByRole('button', { name: new RegExp(`Bulk move ${pair + 2}\\b`) }).click({ modifiers: ['Shift'] });
      await expect.poll(() => page.getByRole('heading', { name: '2 posts selected' }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: new RegExp(`Bulk move ${pair + 1}\\b`) }).getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('button', { name: 'Move by…' }).click();
      await page.getByRole('button', { name: 'Move', exact: true }).click();
      await expect.poll(() => page.getByText('2 done, 0 not done.').isVisible(), { timeout: 20_000 }).toBe(true);
    });
    for (const [index, post] of moved.entries()) {
      const now = (await callApi(twin, `/posts/${post.postId}`, user.idToken)).body as unknown as Post;
      const expected = index === pair || index === pair + 1 ? DAY_MS : 0;
      expect(new Date(now.scheduledFor!).getTime() - new Date(post.scheduledFor!).getTime(), `post ${index + 1}`).toBe(expected);
    }
    await session.context.close();
  });
});
