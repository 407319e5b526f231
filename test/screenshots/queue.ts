/**
 * `npx tsx test/screenshots/queue.ts`: starts a throw-away twin and photographs, at 390, 1280 and
 * 1440 wide in light and dark, into screenshots/queue/ (git-ignored), running axe-core on each: the
 * Queue view of an account with set times, three queued posts and a skipped time; a new account's
 * Queue view with the default times (said so); and the wizard's "Add to queue" with two accounts,
 * showing where the post would go.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { ConnectionList } from '../../shared/api/connections';
import type { QueueView } from '../../shared/api/queue';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin } from '../support/connect';
import { tinyJpeg, uploadMedia } from '../support/posts';
import { callRoute } from '../support/routes';
import { createUser } from '../support/users';
import { runScreenshots } from './harness';

const outDir = join(resolve(import.meta.dirname, '../..'), 'screenshots/queue');
const widths = [390, 1280, 1440] as const;
const ZONE = 'Europe/Istanbul';

runScreenshots('queue', async (info, browser) => {
  const problems: string[] = [];
  const stamp = Date.now().toString(36);
  const owner = await createUser(info, `dana.reyes.${stamp}@northwind-studio.example`);
  await makeAdmin(info, owner);
  await connectThroughOAuth(info, owner, 'x', `bluebird_${stamp}`);
  await connectThroughOAuth(info, owner, 'linkedin', `bluebird-coffee-${stamp}`);
  const connections = ((await callRoute(info, 'listConnections', {}, owner.idToken)).body as ConnectionList).connections;
  const x = connections.find((connection) => connection.platform === 'x')!;
  const path = { platform: 'x', accountId: x.platformUserId };
  const slots = [0, 1, 2, 3, 4].flatMap((weekday) => [{ weekday, time: '08:30' }, { weekday, time: '18:00' }]);
  await callRoute(info, 'setQueueSlots', { path, body: { slots, timeZone: ZONE } }, owner.idToken);
  const key = await uploadMedia(info, owner.userId, { kind: 'image', body: tinyJpeg });
  for (const description of [
    'Our Ethiopia Guji is back: bright, floral, with a finish like apricot jam. Roasted Tuesday, in the shop Wednesday.',
    'Five minutes with Lena, our head roaster, on why we cup every batch twice before it ships.',
    'Weekend brew guide: the 1:16 pour-over that our baristas make at home.',
  ]) {
    await callRoute(info, 'createPost', { body: { description, media: [{ key }], targets: [{ platform: 'x', accountId: x.platformUserId }], queue: {}, timeZone: ZONE } }, owner.idToken);
  }
  const view = (await callRoute(info, 'getQueue', { path, query: { timeZone: ZONE } }, owner.idToken)).body as QueueView;
  const free = view.upcoming.find((slot) => !slot.post);
  if (free) await callRoute(info, 'skipQueueSlot', { path, body: { at: free.at } }, owner.idToken);
  mkdirSync(outDir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const shoot = async (page: Page, state: string) => {
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(outDir, `${width}-${colorScheme}-${state}.png`), fullPage: true });
        problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme} ${state}: ${violation.id} ${violation.targets.join(', ')}`));
      };
      const session = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true, timezoneId: ZONE });
      const { page } = session;
      await signInThroughUi(page, info.webUrl, owner.email, owner.password);
      await page.goto(`${info.webUrl}/dashboard/queue?account=${encodeURIComponent(`x#${x.platformUserId}`)}`);
      await page.getByRole('heading', { name: 'Queued posts' }).waitFor();
      await page.getByText('Skipped', { exact: true }).first().waitFor();
      await shoot(page, '1-queue');
      await page.goto(`${info.webUrl}/dashboard/queue?account=${encodeURIComponent(`linkedin#${connections.find((connection) => connection.platform === 'linkedin')!.platformUserId}`)}`);
      await page.getByText(/^These are default times/).waitFor();
      await shoot(page, '2-queue-defaults');

      await page.goto(`${info.webUrl}/dashboard`);
      await page.getByLabel('Choose files to upload').setInputFiles({ name: 'guji.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      const next = page.getByRole('button', { name: 'Next', exact: true });
      await next.and(page.locator(':enabled')).waitFor({ timeout: 15_000 });
      await next.click();
      await page.getByRole('button', { name: /^X Sandbox/ }).click();
      await page.getByRole('button', { name: /^LinkedIn Sandbox/ }).click();
      await next.click();
      await page.getByLabel('Description').fill('Cupping notes from this week: Guji, Huila and a Kenyan peaberry.');
      await next.click();
      await page.getByRole('radio', { name: 'Add to queue' }).check();
      await page.getByRole('list', { name: 'It will go out at:' }).waitFor();
      await page.getByRole('radio', { name: 'Add to queue' }).scrollIntoViewIfNeeded();
      await shoot(page, '3-wizard-queue');
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations\n'}`);
});
