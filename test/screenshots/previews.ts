/**
 * `npx tsx test/screenshots/previews.ts`: starts a throw-away twin, walks the wizard to step 3 with
 * a photo and a video for all six networks, and photographs the live preview of several of them at
 * 390, 1280 and 1440 wide in light and dark (Instagram's carousel led by the photo, X with its own
 * text and the video cropped to 16:9, TikTok's caption over the 9:16 video, YouTube with its title,
 * LinkedIn expanded by its "more" link, Bluesky's whole text with a monogram where the avatar does
 * not load; then the photo alone on X and LinkedIn) into screenshots/previews/ (git-ignored),
 * running axe-core on each and checking that nothing scrolls sideways.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Platform } from '../../shared/platforms';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { arriveAtCallback, confirmFlow, makeAdmin, sandboxControl, startFlow } from '../support/connect';
import type { TwinInfo } from '../support/twinInfo';
import { createUser, type TestUser } from '../support/users';
import { runScreenshots } from './harness';

const root = resolve(import.meta.dirname, '../..');
const outDir = join(root, 'screenshots/previews');
const widths = [390, 1280, 1440] as const;
const video = readFileSync(join(root, 'infra/local/demoModule/samples/cartoon.mp4'));
const story = [
  'Our spring collection is here 🌸 We spent three weeks in the hills above Valencia with a crew of six, chasing the light at dawn and dusk.',
  'Every piece in this drop was shot on location, and every fabric is linen or organic cotton.',
  'Tell us which look is your favourite! #spring #linen',
].join('\n\n');
const xText = 'Spring collection, shot at dawn in the hills above Valencia 🌄 Which look is yours? https://northwind.example/spring';

/** A 4:3 landscape photo drawn in Chromium (sky, sun, hills, a caption), as JPEG bytes. */
async function landscapePhoto(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage();
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 1200;
    const draw = canvas.getContext('2d')!;
    const sky = draw.createLinearGradient(0, 0, 0, 800);
    sky.addColorStop(0, '#f7b267');
    sky.addColorStop(1, '#f4845f');
    draw.fillStyle = sky;
    draw.fillRect(0, 0, 1600, 1200);
    draw.fillStyle = '#fff3c4';
    draw.beginPath();
    draw.arc(1150, 520, 120, 0, Math.PI * 2);
    draw.fill();
    for (const [color, base] of [['#7a9e7e', 760], ['#4f6d5a', 880], ['#2f4538', 1010]] as const) {
      draw.fillStyle = color;
      draw.beginPath();
      draw.moveTo(0, 1200);
      for (let x = 0; x <= 1600; x += 40) draw.lineTo(x, base + Math.sin(x / 170 + base) * 60);
      draw.lineTo(1600, 1200);
      draw.fill();
    }
    draw.fillStyle = '#ffffff';
    draw.font = 'bold 96px sans-serif';
    draw.fillText('SPRING', 80, 180);
    draw.fillText('←  left edge', 80, 1150);
    draw.textAlign = 'right';
    draw.fillText('right edge  →', 1520, 1150);
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  await page.close();
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** connectThroughOAuth with a display name of our choosing (the support helper names every account "Sandbox …"). */
async function connect(info: TwinInfo, user: TestUser, platform: Platform, account: string, displayName: string) {
  const flow = await startFlow(info, user, platform);
  const callbackUrl = await sandboxControl(info).consent(platform, { authorizeUrl: flow.authorizationUrl, account, displayName, decision: 'allow' });
  const state = (await arriveAtCallback(callbackUrl, flow.cookie)).searchParams.get('state');
  if (state) await confirmFlow(info, user, platform, state, flow.cookie);
}

const preview = (page: Page, name: string) => page.getByRole('region', { name: `Preview on ${name}` });

runScreenshots('previews', async (info, browser) => {
  const problems: string[] = [];
  const photo = await landscapePhoto(browser);
  const user = await createUser(info, `maria.lopez.${Date.now().toString(36)}@northwind-studio.example`);
  await makeAdmin(info, user);
  for (const platform of ['youtube', 'tiktok', 'instagram', 'x', 'linkedin', 'bluesky', 'threads'] as const) await connect(info, user, platform, 'northwind', 'Northwind Studio');
  mkdirSync(outDir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const session = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      const { page } = session;
      const shoot = async (state: string) => {
        await page.waitForTimeout(400);
        await page.screenshot({ path: join(outDir, `${width}-${colorScheme}-${state}.png`), fullPage: true });
        problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme} ${state}: ${violation.id} ${violation.targets.join(', ')}`));
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (sideways > 0) problems.push(`${width} ${colorScheme} ${state}: scrolls sideways by ${sideways} px`);
      };
      // Bluesky's avatar answers with something that is not a picture: the preview shows a monogram instead.
      await page.route('**/bluesky/_avatar/**', (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: 'not a picture' }));
      await signInThroughUi(page, info.webUrl, user.email, user.password);
      await page.getByLabel('Choose files to upload').setInputFiles([
        { name: 'spring-hills.jpg', mimeType: 'image/jpeg', buffer: photo },
        { name: 'spring-film.mp4', mimeType: 'video/mp4', buffer: video },
      ]);
      const next = page.getByRole('button', { name: 'Next', exact: true });
      await next.and(page.locator(':enabled')).waitFor({ timeout: 30_000 });
      await next.click();
      for (const name of ['LinkedIn', 'X', 'Instagram', 'YouTube', 'TikTok', 'Bluesky', 'Threads']) await page.getByRole('button', { name: new RegExp(`^${name} `) }).click();
      await next.click();
      await page.getByLabel('Description').fill(story);
      await page.getByPlaceholder('Enter video title...').fill('Spring collection 2025: shot at dawn above Valencia');

      await page.getByRole('button', { name: 'Instagram', exact: true }).click();
      await preview(page, 'Instagram').waitFor();
      await shoot('1-all-networks-instagram');

      await page.getByRole('tab', { name: 'X', exact: true }).click();
      await page.getByRole('button', { name: 'Write a text for X only' }).click();
      await page.getByLabel('Text for X').fill(xText);
      await preview(page, 'X').waitFor();
      await shoot('2-x-own-text');

      await page.getByRole('button', { name: 'TikTok', exact: true }).click();
      await preview(page, 'TikTok').waitFor();
      await shoot('3-tiktok');

      await page.getByRole('button', { name: 'YouTube', exact: true }).click();
      await preview(page, 'YouTube').waitFor();
      await shoot('4-youtube');

      await page.getByRole('button', { name: 'LinkedIn', exact: true }).click();
      await preview(page, 'LinkedIn').getByRole('button', { name: '…more' }).click();
      await shoot('5-linkedin-expanded');

      await page.getByRole('button', { name: 'Bluesky', exact: true }).click();
      await preview(page, 'Bluesky').waitFor();
      await shoot('6-bluesky');

      await page.getByRole('button', { name: 'Threads', exact: true }).click();
      await preview(page, 'Threads').waitFor();
      await shoot('7-threads');

      // The photo alone: X crops it to 16:9, LinkedIn keeps its 4:3.
      await page.getByRole('button', { name: /^Go back to step 1/ }).click();
      await page.getByRole('button', { name: 'Remove spring-film.mp4' }).click();
      await next.click();
      await next.click();
      await page.getByRole('tab', { name: 'X (own text)' }).click();
      await preview(page, 'X').waitFor();
      await shoot('7-x-photo');
      await page.getByRole('button', { name: 'LinkedIn', exact: true }).click();
      await preview(page, 'LinkedIn').waitFor();
      await shoot('8-linkedin-photo');

      problems.push(...session.problems);
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations; no sideways scroll; no console errors\n'}`);
});
