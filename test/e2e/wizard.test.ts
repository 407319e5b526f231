import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { capabilities, platformNames, platforms, type Platform } from '../../shared/platforms';
import { launchBrowser, openSession, shown, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../support/connect';
import { syntheticMp4 } from '../support/mp4';
import { tinyJpeg, tinyPdf } from '../support/posts';
import { callApi, createUser, type TestUser } from '../support/users';
import { seriousViolations } from '../support/axe';
import type { PostPage } from '../../shared/api/posts';

const twin = inject('twin');
/** How long a poll waits for the page: uploads and API calls on a loaded 2-core machine take seconds, not the default 1 s. */
const settle = { timeout: 15_000 };
let browser: Browser;

/** A valid 1×1 PNG: real image bytes to disguise under a video's name. */
/** A real 4-second H.264 video Chromium can decode (recorded by Chromium; the demo module's sample). */
const cartoon = readFileSync(resolve(import.meta.dirname, '../../infra/local/demoModule/samples/cartoon.mp4'));
/** The description of the video post the poster-frame test publishes (the axe test looks at it). */
let videoPostDescription: string | undefined;
const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A new admin user with a sandbox account on every platform (connected through OAuth); the accounts' names go into `accounts`. */
async function userOnEveryPlatform(accounts: Record<Platform, string>): Promise<TestUser> {
  const user = await createUser(twin);
  await makeAdmin(twin, user);
  for (const platform of platforms) {
    accounts[platform] = sandboxAccountName(platform);
    await connectThroughOAuth(twin, user, platform, accounts[platform]);
  }
  return user;
}

async function openWizard(owner: TestUser, options: BrowserContextOptions = {}) {
  const session = await openSession(browser, options);
  await signInThroughUi(session.page, twin.webUrl, owner.email, owner.password);
  await session.page.getByText('Step 1 of 4', { exact: true }).waitFor(settle);
  return session;
}

const stepText = (page: Page) => page.getByText(/^Step \d of 4$/).textContent();
const nextButton = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
const accountButton = (page: Page, platform: Platform) => page.getByRole('button', { name: new RegExp(`^${platformNames[platform]} Sandbox`) });
const fileInput = (page: Page) => page.getByLabel('Choose files to upload');

/*
 * The tests run in two lanes side by side, each with a user of its own who has an account on every
 * platform, so one lane's faults, feeds and drafts are never the other's. Within a lane the tests
 * run in order (the poster-frame tests look at the video post an earlier one published; the first
 * counts every post on its accounts). Most of a test's time is spent waiting on uploads, on the
 * twin's publishing and on the browser, so while one lane waits the other works, and the file takes
 * about its longer lane instead of the sum of both (docs/testing.md).
 */
describe('lane 1', { concurrent: true }, () => {
  describe.sequential('the post wizard in Chromium', () => {
    let user: TestUser;
    const accounts = {} as Record<Platform, string>;
    beforeAll(async () => {
      user = await userOnEveryPlatform(accounts);
    });

    it('uploads a video and an image, publishes to an account on every platform and lands on the posts page, gating Next on each step', async ({ expect }) => {
      // Each network gets what it takes of the two files, and the review step names each one that gets less.
      const { page, context, problems } = await openWizard(user);
      expect(await nextButton(page).isDisabled()).toBe(true);

      await fileInput(page).setInputFiles([
        { name: 'clip.mp4', mimeType: 'video/mp4', buffer: syntheticMp4({ durationSeconds: 12, payloadBytes: 300_000 }) },
        { name: 'cover.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg },
      ]);
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      await shown(page.getByRole('listitem', { name: 'clip.mp4' }).getByText('0.29 MB'));
      await shown(page.getByRole('listitem', { name: 'cover.jpg' }));
      // The synthetic MP4 has no real picture: no poster frame, said in words (the image gets its thumbnail).
      await shown(page.getByRole('listitem', { name: 'clip.mp4' }).getByText('This browser could not make a preview frame of the file; the post lists will show an icon instead.'));
      expect(await page.getByRole('listitem', { name: 'cover.jpg' }).locator('.media-no-thumbnail').count()).toBe(0);
      await nextButton(page).click();

      expect(await stepText(page)).toBe('Step 2 of 4');
      await expect.poll(() => accountButton(page, 'linkedin').isVisible(), settle).toBe(true);
      expect(await nextButton(page).isDisabled()).toBe(true);
      for (const platform of platforms) {
        await accountButton(page, platform).click();
        expect(await accountButton(page, platform).getAttribute('aria-pressed')).toBe('true');
      }
      await shown(page.getByText('Instagram accepts videos of 3 to 90 seconds.'));
      await nextButton(page).click();

      expect(await stepText(page)).toBe('Step 3 of 4');
      expect(await nextButton(page).isDisabled()).toBe(true);
      await page.getByLabel('Description').fill('Launch day from the wizard');
      expect(await nextButton(page).isDisabled()).toBe(true);
      await shown(page.getByText('0/100'));
      await page.getByPlaceholder('Enter video title...').fill('Launch day');
      expect(await nextButton(page).isEnabled()).toBe(true);
      await page.getByLabel('Description').fill('x'.repeat(281));
      expect(await page.getByTestId('count-x').textContent()).toContain('X: 281 / 280 weighted characters');
      expect(await nextButton(page).isDisabled()).toBe(true);
      await page.getByLabel('Description').fill('Launch day from the wizard');
      await nextButton(page).click();

      expect(await stepText(page)).toBe('Step 4 of 4');
      for (const platform of platforms) expect(await page.locator('.platform-chip', { hasText: new RegExp(`^${platformNames[platform]}$`) }).count()).toBe(1);
      await shown(page.getByText('Launch day from the wizard'));
      await shown(page.getByRole('heading', { name: 'What each network gets' }));
      for (const platform of platforms) {
        const name = platformNames[platform];
        const note = capabilities[platform].carousel
          ? `${name} gets the 2 files as one carousel post.`
          : !capabilities[platform].media.video
            ? `${name} takes only images: the video is not sent to ${name}.`
            : capabilities[platform].media.image
            ? `${name} cannot combine a video and an image: ${name} gets the video only.`
            : `${name} takes only videos: the image is not sent to ${name}.`;
        expect(await page.getByRole('listitem').filter({ hasText: note }).count(), note).toBe(1);
      }

      // Per-network settings: Publish waits for YouTube's made-for-kids answer and for a TikTok privacy the user chooses.
      const publishNow = page.getByRole('button', { name: 'Publish Now' });
      const tiktok = page.getByTestId('options-tiktok');
      const optionsBlocker = page.locator('#wizard-options-blocker');
      await expect.poll(() => tiktok.getByText('Posting to TikTok as').isVisible(), settle).toBe(true);
      await shown(tiktok.getByText(`Sandbox ${accounts.tiktok}`));
      expect(await publishNow.isDisabled()).toBe(true);
      expect(await optionsBlocker.textContent()).toBe('Say whether your YouTube video is made for kids.');
      await page.getByTestId('options-youtube').getByLabel("No, it's not made for kids").check();
      await expect.poll(() => optionsBlocker.textContent(), settle).toBe('Choose who can see your TikTok post.');
      expect(await publishNow.isDisabled()).toBe(true);
      expect(await tiktok.getByLabel('Who can see this post').inputValue()).toBe('');
      for (const name of ['Comment', 'Duet', 'Stitch']) expect(await tiktok.getByRole('checkbox', { name, exact: true }).isChecked()).toBe(false);
      const declaration = page.getByTestId('declaration-creatorSettings');
      expect(await declaration.textContent()).toBe("By posting, you agree to TikTok's Music Usage Confirmation.");
      expect(await declaration.getByRole('link', { name: 'Music Usage Confirmation' }).getAttribute('href')).toBe('https://www.tiktok.com/legal/page/global/music-usage-confirmation/en');

      await tiktok.getByLabel('Who can see this post').selectOption('FOLLOWER_OF_CREATOR');
      await tiktok.getByRole('checkbox', { name: 'Comment', exact: true }).check();
      await expect.poll(() => publishNow.isEnabled(), settle).toBe(true);
      // Commercial content: a kind must be chosen; branded content is labelled 'Paid partnership', cannot be private, and brings TikTok's Branded Content Policy.
      await tiktok.getByRole('switch', { name: 'Disclose video content' }).check();
      await expect.poll(() => publishNow.isDisabled(), settle).toBe(true);
      expect(await optionsBlocker.textContent()).toBe('You need to indicate if your content promotes yourself, a third party, or both.');
      await tiktok.getByRole('checkbox', { name: /^Branded content/ }).check();
      await shown(tiktok.getByText("Your video will be labeled 'Paid partnership'"));
      expect(await tiktok.locator('option[value="SELF_ONLY"]').isDisabled()).toBe(true);
      expect(await declaration.textContent()).toBe("By posting, you agree to TikTok's Branded Content Policy and Music Usage Confirmation.");
      expect(await declaration.getByRole('link', { name: 'Branded Content Policy' }).getAttribute('href')).toBe('https://www.tiktok.com/legal/page/global/bc-policy/en');
      await expect.poll(() => publishNow.isEnabled(), settle).toBe(true);

      await publishNow.click();
      await expect.poll(() => page.getByRole('button', { name: 'Published!' }).isVisible(), { timeout: 15_000 }).toBe(true);
      await shown(page.getByText(/it may take a few minutes to process and appear on your profile/));
      await page.waitForURL(`${twin.webUrl}/dashboard/posts`);

      const control = sandboxControl(twin);
      for (const platform of platforms) {
        await expect.poll(async () => (await control.feed(platform, accounts[platform])).posts.length, { timeout: 30_000, interval: 250 }).toBe(1);
        // Exactly one post, with what that network takes: Instagram a carousel of the video and the image, the others the video.
        const [post] = (await control.feed(platform, accounts[platform])).posts;
        const kinds = post!.media.map((item) => item.contentType.split('/')[0]);
        expect(kinds, platform).toEqual(capabilities[platform].carousel ? ['video', 'image'] : capabilities[platform].media.video ? ['video'] : ['image']);
      }
      // What reached TikTok and YouTube: the user's choices, interactions left off staying off.
      expect((await control.feed('tiktok', accounts.tiktok)).posts[0]!.settings).toEqual({
        privacy_level: 'FOLLOWER_OF_CREATOR',
        disable_comment: false,
        disable_duet: true,
        disable_stitch: true,
        brand_content_toggle: true,
        brand_organic_toggle: false,
      });
      expect((await control.feed('youtube', accounts.youtube)).posts[0]!.settings).toMatchObject({ privacyStatus: 'public', selfDeclaredMadeForKids: false, categoryId: '22' });

      // Published Posts shows the post with every target published, each linked; the modal opens and Escape closes it.
      const postCard = page.getByRole('listitem').filter({ hasText: 'Launch day from the wizard' }).first();
      for (const platform of platforms) {
        await expect.poll(() => postCard.getByRole('link', { name: `View post on ${platformNames[platform]}`, exact: true }).count(), { timeout: 20_000 }).toBe(1);
      }
      // Its video has no thumbnail: the card shows the kind's icon and name, never a broken image.
      expect(await postCard.getByRole('img', { name: 'Video: Launch day' }).textContent()).toBe('Video');
      expect(await postCard.locator('.post-thumb img').count()).toBe(0);
      await postCard.getByRole('button', { name: /Launch day from the wizard/ }).click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.getByText('Launch day', { exact: true }).isVisible(), settle).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count(), settle).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    });

    it('shows the TikTok and YouTube settings without serious accessibility problems, light and dark', async ({ expect }) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        // axe is injected as a script, which the app's CSP forbids: this context bypasses the CSP.
        const { page, context } = await openSession(browser, { colorScheme, bypassCSP: true });
        await signInThroughUi(page, twin.webUrl, user.email, user.password);
        await fileInput(page).setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: syntheticMp4({ durationSeconds: 5, payloadBytes: 50_000 }) });
        await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
        await nextButton(page).click();
        await accountButton(page, 'tiktok').click();
        await accountButton(page, 'youtube').click();
        await nextButton(page).click();
        await page.getByLabel('Description').fill('Accessible settings');
        await page.getByPlaceholder('Enter video title...').fill('Accessible');
        await nextButton(page).click();
        const tiktok = page.getByTestId('options-tiktok');
        await expect.poll(() => tiktok.getByText('Posting to TikTok as').isVisible(), settle).toBe(true);
        expect(await seriousViolations(page), `untouched (${colorScheme})`).toEqual([]);
        await tiktok.getByRole('switch', { name: 'Disclose video content' }).check();
        await tiktok.getByRole('checkbox', { name: /^Your brand/ }).check();
        await shown(tiktok.getByText("Your video will be labeled 'Promotional content'"));
        expect(await seriousViolations(page), `disclosed (${colorScheme})`).toEqual([]);
        await context.close();
      }
    });

    it('makes a poster frame of a real video at upload: the published card shows it and previews on hover, the modal plays the video with a full-screen control', async ({ expect }) => {
      const { page, context, problems } = await openWizard(user);
      // Each step waits at most 15 s, so a step that never happens fails naming its element, not the test's 60 s.
      page.setDefaultTimeout(15_000);
      await fileInput(page).setInputFiles({ name: 'cartoon.mp4', mimeType: 'video/mp4', buffer: cartoon });
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      expect(await page.locator('.media-no-thumbnail').count()).toBe(0);
      await nextButton(page).click();
      await accountButton(page, 'linkedin').click();
      await nextButton(page).click();
      const description = `Poster frame ${Date.now()}`;
      await page.getByLabel('Description').fill(description);
      await nextButton(page).click();
      await page.getByRole('button', { name: 'Publish Now' }).click();
      await page.waitForURL(`${twin.webUrl}/dashboard/posts`, { timeout: 15_000 });

      // The card: the poster frame the browser captured at upload, loaded lazily, described by the post's text.
      const postCard = page.getByRole('listitem').filter({ hasText: description }).first();
      const poster = postCard.locator('.post-thumb img');
      await poster.waitFor();
      await expect.poll(() => poster.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)), settle).toBeGreaterThan(0);
      expect(await poster.getAttribute('alt')).toBe(`Video: ${description}`);
      expect(await poster.getAttribute('loading')).toBe('lazy');
      expect(await poster.evaluate((image: HTMLImageElement) => image.naturalWidth <= 480 && image.naturalHeight <= 960)).toBe(true);
      // Hovering plays the video muted over it (hovered again on each poll: the list may re-render under the pointer while the post publishes).
      const preview = postCard.locator('video.post-thumb-preview');
      const previewPlaying = async () => {
        await page.mouse.move(0, 0);
        await postCard.hover();
        if ((await preview.count()) === 0) return 'no preview video';
        return preview.evaluate((video: HTMLVideoElement) => (video.muted && video.readyState >= 2 ? 'playing muted' : `muted ${video.muted}, readyState ${video.readyState}`));
      };
      await expect.poll(previewPlaying, settle).toBe('playing muted');

      // The modal: a player with controls, the poster frame, and a full-screen button.
      await postCard.getByRole('button', { name: description, exact: true }).click();
      const dialog = page.getByRole('dialog');
      const player = dialog.locator('video');
      await expect.poll(() => player.count(), settle).toBe(1);
      expect(await player.getAttribute('aria-label')).toBe(`Video: ${description}`);
      expect(await player.evaluate((video: HTMLVideoElement) => video.controls && video.poster.includes('.thumb.jpg'))).toBe(true);
      await player.click();
      await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState >= 2 && !video.paused), settle).toBe(true);
      await dialog.getByRole('button', { name: 'Full screen' }).click();
      await expect.poll(() => page.evaluate(() => document.fullscreenElement?.tagName), settle).toBe('VIDEO');
      await page.evaluate(() => document.exitFullscreen());
      await expect.poll(() => page.evaluate(() => document.fullscreenElement), settle).toBeNull();
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count(), settle).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
      videoPostDescription = description;
    });

    it('passes axe on the list with its poster frames and on the video modal, light and dark', async ({ expect }) => {
      const description = videoPostDescription;
      if (!description) throw new Error('The poster-frame test (above) did not publish its video post.');
      // A context without the CSP, to inject axe.
      for (const colorScheme of ['light', 'dark'] as const) {
        const checked = await openSession(browser, { colorScheme, bypassCSP: true });
        await signInThroughUi(checked.page, twin.webUrl, user.email, user.password);
        await checked.page.goto(`${twin.webUrl}/dashboard/posts`);
        const card = checked.page.getByRole('listitem').filter({ hasText: description }).first();
        await expect.poll(() => card.locator('.post-thumb img').evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)), settle).toBeGreaterThan(0);
        expect(await seriousViolations(checked.page), `posts (${colorScheme})`).toEqual([]);
        await card.getByRole('button', { name: description, exact: true }).click();
        await checked.page.getByRole('dialog').locator('video').waitFor();
        expect(await seriousViolations(checked.page), `post modal (${colorScheme})`).toEqual([]);
        await checked.context.close();
      }
    });

    it('plays no hover preview for a person who prefers reduced motion; focusing the card plays it otherwise', async ({ expect }) => {
      const description = videoPostDescription;
      if (!description) throw new Error('The poster-frame test (above) did not publish its video post.');
      for (const reducedMotion of ['reduce', 'no-preference'] as const) {
        const { page, context } = await openSession(browser, { reducedMotion });
        await signInThroughUi(page, twin.webUrl, user.email, user.password);
        await page.goto(`${twin.webUrl}/dashboard/posts`);
        const card = page.getByRole('listitem').filter({ hasText: description }).first();
        await card.locator('.post-thumb img').waitFor();
        await card.getByRole('button', { name: description, exact: true }).focus();
        if (reducedMotion === 'reduce') {
          await card.hover();
          await page.waitForTimeout(500);
          expect(await card.locator('video').count()).toBe(0);
        } else {
          await expect.poll(() => card.locator('video.post-thumb-preview').count(), settle).toBe(1);
          // Hovered and focused apart: leaving one keeps the preview while the other holds.
          await card.hover();
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          await page.waitForTimeout(300);
          expect(await card.locator('video.post-thumb-preview').count(), 'blurred while hovered').toBe(1);
          await card.getByRole('button', { name: description, exact: true }).focus();
          await page.mouse.move(0, 0);
          await page.waitForTimeout(300);
          expect(await card.locator('video.post-thumb-preview').count(), 'pointer left while focused').toBe(1);
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          await expect.poll(() => card.locator('video.post-thumb-preview').count(), settle).toBe(0);
        }
        await context.close();
      }
    });

    it("greys out the interactions a creator switched off, with the reason, and offers no duet or stitch for a photo", async ({ expect }) => {
      const quietUser = await createUser(twin);
      const quietAccount = `quiet-${sandboxAccountName('tiktok')}`;
      await connectThroughOAuth(twin, quietUser, 'tiktok', quietAccount);
      const { page, context } = await openSession(browser);
      await signInThroughUi(page, twin.webUrl, quietUser.email, quietUser.password);
      await fileInput(page).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      await nextButton(page).click();
      await page.getByRole('button', { name: new RegExp(`^TikTok Sandbox ${quietAccount}`) }).click();
      await nextButton(page).click();
      await page.getByLabel('Description').fill('A quiet photo');
      await nextButton(page).click();
      const tiktok = page.getByTestId('options-tiktok');
      await expect.poll(() => tiktok.getByText('Posting to TikTok as').isVisible(), settle).toBe(true);
      const comment = tiktok.getByRole('checkbox', { name: 'Comment (turned off in your TikTok settings)' });
      expect(await comment.isDisabled()).toBe(true);
      expect(await comment.isChecked()).toBe(false);
      expect(await tiktok.getByRole('checkbox', { name: /Duet|Stitch/ }).count()).toBe(0);
      await shown(tiktok.getByRole('switch', { name: 'Disclose photo content' }));
      await context.close();
    });

    it('publishes an image with one target forced to fail, then Retry failed brings it to published', async ({ expect }) => {
      const { page, context } = await openWizard(user);
      await fileInput(page).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      await nextButton(page).click();
      await accountButton(page, 'linkedin').click();
      await accountButton(page, 'x').click();
      await nextButton(page).click();
      const description = `Partly first ${Date.now()}`;
      await page.getByLabel('Description').fill(description);
      await nextButton(page).click();
      await sandboxControl(twin).injectFault({
        platform: 'linkedin',
        account: accounts.linkedin,
        method: 'POST',
        path: '/rest/posts',
        status: 422,
        body: { status: 422, message: 'Content is invalid' },
      });
      await page.getByRole('button', { name: 'Publish Now' }).click();
      await page.waitForURL(`${twin.webUrl}/dashboard/posts`, { timeout: 15_000 });

      const postCard = page.getByRole('listitem').filter({ hasText: description }).first();
      await expect.poll(() => postCard.getByText('Partially published').first().isVisible(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => postCard.getByText(/Content is invalid/).count(), settle).toBeGreaterThan(0);
      await postCard.getByRole('button', { name: 'Retry failed' }).click();
      await expect.poll(() => postCard.getByRole('link', { name: 'View post on LinkedIn', exact: true }).count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => postCard.getByText('Partially published').count(), settle).toBe(0);
      expect((await sandboxControl(twin).feed('linkedin', accounts.linkedin)).posts.filter((post) => post.text.includes(description))).toHaveLength(1);
      expect((await sandboxControl(twin).feed('x', accounts.x)).posts.filter((post) => post.text.includes(description))).toHaveLength(1);
      await context.close();
    });

    it("gives X its own text in X's tab, counted in X's unit, shown at review: X's feed gets it, LinkedIn's the description", async ({ expect }) => {
      const { page, context, problems } = await openWizard(user);
      await fileInput(page).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      await nextButton(page).click();
      await accountButton(page, 'x').click();
      await accountButton(page, 'linkedin').click();
      await nextButton(page).click();

      const stamp = Date.now();
      const description = `The long story for LinkedIn ${stamp}. ${'It goes on. '.repeat(25)}`.trim();
      await page.getByLabel('Description').fill(description);
      // Over X's limit with the description alone: Next waits.
      await expect.poll(() => page.getByTestId('count-x').textContent(), settle).toContain('/ 280');
      expect(await page.getByTestId('count-x').textContent()).toContain('over the limit');
      expect(await nextButton(page).isDisabled()).toBe(true);

      await page.getByRole('tab', { name: 'X', exact: true }).click();
      await shown(page.getByText('X gets the text from All networks.'));
      await page.getByRole('button', { name: 'Write a text for X only' }).click();
      const own = page.getByLabel('Text for X');
      expect(await own.inputValue()).toBe(description);
      const xText = `Short for X ${stamp} https://example.com/launch`;
      await own.fill(xText);
      // A link counts 23 in X's weighted count.
      const weighted = `Short for X ${stamp} `.length + 23;
      await shown(page.getByText(`${weighted} / 280 weighted characters (links 23, emoji 2)`, { exact: true }));
      expect(await page.getByTestId('count-x').textContent()).toBe(`X (own text): ${weighted} / 280 weighted characters (links 23, emoji 2)`);
      await shown(page.getByRole('tab', { name: 'X (own text)' }));
      expect(await nextButton(page).isEnabled()).toBe(true);
      await nextButton(page).click();

      await shown(page.getByRole('heading', { name: 'Text on each network' }));
      await shown(page.getByText(xText, { exact: true }));
      await page.getByRole('button', { name: 'Publish Now' }).click();
      await page.waitForURL(`${twin.webUrl}/dashboard/posts`, { timeout: 15_000 });

      const feedTexts = async (platform: Platform) => (await sandboxControl(twin).feed(platform, accounts[platform])).posts.map((post) => post.text);
      await expect.poll(async () => (await feedTexts('x')).filter((text) => text.includes(String(stamp))), settle).toEqual([xText]);
      await expect.poll(async () => (await feedTexts('linkedin')).filter((text) => text.includes(String(stamp))), settle).toEqual([description]);
      expect(problems).toEqual([]);
      await context.close();
    });

    it('passes axe on the alt text field and the per-network text tabs, light and dark', async ({ expect }) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page, context } = await openSession(browser, { colorScheme, bypassCSP: true });
        await signInThroughUi(page, twin.webUrl, user.email, user.password);
        await fileInput(page).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
        await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
        await page.getByLabel('Alt text for photo.jpg').fill('A photo');
        expect(await seriousViolations(page), `step 1 with an alt text (${colorScheme})`).toEqual([]);
        await nextButton(page).click();
        await accountButton(page, 'x').click();
        await accountButton(page, 'bluesky').click();
        await nextButton(page).click();
        await page.getByLabel('Description').fill('x'.repeat(301));
        expect(await seriousViolations(page), `all networks, over the limit (${colorScheme})`).toEqual([]);
        await page.getByRole('tab', { name: 'Bluesky', exact: true }).click();
        expect(await seriousViolations(page), `a network using the description (${colorScheme})`).toEqual([]);
        await page.getByRole('button', { name: 'Write a text for Bluesky only' }).click();
        expect(await seriousViolations(page), `own text over the limit (${colorScheme})`).toEqual([]);
        await context.close();
      }
    });

    it("keeps a draft's TikTok and YouTube choices and the networks' own texts: reopened, the review step shows them as they were", async ({ expect }) => {
      const { page, context, problems } = await openWizard(user);
      await fileInput(page).setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: syntheticMp4({ durationSeconds: 8, payloadBytes: 80_000 }) });
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      await nextButton(page).click();
      await accountButton(page, 'tiktok').click();
      await accountButton(page, 'youtube').click();
      await nextButton(page).click();
      const description = `Choices kept ${Date.now()}`;
      await page.getByLabel('Description').fill(description);
      await page.getByPlaceholder('Enter video title...').fill('Kept');
      await page.getByRole('tab', { name: 'TikTok', exact: true }).click();
      await page.getByRole('button', { name: 'Write a text for TikTok only' }).click();
      await page.getByLabel('Text for TikTok').fill(`${description} on TikTok`);
      await nextButton(page).click();
      const tiktok = page.getByTestId('options-tiktok');
      await expect.poll(() => tiktok.getByText('Posting to TikTok as').isVisible(), settle).toBe(true);
      await tiktok.getByLabel('Who can see this post').selectOption('SELF_ONLY');
      await page.getByTestId('options-youtube').getByLabel("No, it's not made for kids").check();
      await page.getByTestId('options-youtube').getByLabel('Tags').fill('kept, drafts');
      await page.getByRole('button', { name: 'Save as draft' }).click();
      await expect.poll(() => page.getByText(/^Draft saved at/).isVisible(), settle).toBe(true);

      await page.evaluate(() => sessionStorage.clear());
      await page.goto(`${twin.webUrl}/dashboard/posts/drafts`);
      const card = page.getByRole('listitem').filter({ hasText: description });
      await expect.poll(() => card.isVisible(), settle).toBe(true);
      await card.getByRole('link', { name: /^Open the draft/ }).click();
      await expect.poll(() => stepText(page), settle).toBe('Step 3 of 4');
      await expect.poll(() => page.getByRole('tab', { name: 'TikTok (own text)' }).isVisible(), settle).toBe(true);
      await nextButton(page).click();
      await expect.poll(() => tiktok.getByText('Posting to TikTok as').isVisible(), settle).toBe(true);
      expect(await tiktok.getByLabel('Who can see this post').inputValue()).toBe('SELF_ONLY');
      expect(await page.getByTestId('options-youtube').getByLabel("No, it's not made for kids").isChecked()).toBe(true);
      expect(await page.getByTestId('options-youtube').getByLabel('Tags').inputValue()).toBe('kept, drafts');
      await shown(page.getByText(`${description} on TikTok`, { exact: true }));
      expect(problems).toEqual([]);
      await context.close();
    });

    it("takes an alt text per file at step 1, says which networks get it, and Bluesky's and Threads' posts carry it; the card shows it to screen readers", async ({ expect }) => {
      const { page, context, problems } = await openWizard(user);
      await fileInput(page).setInputFiles({ name: 'bike.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      const altField = page.getByLabel('Alt text for bike.jpg');
      await expect.poll(() => altField.isVisible(), settle).toBe(true);
      await shown(page.getByText(/Sent to Bluesky, Threads, Mastodon,? and Pinterest; the other networks do not take it from OneClick yet\./));
      const altText = `A red bicycle against a white wall ${Date.now()}`;
      await altField.fill(altText);
      await nextButton(page).click();
      await accountButton(page, 'bluesky').click();
      await accountButton(page, 'threads').click();
      await nextButton(page).click();
      await page.getByLabel('Description').fill(`Alt text ${altText}`);
      await nextButton(page).click();
      await page.getByRole('button', { name: 'Publish Now' }).click();
      await page.waitForURL(`${twin.webUrl}/dashboard/posts`, { timeout: 15_000 });
      await expect
        .poll(async () => (await sandboxControl(twin).feed('bluesky', accounts.bluesky)).posts.filter((post) => post.text.includes(altText)).map((post) => post.settings), settle)
        .toEqual([{ alts: [altText] }]);
      await expect
        .poll(async () => (await sandboxControl(twin).feed('threads', accounts.threads)).posts.filter((post) => post.text.includes(altText)).map((post) => post.settings), settle)
        .toEqual([{ alts: [altText] }]);
      const card = page.getByRole('listitem').filter({ hasText: `Alt text ${altText}` }).first();
      await expect.poll(() => card.locator('.post-thumb img').getAttribute('alt'), settle).toBe(altText);
      expect(problems).toEqual([]);
      await context.close();
    });

    it("offers Instagram's format beside the text: a video starts as a Reel (unticked, for the Reels tab only); a photo chosen as a Story is previewed 9:16 without its caption, published once as a story, and linked in the post list", async ({ expect }) => {
      const { page, context, problems } = await openWizard(user);
      await fileInput(page).setInputFiles({ name: 'reel.mp4', mimeType: 'video/mp4', buffer: syntheticMp4({ durationSeconds: 8, payloadBytes: 80_000 }) });
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      await nextButton(page).click();
      await accountButton(page, 'instagram').click();
      await nextButton(page).click();
      const description = `Reels tab only ${Date.now()}`;
      await page.getByLabel('Description').fill(description);
      await expect.poll(() => page.getByTestId('options-instagram').getByRole('radio', { name: 'Reel' }).isChecked(), settle).toBe(true);
      await nextButton(page).click();
      const instagram = page.getByTestId('options-instagram');
      const shareToFeed = instagram.getByRole('checkbox', { name: 'Also show this Reel in your feed' });
      await expect.poll(() => shareToFeed.isChecked(), settle).toBe(true);
      expect(await instagram.getByLabel('Trial Reel').inputValue()).toBe('');
      await shareToFeed.uncheck();
      await page.getByRole('button', { name: 'Publish Now' }).click();
      await page.waitForURL(`${twin.webUrl}/dashboard/posts`, { timeout: 15_000 });
      await expect
        .poll(async () => (await sandboxControl(twin).feed('instagram', accounts.instagram)).posts.filter((post) => post.text === description).map((post) => post.settings), settle)
        .toEqual([{ productType: 'REELS', shareToFeed: false }]);

      // A photo starts as a feed post; chosen as a story beside the text, its preview is the 9:16 screen without the caption.
      const storiesOn = async () => (await sandboxControl(twin).feed('instagram', accounts.instagram)).posts.filter((post) => post.settings?.['productType'] === 'STORY');
      const before = new Set((await storiesOn()).map((post) => post.id));
      const { page: storyPage, context: storyContext, problems: storyProblems } = await openWizard(user);
      await fileInput(storyPage).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      await expect.poll(() => nextButton(storyPage).isEnabled(), settle).toBe(true);
      await nextButton(storyPage).click();
      await accountButton(storyPage, 'instagram').click();
      await nextButton(storyPage).click();
      const storyText = `A story has no caption ${Date.now()}`;
      await storyPage.getByLabel('Description').fill(storyText);
      const format = storyPage.getByTestId('options-instagram');
      await expect.poll(() => format.getByRole('radio', { name: 'Feed post' }).isChecked(), settle).toBe(true);
      const preview = storyPage.locator('.network-preview');
      await expect.poll(() => preview.getByText(storyText).count(), settle).toBe(1);
      await format.getByRole('radio', { name: 'Story' }).check();
      await expect.poll(() => preview.getByText(storyText).count(), settle).toBe(0);
      expect(await preview.getByRole('list', { name: 'What a story does not carry' }).getByRole('listitem').allTextContents()).toEqual([
        'No caption: Instagram shows a story without your text.',
        'No first comment: a story takes no comments.',
      ]);
      expect(await preview.locator('[data-format="story"] .preview-media').getAttribute('style')).toMatch(/aspect-ratio: 0\.5625/);
      await shown(format.getByText('A story is seen for 24 hours', { exact: false }));
      await nextButton(storyPage).click();
      await expect.poll(() => storyPage.getByTestId('options-instagram').getByRole('radio', { name: 'Story' }).isChecked(), settle).toBe(true);
      await storyPage.getByRole('button', { name: 'Publish Now' }).click();
      await storyPage.waitForURL(`${twin.webUrl}/dashboard/posts`, { timeout: 15_000 });
      await expect.poll(async () => (await storiesOn()).filter((post) => !before.has(post.id)).length, settle).toBe(1);
      const [story] = (await storiesOn()).filter((post) => !before.has(post.id));
      expect(story!.text).toBe('');
      expect(story!.url).toMatch(/^https:\/\/www\.instagram\.com\/stories\//);
      // Published Posts (where the wizard landed) links the story where Instagram shows it: its card, once the list has loaded.
      const storyCard = storyPage.getByRole('listitem').filter({ hasText: storyText }).first();
      const storyLink = storyCard.getByRole('link', { name: 'View post on Instagram' });
      await expect.poll(() => storyLink.count(), { timeout: 20_000 }).toBe(1);
      expect(await storyLink.getAttribute('href')).toBe(story!.url);
      expect(storyProblems).toEqual([]);
      await storyContext.close();
      expect(problems).toEqual([]);
      await context.close();
    });
  });
});

describe('lane 2', { concurrent: true }, () => {
  describe.sequential('the post wizard in Chromium', () => {
    let user: TestUser;
    const accounts = {} as Record<Platform, string>;
    beforeAll(async () => {
      user = await userOnEveryPlatform(accounts);
    });

    it('lets the user choose who can reply on X and Threads (with its topic, and how many posts it has left) and who can see the post on LinkedIn, each showing its default; the choices reach each network (axe light and dark)', async ({ expect }) => {
      const { page, context, problems } = await openWizard(user);
      await fileInput(page).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      await nextButton(page).click();
      await accountButton(page, 'x').click();
      await accountButton(page, 'linkedin').click();
      await accountButton(page, 'threads').click();
      await nextButton(page).click();
      const description = `Audience chosen ${Date.now()}`;
      await page.getByLabel('Description').fill(description);
      await nextButton(page).click();
      const whoCanReply = page.getByTestId('options-x').getByLabel('Who can reply');
      const whoCanSee = page.getByTestId('options-linkedin').getByLabel('Who can see this post');
      await expect.poll(() => whoCanReply.inputValue(), settle).toBe('everyone');
      expect(await whoCanSee.inputValue()).toBe('PUBLIC');
      await shown(page.getByRole('heading', { name: 'Settings for each network' }));
      await whoCanReply.selectOption({ label: 'Only accounts you mention' });
      await whoCanSee.selectOption({ label: 'Connections only' });
      const threads = page.getByTestId('options-threads');
      expect(await threads.getByLabel('Who can reply').inputValue()).toBe('everyone');
      await threads.getByLabel('Who can reply').selectOption({ label: 'Your followers' });
      await expect.poll(() => page.getByTestId('quota-threads').textContent(), settle).toMatch(/^Threads allows 250 posts in 24 hours through apps; threads_[a-z0-9_]+ has used \d+: \d+ left\.$/);
      // A topic Threads would refuse blocks publishing, in words; a good one goes with the post.
      await threads.getByLabel('Topic (optional)').fill('R&D');
      await expect.poll(() => threads.getByRole('alert').textContent(), settle).toBe('A Threads topic can be at most 50 characters and cannot contain . &.');
      expect(await page.getByRole('button', { name: 'Publish Now' }).isDisabled()).toBe(true);
      await threads.getByLabel('Topic (optional)').fill('Research');
      await expect.poll(() => page.getByRole('button', { name: 'Publish Now' }).isEnabled(), settle).toBe(true);
      await page.getByRole('button', { name: 'Publish Now' }).click();
      await page.waitForURL(`${twin.webUrl}/dashboard/posts`, { timeout: 15_000 });
      const settingsOn = async (platform: Platform) => (await sandboxControl(twin).feed(platform, accounts[platform])).posts.filter((post) => post.text === description).map((post) => post.settings);
      await expect.poll(() => settingsOn('x'), settle).toEqual([{ reply_settings: 'mentionedUsers' }]);
      await expect.poll(() => settingsOn('linkedin'), settle).toEqual([{ visibility: 'CONNECTIONS' }]);
      await expect.poll(() => settingsOn('threads'), settle).toEqual([{ reply_control: 'followers_only', topic_tag: 'Research' }]);
      expect(problems).toEqual([]);
      await context.close();

      for (const colorScheme of ['light', 'dark'] as const) {
        const { page: axePage, context: axeContext } = await openSession(browser, { colorScheme, bypassCSP: true });
        await signInThroughUi(axePage, twin.webUrl, user.email, user.password);
        await fileInput(axePage).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
        await expect.poll(() => nextButton(axePage).isEnabled(), settle).toBe(true);
        await nextButton(axePage).click();
        await accountButton(axePage, 'x').click();
        await accountButton(axePage, 'linkedin').click();
        await accountButton(axePage, 'threads').click();
        await nextButton(axePage).click();
        await axePage.getByLabel('Description').fill('Who can reply, who can see');
        await nextButton(axePage).click();
        await expect.poll(() => axePage.getByTestId('options-x').getByLabel('Who can reply').isVisible(), settle).toBe(true);
        await expect.poll(() => axePage.getByTestId('quota-threads').isVisible(), settle).toBe(true);
        await axePage.getByTestId('options-threads').getByLabel('Topic (optional)').fill('R&D');
        expect(await seriousViolations(axePage), `the audience choices (${colorScheme})`).toEqual([]);
        await axeContext.close();
      }
    });

    it('posts a PDF to LinkedIn as a document: no alt text asked for it, X refused by name, its title asked beside the preview (Publish waits), one post with the title, shown as a document in the list (axe light and dark)', async ({ expect }) => {
      const { page, context, problems } = await openWizard(user, { bypassCSP: true });
      const sent: unknown[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/posts')) sent.push(request.postDataJSON());
      });
      // Step 1: an image beside the PDF gets an alt text field, the PDF none; the PDF alone, no alt text section at all.
      await fileInput(page).setInputFiles([
        { name: 'plan.pdf', mimeType: 'application/pdf', buffer: tinyPdf },
        { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg },
      ]);
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      await shown(page.getByRole('listitem', { name: 'plan.pdf' }).getByText('PDF document: LinkedIn shows its pages to swipe through'));
      await shown(page.getByLabel('Alt text for photo.jpg'));
      expect(await page.getByLabel('Alt text for plan.pdf').count()).toBe(0);
      await page.getByRole('button', { name: 'Remove photo.jpg' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'Alt text' }).count(), settle).toBe(0);
      expect(await page.getByRole('textbox').count()).toBe(0);
      await nextButton(page).click();

      // Step 2: X cannot take a document, said in words that name it; without X, no refusal.
      await expect.poll(() => accountButton(page, 'linkedin').isVisible(), settle).toBe(true);
      await accountButton(page, 'linkedin').click();
      await accountButton(page, 'x').click();
      await expect.poll(() => page.getByRole('alert').allTextContents(), settle).toEqual(['X does not post documents (PDF): leave X out (documents go to LinkedIn or LinkedIn Page).']);
      await accountButton(page, 'x').click();
      await expect.poll(() => page.getByRole('alert').count(), settle).toBe(0);
      await nextButton(page).click();

      // Step 3: the title is asked beside the text; the preview's document card says it has none yet, and Publish waits for it.
      const description = `Our plan as a document ${Date.now()}`;
      await page.getByLabel('Description').fill(description);
      const titleField = page.getByTestId('options-linkedin').getByLabel('Document title');
      await expect.poll(() => titleField.isVisible(), settle).toBe(true);
      const documentCard = page.locator('.network-preview').getByRole('group', { name: 'Document' });
      expect(await documentCard.locator('.preview-document-title').textContent()).toBe('No document title yet');
      await shown(documentCard.getByText('plan.pdf: its pages, to swipe through'));
      await nextButton(page).click();
      const publishNow = page.getByRole('button', { name: 'Publish Now' });
      await expect.poll(() => page.locator('#wizard-options-blocker').textContent(), settle).toBe('Give the document a title: LinkedIn does not post a document without one.');
      expect(await publishNow.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Previous' }).click();
      await titleField.fill('Plan 2027');
      await expect.poll(() => documentCard.locator('.preview-document-title').textContent(), settle).toBe('Plan 2027');
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await seriousViolations(page), `the document's title and preview (${colorScheme})`).toEqual([]);
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await nextButton(page).click();
      expect(await page.getByTestId('options-linkedin').getByLabel('Document title').inputValue()).toBe('Plan 2027');
      await expect.poll(() => publishNow.isEnabled(), settle).toBe(true);
      await publishNow.click();
      await page.waitForURL(`${twin.webUrl}/dashboard/posts`, { timeout: 15_000 });

      // One post in LinkedIn's feed with the document and its title; no alt text went with the PDF.
      const posted = async () => (await sandboxControl(twin).feed('linkedin', accounts.linkedin)).posts.filter((post) => post.text === description);
      await expect.poll(async () => (await posted()).length, { timeout: 30_000, interval: 250 }).toBe(1);
      const [post] = await posted();
      expect(post!.settings).toEqual({ visibility: 'PUBLIC', documentTitle: 'Plan 2027' });
      expect(post!.media.map((item) => [item.contentType, item.size])).toEqual([['application/pdf', tinyPdf.length]]);
      expect(sent).toHaveLength(1);
      expect((sent[0] as { media: unknown[] }).media).toEqual([{ key: expect.stringMatching(/\/documents\/[A-Za-z0-9_-]+\.pdf$/) }]);

      // The post list: its card (waited for) links the post and shows a document; its window opens the PDF itself.
      const card = page.getByRole('listitem').filter({ hasText: description }).first();
      const link = card.getByRole('link', { name: 'View post on LinkedIn', exact: true });
      await expect.poll(() => link.count(), { timeout: 20_000 }).toBe(1);
      // The post's own address on LinkedIn (the publisher builds it from the post's URN, without the feed's trailing slash).
      expect(await link.getAttribute('href')).toBe(`https://www.linkedin.com/feed/update/${post!.id}`);
      expect(await card.getByRole('img', { name: `Document: ${description}` }).locator('svg').count()).toBe(1);
      await shown(card.getByText('Document (PDF)'));
      await card.getByRole('button', { name: description, exact: true }).click();
      const open = page.getByRole('dialog').getByRole('link', { name: 'Open the PDF' });
      await expect.poll(() => open.count(), settle).toBe(1);
      expect(await page.getByRole('dialog').locator('figcaption strong').textContent()).toBe('Plan 2027');
      const pdf = await context.request.get((await open.getAttribute('href'))!);
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(problems).toEqual([]);
      await context.close();
    });

    it('posts a first comment under the post on X, Instagram and Bluesky, once each, names who gets it and who does not, blocks one too long, and shows it was posted (axe light and dark)', async ({ expect }) => {
      const { page, context, problems } = await openWizard(user);
      page.setDefaultTimeout(15_000);
      await fileInput(page).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      await nextButton(page).click();
      // TikTok alone: OneClick posts no first comment there, so the field is not offered.
      await accountButton(page, 'tiktok').click();
      await nextButton(page).click();
      const description = `With a first comment ${Date.now()}`;
      await page.getByLabel('Description').fill(description);
      expect(await page.getByLabel('First comment (optional)').count()).toBe(0);
      await page.getByRole('button', { name: 'Previous' }).click();
      await accountButton(page, 'x').click();
      await accountButton(page, 'instagram').click();
      await accountButton(page, 'bluesky').click();
      await nextButton(page).click();
      const comment = page.getByLabel('First comment (optional)');
      await comment.fill('Shop the looks: https://example.com/spring');
      await shown(page
          .getByText('Posted once under your post on X, Instagram, and Bluesky, right after the post is live (a reply where comments are replies). Not sent to TikTok: OneClick does not post comments there yet.', { exact: false }));
      await shown(page.getByText('X: 39 / 280 weighted characters', { exact: false }));
      await shown(page.getByText('Instagram: 42 / 2200', { exact: false }));
      await shown(page.getByText('Bluesky: 42 / 300', { exact: false }));
      // Too long for X: Next waits, and says why.
      await comment.fill('y'.repeat(281));
      await expect.poll(() => nextButton(page).isDisabled(), settle).toBe(true);
      await shown(page.getByText('Fix the first comment: it is too long for a network, or no chosen network takes it.'));
      await comment.fill('Shop the looks: https://example.com/spring');
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      // TikTok goes (it takes no comment, and would ask for its own choices); the others get the comment.
      await page.getByRole('button', { name: 'Previous' }).click();
      await accountButton(page, 'tiktok').click();
      await nextButton(page).click();
      await nextButton(page).click();
      await shown(page.getByRole('heading', { name: 'First comment' }));
      await shown(page.getByText('Posted under the post on X, Instagram, and Bluesky'));
      await page.getByRole('button', { name: 'Publish Now' }).click();
      await page.waitForURL(`${twin.webUrl}/dashboard/posts`, { timeout: 15_000 });

      for (const platform of ['x', 'instagram', 'bluesky'] as const) {
        const feed = async () => (await sandboxControl(twin).feed(platform, accounts[platform])).posts;
        await expect.poll(async () => (await feed()).filter((post) => post.text === 'Shop the looks: https://example.com/spring' || post.text === description).length, settle).toBe(2);
        const parent = (await feed()).find((post) => post.text === description)!;
        expect((await feed()).filter((post) => post.replyTo === parent.id).map((post) => post.text), platform).toEqual(['Shop the looks: https://example.com/spring']);
      }
      const postCard = page.getByRole('listitem').filter({ hasText: description }).first();
      await expect.poll(() => postCard.getByText('Published', { exact: true }).first().isVisible(), settle).toBe(true);
      await postCard.getByRole('button', { name: description, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.getByText('First comment posted').count(), settle).toBe(3);
      expect(await dialog.getByRole('link', { name: 'View it (X)' }).getAttribute('href')).toMatch(/^https:\/\/x\.com\/.+\/status\/\d+$/);
      expect(problems).toEqual([]);
      await context.close();

      for (const colorScheme of ['light', 'dark'] as const) {
        const { page: axePage, context: axeContext } = await openSession(browser, { colorScheme, bypassCSP: true });
        await signInThroughUi(axePage, twin.webUrl, user.email, user.password);
        await fileInput(axePage).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
        await expect.poll(() => nextButton(axePage).isEnabled(), settle).toBe(true);
        await nextButton(axePage).click();
        await accountButton(axePage, 'x').click();
        await nextButton(axePage).click();
        await axePage.getByLabel('Description').fill('A post');
        await axePage.getByLabel('First comment (optional)').fill('y'.repeat(281));
        expect(await seriousViolations(axePage), `the first comment over X's limit (${colorScheme})`).toEqual([]);
        await axeContext.close();
      }
    });

    it('says before publishing that a YouTube video made for kids gets no first comment, and does not send it there', async ({ expect }) => {
      const { page, context, problems } = await openWizard(user);
      await fileInput(page).setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: syntheticMp4({ durationSeconds: 8, payloadBytes: 80_000 }) });
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      await nextButton(page).click();
      await accountButton(page, 'youtube').click();
      await accountButton(page, 'x').click();
      await nextButton(page).click();
      const description = `For kids ${Date.now()}`;
      await page.getByLabel('Description').fill(description);
      await page.getByPlaceholder('Enter video title...').fill('For kids');
      await page.getByLabel('First comment (optional)').fill('Song lyrics below');
      await shown(page.getByText('Posted once under your post on X and YouTube', { exact: false }));
      await nextButton(page).click();
      await page.getByTestId('options-youtube').getByLabel("Yes, it's made for kids").check();
      const note = `Not sent to Sandbox ${accounts.youtube} on YouTube: YouTube turns comments off on videos made for kids.`;
      await expect.poll(() => page.getByText(note).isVisible(), settle).toBe(true);
      await shown(page.getByText('Posted under the post on X', { exact: true }));
      await page.getByRole('button', { name: 'Publish Now' }).click();
      await page.waitForURL(`${twin.webUrl}/dashboard/posts`, { timeout: 15_000 });

      const texts = async (platform: Platform) => (await sandboxControl(twin).feed(platform, accounts[platform])).posts.map((post) => post.text);
      await expect.poll(async () => (await texts('x')).filter((text) => text === 'Song lyrics below').length, settle).toBe(1);
      await expect.poll(async () => (await texts('youtube')).includes(description), { timeout: 30_000, interval: 250 }).toBe(true);
      expect((await texts('youtube')).filter((text) => text === 'Song lyrics below')).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });

    it('lists rejected and disguised files with the reasons', async ({ expect }) => {
      const { page, context } = await openWizard(user);
      await fileInput(page).setInputFiles([
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
        { name: 'picture.webp', mimeType: 'image/webp', buffer: tinyPng },
        { name: 'disguised.mp4', mimeType: 'video/mp4', buffer: tinyPng },
        { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg },
      ]);
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.textContent(), settle).toMatch(/disguised\.mp4: This file is not a real MP4 file/);
      const text = await alert.textContent();
      expect(text).toContain('notes.txt: Only PNG, JPG, GIF images, MP4, MOV, AVI videos and PDF documents are accepted');
      expect(text).toContain('picture.webp: Only PNG, JPG, GIF images, MP4, MOV, AVI videos and PDF documents are accepted');
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      await shown(page.getByRole('listitem', { name: 'photo.jpg' }));
      expect(await page.getByRole('listitem', { name: 'disguised.mp4' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Remove photo.jpg' }).click();
      expect(await nextButton(page).isDisabled()).toBe(true);
      await context.close();
    });

    it("names, at step 2, each file a chosen platform cannot take, from the platform's capabilities", async ({ expect }) => {
      const { page, context } = await openWizard(user);
      await fileInput(page).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng });
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      await nextButton(page).click();
      await accountButton(page, 'x').click();
      expect(await page.getByRole('alert').count()).toBe(0);
      await accountButton(page, 'instagram').click();
      await expect.poll(() => page.getByRole('alert').textContent(), settle).toBe('logo.png cannot go to Instagram: it takes JPEG only.');
      await accountButton(page, 'instagram').click();
      await expect.poll(() => page.getByRole('alert').count(), settle).toBe(0);
      await context.close();
    });

    it("counts X with X's own library, fetched only when X is chosen, and says so when it cannot be fetched", async ({ expect }) => {
      const { page, context } = await openWizard(user);
      const chunks: string[] = [];
      page.on('request', (request) => {
        if (/twitterText/.test(request.url())) chunks.push(request.url());
      });
      await page.route(/twitterText[^/]*\.js$/, (route) => route.abort());
      await fileInput(page).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      expect(chunks).toEqual([]);
      await nextButton(page).click();
      await accountButton(page, 'youtube').click();
      await accountButton(page, 'x').click();
      await nextButton(page).click();
      await page.getByLabel('Description').fill('Güzel example.ai');
      await page.getByPlaceholder('Enter video title...').fill('Counting');

      // The chunk cannot be fetched: no number, Next waits, and Try again fetches it.
      const x = page.getByTestId('count-x');
      await expect.poll(() => x.textContent(), settle).toContain('X: the count could not be loaded. Check your connection.');
      expect(chunks.length).toBeGreaterThan(0);
      expect(await nextButton(page).isDisabled()).toBe(true);
      await shown(page.getByText('Wait until the length on each platform is counted.'));
      expect(await page.getByTestId('count-youtube').textContent()).toBe('YouTube: 17 / 5000 bytes');
      await page.unroute(/twitterText[^/]*\.js$/);
      await x.getByRole('button', { name: 'Try again' }).click();

      // twitter-text counts the bare domain with a new gTLD as a URL (23): 6 + 23.
      await expect.poll(() => x.textContent(), settle).toBe('X: 29 / 280 weighted characters (links 23, emoji 2)');
      expect(await nextButton(page).isEnabled()).toBe(true);
      await context.close();
    });

    it('keeps the draft, uploaded media included, across a reload on step 3', async ({ expect }) => {
      const { page, context } = await openWizard(user);
      await fileInput(page).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      await nextButton(page).click();
      await accountButton(page, 'linkedin').click();
      await nextButton(page).click();
      await page.getByLabel('Description').fill('Survives a reload');

      await page.reload();

      await expect.poll(() => stepText(page), settle).toBe('Step 3 of 4');
      expect(await page.getByLabel('Description').inputValue()).toBe('Survives a reload');
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      await page.getByRole('button', { name: 'Go back to step 2: Platforms' }).click();
      expect(await accountButton(page, 'linkedin').getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByRole('button', { name: /Go back to step 3/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Previous' }).click();
      expect(await stepText(page)).toBe('Step 1 of 4');
      await shown(page.getByRole('listitem', { name: 'photo.jpg' }));
      expect(await nextButton(page).isEnabled()).toBe(true);
      await context.close();
    });

    it('loads shared content from local storage, uploads it and clears the stored address once the file is in hand', async ({ expect }) => {
      const { page, context, problems } = await openWizard(user);
      await page.route('**/shared-content/frame.jpg', (route) => route.fulfill({ status: 200, contentType: 'image/jpeg', body: tinyJpeg }));
      await page.route('**/shared-content/missing.jpg', (route) => route.fulfill({ status: 404, body: 'gone' }));
      // The first page's answers are held until it has gone: a reload while the file is on its way.
      let holding = true;
      const held: Array<() => void> = [];
      await page.route('**/shared-content/frame.jpg', async (route) => {
        if (!holding) return route.fallback();
        await new Promise<void>((release) => held.push(release));
        await route.fulfill({ status: 200, contentType: 'image/jpeg', body: tinyJpeg }).catch(() => undefined);
      });
      await page.evaluate((url) => localStorage.setItem('sharedContentUrl', url), `${twin.webUrl}/shared-content/frame.jpg`);

      await page.reload();
      await expect.poll(() => held.length, settle).toBeGreaterThan(0);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('sharedContentUrl'))).toBe(`${twin.webUrl}/shared-content/frame.jpg`);
      holding = false;
      await page.reload();
      held.forEach((release) => release());

      await expect.poll(() => page.getByText('Content loaded successfully').isVisible(), settle).toBe(true);
      await expect.poll(() => page.getByRole('listitem', { name: 'frame.jpg' }).isVisible(), settle).toBe(true);
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      expect(await page.getByRole('listitem', { name: 'frame.jpg' }).count()).toBe(1);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('sharedContentUrl'))).toBeNull();

      await page.evaluate((url) => localStorage.setItem('sharedContentUrl', url), `${twin.webUrl}/shared-content/missing.jpg`);
      await page.reload();
      await expect.poll(() => page.getByText('Failed to load shared content').isVisible(), settle).toBe(true);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('sharedContentUrl'))).toBeNull();
      expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
      await context.close();
    });
  });

  describe.sequential('the composer with nothing connected, and drafts, in Chromium', () => {
    const draftsOf = async (owner: TestUser) => ((await callApi(twin, '/posts?status=draft', owner.idToken)).body as unknown as PostPage).posts;

    it('shows every platform with Connect at step 2, connects through the consent page and comes back to step 2 with the post kept', async ({ expect }) => {
      // A free user (one account) with nothing connected.
      const newcomer = await createUser(twin);
      const { page, context, problems } = await openSession(browser, { bypassCSP: true });
      await signInThroughUi(page, twin.webUrl, newcomer.email, newcomer.password);
      await expect.poll(() => stepText(page), settle).toBe('Step 1 of 4');
      await fileInput(page).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
      await nextButton(page).click();

      expect(await stepText(page)).toBe('Step 2 of 4');
      for (const platform of platforms) {
        await expect.poll(() => page.getByRole('button', { name: `Connect ${platformNames[platform]}`, exact: true }).isEnabled(), settle).toBe(true);
      }
      expect(await page.locator('.platform-toggle-grid > *').count()).toBe(platforms.length);
      expect(await nextButton(page).isDisabled()).toBe(true);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await seriousViolations(page), `step 2, nothing connected (${colorScheme})`).toEqual([]);
      }

      // Deny on X's consent page: back at step 2, told why in words, the file still there.
      const beforeConsent = problems.length;
      await page.getByRole('button', { name: 'Connect X' }).click();
      await page.waitForURL((url) => url.origin === twin.endpoints.sandbox, settle);
      await page.getByLabel('Sandbox account').fill(sandboxAccountName('wizard-deny'));
      await page.getByRole('button', { name: 'Deny' }).click();
      await page.waitForURL(`${twin.webUrl}/dashboard`, settle);
      await expect.poll(() => page.getByText('You did not give OneClick access to your X account.').isVisible(), settle).toBe(true);
      expect(await stepText(page)).toBe('Step 2 of 4');
      expect(await page.getByRole('button', { name: 'Connect X' }).isEnabled()).toBe(true);

      // Connect LinkedIn: the sandbox's consent page, then back at step 2 with the file and the account chosen.
      await page.getByRole('button', { name: 'Connect LinkedIn', exact: true }).click();
      await page.waitForURL((url) => url.origin === twin.endpoints.sandbox, settle);
      const account = sandboxAccountName('wizard-connect');
      await page.getByLabel('Sandbox account').fill(account);
      await page.getByLabel('Display name').fill(`Sandbox ${account}`);
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL(/\/auth\/callback/, settle);
      // The sandbox's consent page (another origin) has no favicon: Chromium logs its 404, which is not ours.
      expect(problems.splice(beforeConsent).filter((problem) => !problem.includes('status of 404'))).toEqual([]);
      await page.waitForURL(`${twin.webUrl}/dashboard`, settle);

      await expect.poll(() => stepText(page), settle).toBe('Step 2 of 4');
      await expect.poll(() => page.getByText('LinkedIn is connected. It is selected for this post.').isVisible(), settle).toBe(true);
      expect(await accountButton(page, 'linkedin').getAttribute('aria-pressed')).toBe('true');
      expect(await page.locator('.platform-check').count()).toBe(1);
      // The free plan's one account is used: the other platforms say so instead of offering a doomed round trip.
      expect(await page.getByRole('button', { name: 'Connect X' }).isDisabled()).toBe(true);
      expect(await nextButton(page).isEnabled()).toBe(true);
      await page.getByRole('button', { name: 'Previous' }).click();
      await shown(page.getByRole('listitem', { name: 'photo.jpg' }));
      await nextButton(page).click();
      await nextButton(page).click();

      // Save as draft on step 3; it is listed under Posts › Drafts.
      const description = `Drafted in the wizard ${Date.now()}`;
      await page.getByLabel('Description').fill(description);
      await page.getByRole('button', { name: 'Save as draft' }).click();
      await expect.poll(() => page.getByText(/^Draft saved at/).isVisible(), settle).toBe(true);
      expect((await draftsOf(newcomer)).map((draft) => draft.description)).toEqual([description]);
      await page.getByLabel('Description').fill(`${description}, edited`);
      await page.getByRole('button', { name: 'Save as draft' }).click();
      await expect.poll(async () => (await draftsOf(newcomer)).map((draft) => draft.description), settle).toEqual([`${description}, edited`]);

      await page.goto(`${twin.webUrl}/dashboard/posts/drafts`);
      const card = page.getByRole('listitem').filter({ hasText: `${description}, edited` });
      await expect.poll(() => card.isVisible(), settle).toBe(true);
      await shown(card.getByText('1 file', { exact: true }));
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await seriousViolations(page), `Drafts (${colorScheme})`).toEqual([]);
      }

      // Reopen it in the wizard (in a fresh tab state) and publish it: the draft becomes the post.
      await page.evaluate(() => sessionStorage.clear());
      await card.getByRole('link', { name: /^Open the draft/ }).click();
      await expect.poll(() => stepText(page), settle).toBe('Step 3 of 4');
      expect(await page.getByLabel('Description').inputValue()).toBe(`${description}, edited`);
      await shown(page.getByText('You are editing a draft. Publishing it turns it into the post.'));
      await page.getByRole('button', { name: 'Go back to step 1: Upload' }).click();
      await shown(page.getByRole('listitem', { name: 'photo.jpg' }));
      // The opened draft previews its file from the server (a signed link), not a grey box.
      const reopenedPreview = page.getByRole('listitem', { name: 'photo.jpg' }).locator('img');
      await expect.poll(() => reopenedPreview.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)), settle).toBeGreaterThan(0);
      await nextButton(page).click();
      expect(await accountButton(page, 'linkedin').getAttribute('aria-pressed')).toBe('true');
      await nextButton(page).click();
      await nextButton(page).click();
      await page.getByRole('button', { name: 'Publish Now' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Published!' }).isVisible(), { timeout: 15_000 }).toBe(true);
      await page.waitForURL(`${twin.webUrl}/dashboard/posts`);
      await expect.poll(async () => (await sandboxControl(twin).feed('linkedin', account)).posts.length, { timeout: 30_000, interval: 250 }).toBe(1);
      expect(await draftsOf(newcomer)).toEqual([]);

      // Duplicate the published post from its card's More actions: a new draft, opened in the wizard.
      const published = page.getByRole('listitem').filter({ hasText: `${description}, edited` }).first();
      await expect.poll(() => published.getByRole('button', { name: /^More actions for/ }).isVisible(), settle).toBe(true);
      await published.getByRole('button', { name: /^More actions for/ }).click();
      await page.getByRole('menuitem', { name: 'Duplicate' }).click();
      await page.waitForURL(`${twin.webUrl}/dashboard`, settle);
      await expect.poll(() => stepText(page), settle).toBe('Step 3 of 4');
      expect(await page.getByLabel('Description').inputValue()).toBe(`${description}, edited`);
      const copies = await draftsOf(newcomer);
      expect(copies).toHaveLength(1);
      expect(copies[0]).toMatchObject({ status: 'draft', description: `${description}, edited`, platforms: ['linkedin'] });

      // And from the post's window: Duplicate there makes another draft.
      await page.goto(`${twin.webUrl}/dashboard/posts`);
      const again = page.getByRole('listitem').filter({ hasText: `${description}, edited` }).first();
      await expect.poll(() => again.isVisible(), settle).toBe(true);
      await again.getByRole('button', { name: new RegExp(`^${description}`) }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Duplicate' }).click();
      await page.waitForURL(`${twin.webUrl}/dashboard`, settle);
      await expect.poll(() => stepText(page), settle).toBe('Step 3 of 4');
      expect(await draftsOf(newcomer)).toHaveLength(2);
      expect(problems).toEqual([]);
      await context.close();
    });
  });
});
