/**
 * `npx tsx test/screenshots/instagramFormats.ts`: starts a throw-away twin, walks the wizard to
 * step 3 with a photo for Instagram, chooses Story beside the text (the 9:16 preview without the
 * caption, and what a story does not carry), then with a video (a Reel, with its settings at the
 * review step), and photographs each at 390, 1280 and 1440 wide in light and dark into
 * screenshots/instagram-formats/ (git-ignored), running axe-core on each.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin } from '../support/connect';
import { syntheticMp4 } from '../support/mp4';
import { tinyJpeg } from '../support/posts';
import { createUser } from '../support/users';
import { runScreenshots } from './harness';

const outDir = join(resolve(import.meta.dirname, '../..'), 'screenshots/instagram-formats');
const widths = [390, 1280, 1440] as const;

runScreenshots('instagram-formats', async (info, browser) => {
  const problems: string[] = [];
  const user = await createUser(info, `maria.lopez.${Date.now().toString(36)}@northwind-studio.example`);
  await makeAdmin(info, user);
  await connectThroughOAuth(info, user, 'instagram', 'northwind.daily');
  mkdirSync(outDir, { recursive: true });
  const shot = async (page: Page, name: string) => {
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: true });
    problems.push(...(await seriousViolations(page)).map((violation) => `${name}: ${violation.id} ${violation.targets.join(', ')}`));
  };
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const session = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      const { page } = session;
      await signInThroughUi(page, info.webUrl, user.email, user.password);
      const next = page.getByRole('button', { name: 'Next', exact: true });
      await page.getByLabel('Choose files to upload').setInputFiles({ name: 'window-display.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      await next.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
      await next.click();
      await page.getByRole('button', { name: /^Instagram / }).click();
      await next.click();
      await page.getByLabel('Description').fill('New window display is up — come see it this weekend 🌿');
      await page.getByTestId('options-instagram').getByRole('radio', { name: 'Story' }).check();
      await shot(page, `${width}-${colorScheme}-story-preview`);
      await session.context.close();

      const reel = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      await signInThroughUi(reel.page, info.webUrl, user.email, user.password);
      const reelNext = reel.page.getByRole('button', { name: 'Next', exact: true });
      await reel.page.getByLabel('Choose files to upload').setInputFiles({ name: 'spring-teaser.mp4', mimeType: 'video/mp4', buffer: syntheticMp4({ durationSeconds: 12, payloadBytes: 120_000 }) });
      await reelNext.and(reel.page.locator(':enabled')).waitFor({ timeout: 20_000 });
      await reelNext.click();
      await reel.page.getByRole('button', { name: /^Instagram / }).click();
      await reelNext.click();
      await reel.page.getByLabel('Description').fill('Spring teaser: twelve looks in twelve seconds');
      await reelNext.click();
      await reel.page.getByTestId('options-instagram').getByRole('checkbox', { name: 'Also show this Reel in your feed' }).waitFor();
      await shot(reel.page, `${width}-${colorScheme}-reel-review`);
      problems.push(...session.problems, ...reel.problems);
      await reel.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations; no console errors\n'}`);
});
