import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { platformNames, type Platform } from '../../shared/platforms';
import { launchBrowser, openSession, shown, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../support/connect';
import { tinyJpeg } from '../support/posts';
import { createUser, type TestUser } from '../support/users';
import { seriousViolations } from '../support/axe';

/**
 * Threads in the composer (issue 19, item 5): a text too long for X and Bluesky goes as a thread
 * of numbered posts, each edited and counted on its own, previewed, reviewed, and published in
 * order, each post once, the media on the first.
 */

const twin = inject('twin');
const settle = { timeout: 15_000 };
let browser: Browser;
let user: TestUser;
const accounts = {} as Record<'x' | 'bluesky', string>;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(twin);
  await makeAdmin(twin, user);
  for (const platform of ['x', 'bluesky'] as const) {
    accounts[platform] = sandboxAccountName(platform);
    await connectThroughOAuth(twin, user, platform, accounts[platform]);
  }
});
afterAll(async () => {
  await browser?.close();
});

const nextButton = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
const accountButton = (page: Page, platform: Platform) => page.getByRole('button', { name: new RegExp(`^${platformNames[platform]} Sandbox`) });

/** Signs in, uploads a photo, chooses X and Bluesky and writes a text too long for both. */
async function toStepThree(page: Page, text: string) {
  await signInThroughUi(page, twin.webUrl, user.email, user.password);
  await page.getByLabel('Choose files to upload').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
  await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
  await nextButton(page).click();
  await accountButton(page, 'x').click();
  await accountButton(page, 'bluesky').click();
  await nextButton(page).click();
  await page.getByLabel('Description').fill(text);
}

const story = (stamp: number) =>
  Array.from({ length: 9 }, (_, index) => `Chapter ${index + 1} of launch story ${stamp} tells how the team shipped the thing everyone asked for.`).join(' ');

describe('threads in the composer, in Chromium', () => {
  it('splits a long text into numbered posts for X and Bluesky, blocks an empty post, previews and reviews them, and publishes each post once in order', async () => {
    const { page, context, problems } = await openSession(browser);
    page.setDefaultTimeout(15_000);
    const stamp = Date.now();
    await toStepThree(page, story(stamp));
    // Over both limits: Next waits.
    await expect.poll(() => page.getByTestId('count-x').textContent(), settle).toContain('over the limit');
    expect(await nextButton(page).isDisabled()).toBe(true);

    await page.getByLabel('Post to X as a thread').check();
    await page.getByLabel('Post to Bluesky as a thread').check();
    const xThread = page.getByTestId('thread-x');
    const xParts = xThread.getByRole('textbox');
    const partCount = await xParts.count();
    expect(partCount).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('count-x').textContent()).toBe(`X: a thread of ${partCount} posts`);
    // Each post: numbered, within X's limit, cut after a sentence.
    for (let index = 0; index < partCount; index += 1) {
      const value = await xParts.nth(index).inputValue();
      expect(value).toMatch(new RegExp(`\\. ${index + 1}/${partCount}$`));
    }
    expect(await xThread.getByText(/\/ 280 weighted characters/).count()).toBe(partCount);
    await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);

    // An emptied post blocks Next, in words; written again, it goes.
    const second = xParts.nth(1);
    const secondText = await second.inputValue();
    await second.fill('');
    await expect.poll(() => nextButton(page).isDisabled(), settle).toBe(true);
    await shown(page.getByText('Fix the thread: a post is empty or too long, or it has too many posts.'));
    await shown(xThread.getByText('Write this post, or remove it.'));
    const edited = secondText.replace('Chapter', 'Edited chapter');
    await second.fill(edited);
    await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);

    // The preview shows X's thread under the first post.
    await page.getByRole('group', { name: 'Network to preview' }).getByRole('button', { name: 'X' }).click();
    const previewThread = page.getByRole('list', { name: `X: a thread of ${partCount} posts` });
    expect(await previewThread.getByRole('listitem').count()).toBe(partCount - 1);
    await shown(previewThread.getByText(edited));

    const xTexts = await xParts.evaluateAll((fields) => fields.map((field) => (field as HTMLTextAreaElement).value));
    const blueskyTexts = await page.getByTestId('thread-bluesky').getByRole('textbox').evaluateAll((fields) => fields.map((field) => (field as HTMLTextAreaElement).value));
    await nextButton(page).click();
    await shown(page.getByRole('heading', { name: 'Threads' }));
    await shown(page.getByText(`X: a thread of ${partCount} posts`));
    await page.getByRole('button', { name: 'Publish Now' }).click();
    await page.waitForURL(`${twin.webUrl}/dashboard/posts`, { timeout: 15_000 });

    for (const [platform, texts] of [['x', xTexts], ['bluesky', blueskyTexts]] as const) {
      const feed = async () => (await sandboxControl(twin).feed(platform, accounts[platform])).posts;
      await expect.poll(async () => (await feed()).filter((post) => texts.includes(post.text)).length, settle).toBe(texts.length);
      const entries = await feed();
      for (const [index, text] of texts.entries()) {
        const matching = entries.filter((post) => post.text === text);
        expect(matching, `${platform} post ${index + 1}`).toHaveLength(1);
        if (index === 0) expect(matching[0]!.media).toHaveLength(1);
        else expect(matching[0]!.replyTo).toBe(entries.find((post) => post.text === texts[index - 1])!.id);
      }
    }
    const postCard = page.getByRole('listitem').filter({ hasText: `launch story ${stamp}` }).first();
    await expect.poll(() => postCard.getByText('Published', { exact: true }).first().isVisible(), settle).toBe(true);
    await postCard.getByRole('button', { name: story(stamp), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(`Thread: ${partCount} of ${partCount} posts live`).count(), settle).toBe(1);
    expect(await dialog.getByRole('link', { name: 'View the last post (X)' }).getAttribute('href')).toMatch(/^https:\/\/x\.com\/.+\/status\/\d+$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('passes axe with a thread open, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await openSession(browser, { colorScheme, bypassCSP: true });
      await toStepThree(page, story(Date.now()));
      await page.getByLabel('Post to X as a thread').check();
      await page.getByTestId('thread-x').getByRole('textbox').nth(1).fill('');
      expect(await seriousViolations(page), `a thread with an empty post (${colorScheme})`).toEqual([]);
      await context.close();
    }
  });
});
