import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openSession, shown, signInThroughUi } from '../support/browser';
import { contentKeyOf, contentObjectExists, moduleSessionFor, registerContent, sampleCartoon, samplePodcast } from '../support/content';
import { backdateStoredObject } from '../support/storedObjects';
import { createUser, type TestUser } from '../support/users';

const twin = inject('twin');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const cartoon = (fileName = 'cartoon.mp4') => ({ type: 'video' as const, fileName, contentType: 'video/mp4', body: sampleCartoon });
const podcast = (fileName = 'episode.m4a') => ({ type: 'podcast' as const, fileName, contentType: 'audio/mp4', body: samplePodcast });

async function openContent(user: TestUser, options: Parameters<typeof openSession>[1] = {}) {
  const session = await openSession(browser, options);
  await signInThroughUi(session.page, twin.webUrl, user.email, user.password);
  await session.page.getByRole('link', { name: 'Content', exact: true }).click();
  await session.page.waitForURL(`${twin.webUrl}/dashboard/content`);
  await expect.poll(() => session.page.getByRole('heading', { level: 1, name: 'My Content' }).isVisible()).toBe(true);
  return session;
}

const filter = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const cards = (page: Page) => page.locator('.content-card');

describe('My Content in Chromium', () => {
  it('filters All Content, Videos and Podcasts, newest first, with type badges and dates', async () => {
    const user = await createUser(twin);
    const session = await moduleSessionFor(twin, user, 'podcast');
    await registerContent(twin, session, cartoon('first.mp4'));
    await registerContent(twin, session, podcast('second.m4a'));
    const { page, context, problems } = await openContent(user);

    await expect.poll(() => cards(page).count()).toBe(2);
    expect(await cards(page).allInnerTexts()).toEqual([expect.stringContaining('second.m4a'), expect.stringContaining('first.mp4')]);
    expect(await filter(page, 'All Content').getAttribute('aria-pressed')).toBe('true');
    const first = cards(page).filter({ hasText: 'first.mp4' });
    await shown(first.getByText('Video', { exact: true }));
    expect(await first.locator('time').textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/);
    await shown(cards(page).filter({ hasText: 'second.m4a' }).getByText('Podcast', { exact: true }));

    await filter(page, 'Videos').click();
    await expect.poll(() => cards(page).allInnerTexts()).toEqual([expect.stringContaining('first.mp4')]);
    await filter(page, 'Podcasts').click();
    await expect.poll(() => cards(page).allInnerTexts()).toEqual([expect.stringContaining('second.m4a')]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the empty states with their hints, and Go to Dashboard goes there', async () => {
    const user = await createUser(twin);
    await registerContent(twin, await moduleSessionFor(twin, user), cartoon());
    const empty = await createUser(twin);
    const { page, context } = await openContent(empty);

    await expect.poll(() => page.getByRole('heading', { name: 'No content yet' }).isVisible()).toBe(true);
    await shown(page.getByText('Videos and podcasts you make with Influencer, AutoToon or Podcast appear here.'));
    await filter(page, 'Videos').click();
    await expect.poll(() => page.getByRole('heading', { name: 'No videos yet' }).isVisible()).toBe(true);
    await filter(page, 'Podcasts').click();
    await expect.poll(() => page.getByRole('heading', { name: 'No podcasts yet' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await page.waitForURL(`${twin.webUrl}/dashboard`);
    await context.close();
  });

  it('plays a video thumbnail on hover, opens the podcast player, and Escape closes it', async () => {
    const user = await createUser(twin);
    const session = await moduleSessionFor(twin, user, 'podcast');
    await registerContent(twin, session, cartoon());
    await registerContent(twin, session, podcast());
    const { page, context } = await openContent(user);
    await expect.poll(() => cards(page).count()).toBe(2);

    const thumbnail = cards(page).filter({ hasText: 'cartoon.mp4' }).locator('.content-thumb video');
    expect(await thumbnail.evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
    await cards(page).filter({ hasText: 'cartoon.mp4' }).hover();
    await expect.poll(() => thumbnail.evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0), { timeout: 10_000 }).toBe(true);
    await page.mouse.move(0, 0);
    await expect.poll(() => thumbnail.evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);

    await page.getByRole('button', { name: 'Play episode.m4a' }).click();
    const player = page.getByRole('dialog', { name: 'episode.m4a' });
    await expect.poll(() => player.locator('audio').evaluate((audio: HTMLAudioElement) => audio.duration > 3.5 && !audio.paused), { timeout: 10_000 }).toBe(true);
    expect(await player.getByRole('link', { name: 'Download' }).getAttribute('href')).toContain('response-content-disposition=attachment');
    await shown(player.getByRole('button', { name: 'Share Content' }));
    await page.keyboard.press('Escape');
    await expect.poll(() => player.count()).toBe(0);
    await context.close();
  });

  it('downloads the file', async () => {
    const user = await createUser(twin);
    await registerContent(twin, await moduleSessionFor(twin, user), cartoon('to-keep.mp4'));
    const { page, context } = await openContent(user, { acceptDownloads: true });

    const [download] = await Promise.all([page.waitForEvent('download'), cards(page).getByRole('link', { name: 'Download' }).click()]);

    expect(download.suggestedFilename()).toBe('to-keep.mp4');
    await context.close();
  });

  it('deletes after confirmation: the card, the record and the object in the bucket are gone', async () => {
    const user = await createUser(twin);
    const item = await registerContent(twin, await moduleSessionFor(twin, user), cartoon('doomed.mp4'));
    const key = contentKeyOf(item.url);
    const { page, context } = await openContent(user);
    await expect.poll(() => cards(page).count()).toBe(1);

    await cards(page).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this content?' });
    await shown(confirm.getByText('doomed.mp4 will be deleted for good, with its file.'));
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await cards(page).count()).toBe(1);
    expect(await contentObjectExists(twin, key)).toBe(true);

    await cards(page).getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();

    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Content deleted successfully' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'No content yet' }).isVisible()).toBe(true);
    expect(await contentObjectExists(twin, key)).toBe(false);
    await context.close();
  });

  it('says so when an item is already gone, and when content cannot be loaded', async () => {
    const user = await createUser(twin);
    const item = await registerContent(twin, await moduleSessionFor(twin, user), cartoon('twice.mp4'));
    const { page, context } = await openContent(user);
    await expect.poll(() => cards(page).count()).toBe(1);
    await fetch(`${twin.apiUrl}/content/${item.contentId}`, { method: 'DELETE', headers: { authorization: `Bearer ${user.idToken}` } });

    await cards(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Storage path not found for this content' }).isVisible()).toBe(true);

    await page.route('**/api/content?*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }));
    await page.reload();
    await expect.poll(() => page.locator('.toast-error').filter({ hasText: 'Failed to load your content' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await context.close();
  });

  it('shares a video into the wizard under a name people know it by, not its storage key', async () => {
    const user = await createUser(twin);
    const item = await registerContent(twin, await moduleSessionFor(twin, user), cartoon('01JDXYZSTORAGEKEY.mp4'));
    const { page, context, problems } = await openContent(user);
    await expect.poll(() => cards(page).count()).toBe(1);

    await cards(page).getByRole('button', { name: 'Share Content' }).click();

    await page.waitForURL(`${twin.webUrl}/dashboard`);
    const day = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(item.createdAt));
    const name = `AutoToon video – ${day}.mp4`;
    // Step 1's file cards by their names, beside what the wizard says: a failure shows both.
    const stepOne = async () => ({
      files: await page.locator('li.media-card').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label'))),
      said: await page.locator('.notice-box, .error-box').allInnerTexts(),
      url: page.url(),
    });
    await expect.poll(stepOne, { timeout: 15_000 }).toEqual({ files: [name], said: expect.anything(), url: expect.any(String) });
    await shown(page.getByRole('listitem', { name }));
    expect(await page.getByText(/STORAGEKEY/).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => [localStorage.getItem('sharedContentUrl'), localStorage.getItem('sharedContentName')])).toEqual([null, null]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shares a video the browser already holds from the card's player: a cached copy without CORS headers does not fail the wizard", async () => {
    const user = await createUser(twin);
    const item = await registerContent(twin, await moduleSessionFor(twin, user), cartoon('seen-before.mp4'));
    // S3 answers a request without an Origin header with no CORS headers and no Vary; the card's
    // player asks that way. An object a day old stays fresh in the browser's cache for hours.
    backdateStoredObject(twin, 'content', contentKeyOf(item.url), 1);
    const { page, context, problems } = await openContent(user);
    await expect.poll(() => cards(page).count()).toBe(1);
    const src = await cards(page).locator('video').getAttribute('src');
    await page.evaluate(async (url) => {
      await fetch(url!, { mode: 'no-cors' });
    }, src);

    await cards(page).getByRole('button', { name: 'Share Content' }).click();

    await page.waitForURL(`${twin.webUrl}/dashboard`);
    await expect.poll(() => page.locator('li.media-card').count()).toBe(1);
    expect(await page.getByText('Failed to load shared content').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('refuses to share a .webm whose .mp4 twin is missing', async () => {
    const user = await createUser(twin);
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(1000, 1)]);
    await registerContent(twin, await moduleSessionFor(twin, user), { type: 'video', fileName: 'raw.webm', contentType: 'video/webm', body: webm });
    const { page, context } = await openContent(user);
    await expect.poll(() => cards(page).count()).toBe(1);

    await cards(page).getByRole('button', { name: 'Share Content' }).click();

    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Unable to share content. URL not found.' }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${twin.webUrl}/dashboard/content`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('sharedContentUrl'))).toBeNull();
    await context.close();
  });

  it('shows one user\'s content never to another', async () => {
    const owner = await createUser(twin);
    await registerContent(twin, await moduleSessionFor(twin, owner), cartoon('private.mp4'));
    const other = await createUser(twin);
    const { page, context } = await openContent(other);

    await expect.poll(() => page.getByRole('heading', { name: 'No content yet' }).isVisible()).toBe(true);
    expect(await page.getByText('private.mp4').count()).toBe(0);
    await context.close();
  });

  it('passes axe with cards and with the player open, light and dark', async () => {
    const user = await createUser(twin);
    const session = await moduleSessionFor(twin, user, 'podcast');
    await registerContent(twin, session, cartoon());
    await registerContent(twin, session, podcast());
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await openContent(user, { colorScheme, bypassCSP: true });
      await expect.poll(() => cards(page).count()).toBe(2);
      expect(await seriousViolations(page), `cards (${colorScheme})`).toEqual([]);
      await page.getByRole('button', { name: 'Play cartoon.mp4' }).click();
      await page.getByRole('dialog').waitFor();
      expect(await seriousViolations(page), `player (${colorScheme})`).toEqual([]);
      await page.keyboard.press('Escape');
      await cards(page).filter({ hasText: 'cartoon.mp4' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').waitFor();
      expect(await seriousViolations(page), `confirmation (${colorScheme})`).toEqual([]);
      await context.close();
    }
  });
});
