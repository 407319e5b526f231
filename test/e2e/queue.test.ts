import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ConnectionList } from '../../shared/api/connections';
import type { CreatedPost, Post } from '../../shared/api/posts';
import { instantToWallTime } from '../../shared/scheduling';
import { launchBrowser, openSession, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../support/connect';
import { createPost, tinyJpeg, uploadMedia } from '../support/posts';
import { runDueAt } from '../support/executions';
import { callApi, createUser, type TestUser } from '../support/users';

const twin = inject('twin');
/** The browser's zone (UTC+3 all year); the personal workspace has none, so the queue reads its times in it. */
const ZONE = 'Europe/Istanbul';
const MINUTE = 60_000;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
let browser: Browser;
let user: TestUser;
let account: string;
let accountId: string;
/** The name the app shows for the account (its handle). */
let accountName: string;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(twin);
  await makeAdmin(twin, user);
  account = sandboxAccountName('e2e-queue');
  await connectThroughOAuth(twin, user, 'x', account);
  const connection = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections[0]!;
  accountId = connection.platformUserId;
  accountName = connection.username ?? connection.displayName;
});
afterAll(async () => {
  await browser?.close();
});

const getPost = async (postId: string) => (await callApi(twin, `/posts/${postId}`, user.idToken)).body as unknown as Post;
const shown = (at: Date | string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(new Date(at));

describe('the posting queue in Chromium', () => {
  it('sets weekly times, queues three posts (one from the wizard), reorders by keyboard, skips a time, and each publishes once at its time on the twin\'s clock', async () => {
    const { page, context, problems } = await openSession(browser, { timezoneId: ZONE });
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    // Four times an hour apart from half an hour ahead (beyond the file's run: the twin's clock brings them on).
    const first = Math.ceil((Date.now() + 30 * MINUTE) / MINUTE) * MINUTE;
    const times = Array.from({ length: 4 }, (_, index) => new Date(first + index * 60 * MINUTE));

    // The Queue view: no data yet, so the default times, said so; replaced by four set here.
    await page.getByRole('link', { name: 'Queue', exact: true }).click();
    await page.waitForURL(`${twin.webUrl}/dashboard/queue`);
    await expect.poll(() => page.getByText(/^These are default times/).isVisible(), { timeout: 15_000 }).toBe(true);
    const remove = page.getByRole('button', { name: /^Remove / });
    while ((await remove.count()) > 0) await remove.first().click();
    for (const [index, at] of times.entries()) {
      await page.getByRole('button', { name: 'Add a time' }).click();
      const wall = instantToWallTime(at, ZONE);
      const weekday = (new Date(`${wall.date}T00:00:00Z`).getUTCDay() + 6) % 7;
      await page.getByLabel(`Day of time ${index + 1}`).selectOption(WEEKDAYS[weekday]!);
      await page.getByLabel(`Time ${index + 1}`, { exact: true }).fill(wall.time);
    }
    await page.getByRole('button', { name: 'Save times' }).click();
    await expect.poll(() => page.getByText(/^These are default times/).count()).toBe(0);
    const nextTimes = page.getByRole('region', { name: 'Next times' }).getByRole('listitem');
    await expect.poll(() => nextTimes.locator('time').first().textContent()).toBe(shown(times[0]!));

    // One post from the wizard: "Add to queue" says where it goes before, and where it went after.
    await page.getByRole('link', { name: 'New Post' }).click();
    await page.getByLabel('Choose files to upload').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await expect.poll(() => next.isEnabled(), { timeout: 15_000 }).toBe(true);
    await next.click();
    await page.getByRole('button', { name: /^X Sandbox/ }).click();
    await next.click();
    const texts = ['Queued first', 'Queued second', 'Queued third'].map((text) => `${text} ${Date.now()}`);
    await page.getByLabel('Description').fill(texts[0]!);
    await next.click();
    await page.getByRole('radio', { name: 'Add to queue' }).check();
    const before = page.getByRole('list', { name: 'It will go out at:' });
    await expect.poll(() => before.textContent()).toBe(`${shown(times[0]!)}: X ${accountName}`);
    await page.getByRole('button', { name: 'Add to queue', exact: true }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Added to the queue:' }).textContent(), { timeout: 15_000 }).toBe(`${shown(times[0]!)}: X ${accountName}`);

    // Two more through the API, as the CSV import and the feeds add them.
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const ids: string[] = [];
    for (const text of texts.slice(1)) {
      const created = await createPost(twin, user, { description: text, media: [{ key }], targets: [{ platform: 'x', accountId }], queue: {}, timeZone: ZONE });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      ids.push((created.body as unknown as CreatedPost).postId);
    }

    // Reorder by keyboard: the third post's handle, Space, up twice, Space: it goes first.
    await page.getByRole('link', { name: 'Open the queue' }).click();
    const queued = page.getByRole('region', { name: 'Queued posts' }).getByRole('listitem');
    await expect.poll(() => queued.count()).toBe(3);
    const handle = page.getByRole('button', { name: `Move: ${texts[2]}` });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByText(`Picked up "${texts[2]}", position 3 of 3.`).count()).toBeGreaterThan(0);
    // Up until it is first, as a person presses on while hearing where it is: dnd-kit may scroll the page on a press before it moves the post.
    const said = page.locator('[id^="DndLiveRegion"]');
    await expect
      .poll(async () => {
        const now = await said.textContent();
        if (!now?.includes('position 1 of 3')) await page.keyboard.press('ArrowUp');
        return now;
      }, { timeout: 10_000 })
      .toBe(`"${texts[2]}" is at position 1 of 3.`);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await getPost(ids[1]!)).scheduledFor, { timeout: 15_000 }).toBe(times[0]!.toISOString());
    await expect.poll(() => queued.locator('.queue-text').allTextContents()).toEqual([texts[2], texts[0], texts[1]]);

    // Skip the first time: the three take the next three.
    await page.getByRole('button', { name: `Skip ${shown(times[0]!)}` }).click();
    await expect.poll(async () => (await getPost(ids[1]!)).scheduledFor, { timeout: 15_000 }).toBe(times[1]!.toISOString());
    await expect.poll(() => nextTimes.first().textContent()).toContain('Skipped');
    expect(await queued.locator('time').allTextContents()).toEqual(times.slice(1).map(shown));

    // Their times come on the twin's clock: each publishes once, in the new order.
    for (const at of times.slice(1)) await runDueAt(twin, user.userId, at);
    await expect.poll(async () => (await sandboxControl(twin).feed('x', account)).posts.map((post) => post.text), { timeout: 30_000 }).toEqual(expect.arrayContaining(texts));
    const feed = (await sandboxControl(twin).feed('x', account)).posts;
    expect(feed).toHaveLength(3);
    await page.reload();
    await expect.poll(() => page.getByText('Nothing is queued for this account. In New Post, choose "Add to queue".').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
