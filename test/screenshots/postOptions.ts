/**
 * `npx tsx test/screenshots/postOptions.ts`: starts a throw-away twin, walks the wizard to the
 * review step with a video for TikTok and YouTube, and photographs the per-network settings at
 * 390, 1280 and 1440 wide in light and dark (untouched, then with the disclosure and branded
 * content chosen), then with a photo for X and LinkedIn (who can reply, who can see it, with a
 * choice made) into screenshots/post-options/ (git-ignored), running axe-core on each.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin } from '../support/connect';
import { syntheticMp4 } from '../support/mp4';
import { tinyJpeg } from '../support/posts';
import { createUser } from '../support/users';
import { runScreenshots } from './harness';

const outDir = join(resolve(import.meta.dirname, '../..'), 'screenshots/post-options');
const widths = [390, 1280, 1440] as const;

runScreenshots('post-options', async (info, browser) => {
  const problems: string[] = [];
  const user = await createUser(info, `maria.lopez.${Date.now().toString(36)}@northwind-studio.example`);
  await makeAdmin(info, user);
  await connectThroughOAuth(info, user, 'tiktok', 'northwind.clips');
  await connectThroughOAuth(info, user, 'youtube', 'northwind-studio');
  await connectThroughOAuth(info, user, 'x', 'northwindstudio');
  await connectThroughOAuth(info, user, 'linkedin', 'maria-lopez-northwind');
  mkdirSync(outDir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const session = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      const { page } = session;
      await signInThroughUi(page, info.webUrl, user.email, user.password);
      await page.getByLabel('Choose files to upload').setInputFiles({ name: 'spring-teaser.mp4', mimeType: 'video/mp4', buffer: syntheticMp4({ durationSeconds: 14, payloadBytes: 200_000 }) });
      const next = page.getByRole('button', { name: 'Next', exact: true });
      await next.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
      await next.click();
      await page.getByRole('button', { name: /^TikTok / }).click();
      await page.getByRole('button', { name: /^YouTube / }).click();
      await next.click();
      await page.getByLabel('Description').fill('Behind the scenes of our spring collection shoot 🌸');
      await page.getByPlaceholder('Enter video title...').fill('Spring collection: behind the scenes');
      await next.click();
      await page.getByText('Posting to TikTok as').waitFor({ timeout: 20_000 });
      await page.waitForTimeout(400);
      const name = (state: string) => join(outDir, `${width}-${colorScheme}-${state}.png`);
      await page.screenshot({ path: name('untouched'), fullPage: true });
      problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme} untouched: ${violation.id} ${violation.targets.join(', ')}`));
      await page.getByLabel("No, it's not made for kids").check();
      await page.getByLabel('Who can see this post').selectOption('PUBLIC_TO_EVERYONE');
      await page.getByRole('checkbox', { name: 'Comment', exact: true }).check();
      await page.getByRole('switch', { name: 'Disclose video content' }).check();
      await page.getByRole('checkbox', { name: /^Branded content/ }).check();
      await page.getByLabel('Tags').fill('spring, behind the scenes, fashion');
      await page.waitForTimeout(300);
      await page.screenshot({ path: name('chosen'), fullPage: true });
      problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme} chosen: ${violation.id} ${violation.targets.join(', ')}`));
      problems.push(...session.problems);
      await session.context.close();
    }
  }
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const session = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      const { page } = session;
      await signInThroughUi(page, info.webUrl, user.email, user.password);
      await page.getByLabel('Choose files to upload').setInputFiles({ name: 'lookbook.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      const next = page.getByRole('button', { name: 'Next', exact: true });
      await next.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
      await next.click();
      await page.getByRole('button', { name: /^X / }).click();
      await page.getByRole('button', { name: /^LinkedIn / }).click();
      await next.click();
      await page.getByLabel('Description').fill('Our spring lookbook is out: twelve looks, one afternoon in the studio.');
      await next.click();
      await page.getByLabel('Who can reply').selectOption('following');
      await page.getByLabel('Who can see this post').selectOption('CONNECTIONS');
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(outDir, `${width}-${colorScheme}-audience.png`), fullPage: true });
      problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme} audience: ${violation.id} ${violation.targets.join(', ')}`));
      problems.push(...session.problems);
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations; no console errors\n'}`);
});
