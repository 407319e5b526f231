import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Connection } from '../../shared/api/connections';
import { platformNames, type Platform } from '../../shared/platforms';
import { foldText } from '../../shared/preview';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openSession, shown, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin, sandboxAccountName } from '../support/connect';
import { callApi, createUser, type TestUser } from '../support/users';
import { previewRules } from '../../shared/platforms/previews';

const twin = inject('twin');
/** How long a poll waits for the page: uploads and API calls on a loaded 2-core machine take seconds, not the default 1 s. */
const settle = { timeout: 15_000 };
const chosen = ['linkedin', 'x', 'instagram', 'tiktok', 'bluesky', 'threads'] as const satisfies readonly Platform[];
let browser: Browser;
let user: TestUser;
const connections = {} as Record<(typeof chosen)[number], Connection>;

const description = [
  'Our spring collection is here. We spent three weeks in the hills above Valencia with a crew of six, chasing the light at dawn and dusk.',
  'Every piece in this drop was shot on location, and every fabric is linen or organic cotton. Tell us which look is your favourite!',
].join(' ');
const xText = 'Spring collection, shot at dawn above Valencia. Which look is yours?';

/** A 16:9 landscape photo (1600×900) drawn in Chromium, as JPEG bytes. */
async function landscapePhoto(): Promise<Buffer> {
  const page = await browser.newPage();
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 900;
    const draw = canvas.getContext('2d')!;
    draw.fillStyle = '#f4845f';
    draw.fillRect(0, 0, 1600, 900);
    draw.fillStyle = '#2f4538';
    draw.fillRect(0, 600, 1600, 300);
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  await page.close();
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}
let photo: Buffer;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(twin);
  await makeAdmin(twin, user);
  for (const platform of chosen) await connectThroughOAuth(twin, user, platform, sandboxAccountName(platform));
  const listed = (await callApi(twin, '/connections', user.idToken)).body as { connections: Connection[] };
  for (const platform of chosen) connections[platform] = listed.connections.find((connection) => connection.platform === platform)!;
  photo = await landscapePhoto();
});
afterAll(async () => {
  await browser?.close();
});

const nextButton = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
const preview = (page: Page, platform: Platform) => page.getByRole('region', { name: `Preview on ${platformNames[platform]}`, exact: true });
const previewText = (page: Page, platform: Platform) => preview(page, platform).locator('.preview-text');

/** Signs in, uploads the photo, chooses the accounts and arrives at step 3 with the description typed. */
async function toStep3(page: Page, platforms: readonly Platform[] = chosen) {
  await signInThroughUi(page, twin.webUrl, user.email, user.password);
  await page.getByLabel('Choose files to upload').setInputFiles({ name: 'spring.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
  await nextButton(page).click();
  for (const platform of platforms) await page.getByRole('button', { name: new RegExp(`^${platformNames[platform]} Sandbox`) }).click();
  await nextButton(page).click();
  await page.getByLabel('Description').fill(description);
}

/** The shape (width / height) the preview gives its media, as drawn. */
async function mediaShape(page: Page, platform: Platform): Promise<number> {
  const box = (await preview(page, platform).locator('.preview-media').boundingBox())!;
  return box.width / box.height;
}

describe('the live preview beside the editor, in Chromium', () => {
  it("shows the account's name and avatar, the text cut with the network's own \"more\", and follows the network tabs with each network's own text", async () => {
    const { page, context, problems } = await openSession(browser, { viewport: { width: 1280, height: 900 } });
    // Bluesky's avatar answers with something that is not a picture: its preview shows a monogram instead.
    await page.route('**/bluesky/_avatar/**', (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: 'not a picture' }));
    await toStep3(page);

    // The first chosen network in the wizard's order (LinkedIn) is previewed first, with the account's name and avatar.
    const linkedin = preview(page, 'linkedin');
    await expect.poll(() => linkedin.isVisible(), settle).toBe(true);
    await shown(linkedin.getByText(connections.linkedin.displayName, { exact: true }));
    expect(await linkedin.locator('img.preview-avatar').getAttribute('src')).toBe(connections.linkedin.avatarUrl);
    // Cut where LinkedIn's feed cuts it, on a word, with LinkedIn's "…more"; the button shows the rest.
    const linkedinFold = previewRules.linkedin.fold!;
    const linkedinCut = foldText(description, linkedinFold);
    expect(linkedinCut.more).toBe(true);
    expect(await previewText(page, 'linkedin').textContent()).toBe(`${linkedinCut.shown}${linkedinFold.more}`);
    expect(description.slice(linkedinCut.shown.length, linkedinCut.shown.length + 1)).toBe(' ');
    await linkedin.getByRole('button', { name: linkedinFold.more }).click();
    expect(await previewText(page, 'linkedin').textContent()).toBe(`${description} Show less`);
    expect(await linkedin.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');

    // The preview's own switch, on the All networks tab: Instagram shows the handle and cuts earlier, with "… more".
    await linkedin.getByRole('group', { name: 'Network to preview' }).getByRole('button', { name: 'Instagram' }).click();
    const instagram = preview(page, 'instagram');
    await expect.poll(() => instagram.isVisible(), settle).toBe(true);
    await shown(instagram.getByText(connections.instagram.username!.replace(/^@/, ''), { exact: true }));
    const instagramFold = previewRules.instagram.fold!;
    expect(await previewText(page, 'instagram').textContent()).toBe(`${foldText(description, instagramFold).shown}${instagramFold.more}`);
    expect(await page.getByRole('tab', { name: 'All networks' }).getAttribute('aria-selected')).toBe('true');
    // The 16:9 photo keeps its shape on Instagram (between 1.91:1 and 4:5), and fills TikTok's 9:16 cropped.
    expect(await mediaShape(page, 'instagram')).toBeCloseTo(16 / 9, 1);

    // A network's tab brings its preview: X with its own text, whole, under the name and @handle.
    await page.getByRole('tab', { name: 'X', exact: true }).click();
    await page.getByRole('button', { name: 'Write a text for X only' }).click();
    await page.getByLabel('Text for X').fill(xText);
    const x = preview(page, 'x');
    await expect.poll(() => x.isVisible(), settle).toBe(true);
    expect(await previewText(page, 'x').textContent()).toBe(xText);
    await shown(x.getByText(connections.x.displayName, { exact: true }));
    await shown(x.getByText(`@${connections.x.username!.replace(/^@/, '')}`, { exact: true }));
    expect(await x.getByRole('button', { name: previewRules.x.fold!.more }).count()).toBe(0);
    expect(await mediaShape(page, 'x')).toBeCloseTo(16 / 9, 1);

    // It updates as the user types.
    await page.getByLabel('Text for X').fill(`${xText} Now live.`);
    await expect.poll(() => previewText(page, 'x').textContent(), settle).toBe(`${xText} Now live.`);

    // Another network's tab: its preview, with the description (X's own text is X's only).
    await page.getByRole('tab', { name: 'TikTok', exact: true }).click();
    const tiktok = preview(page, 'tiktok');
    await expect.poll(() => tiktok.isVisible(), settle).toBe(true);
    expect(await x.count()).toBe(0);
    const tiktokFold = previewRules.tiktok.fold!;
    expect(await previewText(page, 'tiktok').textContent()).toBe(`${foldText(description, tiktokFold).shown}${tiktokFold.more}`);
    expect(await mediaShape(page, 'tiktok')).toBeCloseTo(9 / 16, 1);
    expect(await tiktok.locator('.preview-media img').evaluate((image) => getComputedStyle(image).objectFit)).toBe('cover');

    // The preview's switch moves the text tab too when a network's tab is open.
    await tiktok.getByRole('group', { name: 'Network to preview' }).getByRole('button', { name: 'Bluesky' }).click();
    expect(await page.getByRole('tab', { name: 'Bluesky', exact: true }).getAttribute('aria-selected')).toBe('true');
    const bluesky = preview(page, 'bluesky');
    // Bluesky shows the whole post (no fold), and the account whose avatar does not load gets a monogram.
    expect(await previewText(page, 'bluesky').textContent()).toBe(description);
    await expect.poll(() => bluesky.locator('img.preview-avatar').count(), settle).toBe(0);
    expect(await bluesky.locator('.preview-monogram').textContent()).toBe(connections.bluesky.displayName.slice(0, 1).toUpperCase());

    // Side by side at 1280 px: the preview to the right of the editor.
    const editorBox = (await page.getByRole('tablist', { name: 'Text for each network' }).boundingBox())!;
    const previewBox = (await bluesky.boundingBox())!;
    expect(previewBox.x).toBeGreaterThan(editorBox.x + editorBox.width);

    // Threads: the whole text (no fold) under the @handle, the 16:9 photo in its own shape (no taller than 4:5).
    await bluesky.getByRole('group', { name: 'Network to preview' }).getByRole('button', { name: 'Threads' }).click();
    const threads = preview(page, 'threads');
    await expect.poll(() => threads.isVisible(), settle).toBe(true);
    expect(await previewText(page, 'threads').textContent()).toBe(description);
    await shown(threads.getByText(connections.threads.username!.replace(/^@/, ''), { exact: true }));
    expect(await threads.getByRole('button', { name: /more/ }).count()).toBe(0);
    expect(await mediaShape(page, 'threads')).toBeCloseTo(16 / 9, 1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sits below the editor on a phone without sideways scroll at 360 and 390 px wide', async () => {
    for (const width of [360, 390]) {
      const { page, context, problems } = await openSession(browser, { viewport: { width, height: 800 } });
      await toStep3(page, ['instagram', 'tiktok']);
      const instagram = preview(page, 'instagram');
      await expect.poll(() => instagram.isVisible(), settle).toBe(true);
      const editorBox = (await page.getByLabel('Description').boundingBox())!;
      expect((await instagram.boundingBox())!.y, `${width}`).toBeGreaterThan(editorBox.y + editorBox.height);
      for (const platform of ['instagram', 'tiktok'] as const) {
        await page.getByRole('group', { name: 'Network to preview' }).getByRole('button', { name: platformNames[platform], exact: true }).click();
        await expect.poll(() => preview(page, platform).isVisible(), settle).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${platform} at ${width}`).toBe(0);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('passes axe with the preview cut, expanded and over a video-style overlay, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      // axe is injected as a script, which the app's CSP forbids: this context bypasses the CSP.
      const { page, context } = await openSession(browser, { colorScheme, bypassCSP: true });
      await toStep3(page, ['linkedin', 'tiktok']);
      await expect.poll(() => preview(page, 'linkedin').isVisible(), settle).toBe(true);
      expect(await seriousViolations(page), `LinkedIn cut (${colorScheme})`).toEqual([]);
      await preview(page, 'linkedin').getByRole('button', { name: previewRules.linkedin.fold!.more }).click();
      expect(await seriousViolations(page), `LinkedIn expanded (${colorScheme})`).toEqual([]);
      await page.getByRole('tab', { name: 'TikTok', exact: true }).click();
      await expect.poll(() => preview(page, 'tiktok').isVisible(), settle).toBe(true);
      expect(await seriousViolations(page), `TikTok's overlay (${colorScheme})`).toEqual([]);
      await context.close();
    }
  });
});
