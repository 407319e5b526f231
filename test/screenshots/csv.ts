/**
 * `npx tsx test/screenshots/csv.ts`: starts a throw-away twin and photographs, at 390, 1280 and
 * 1440 wide in light and dark, into screenshots/csv/ (git-ignored), running axe-core on each: the
 * CSV import dialog, its dry-run report of a file with good and bad rows, and the import's report
 * (the first width imports; the others show the same file "imported before").
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ConnectionList } from '../../shared/api/connections';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin } from '../support/connect';
import { tinyJpeg } from '../support/posts';
import { callApi, createUser } from '../support/users';
import type { Page } from 'playwright-core';
import { runScreenshots } from './harness';

const outDir = join(resolve(import.meta.dirname, '../..'), 'screenshots/csv');
const widths = [390, 1280, 1440] as const;
const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString().slice(0, 10);

runScreenshots('csv', async (info, browser) => {
  const problems: string[] = [];
  const user = await createUser(info, `dana.reyes.${Date.now().toString(36)}@northwind-studio.example`);
  await makeAdmin(info, user);
  await connectThroughOAuth(info, user, 'linkedin', 'bluebird-coffee');
  const accountId = ((await callApi(info, '/connections', user.idToken)).body as unknown as ConnectionList).connections[0]!.platformUserId;
  const csv = [
    'text,accounts,media,time,first_comment',
    `"Our winter blend is back: dark chocolate, orange peel and a long, sweet finish.",linkedin:${accountId},beans.jpg,${inDays(3)} 09:00,Order link in the comments.`,
    `"Brew guide: the 1:16 ratio, step by step.",linkedin:${accountId},beans.jpg,${inDays(4)} 09:00,`,
    `"A draft for the holiday gift box",linkedin:${accountId},beans.jpg,,`,
    `"Meet the roasters",linkedin:bluebird-hq,beans.jpg,${inDays(5)} 09:00,`,
    `"Cupping notes",linkedin:${accountId},cupping.jpg,${inDays(6)} 09:00,`,
    `"Throwback",linkedin:${accountId},beans.jpg,2025-01-01 09:00,`,
  ].join('\n');
  mkdirSync(outDir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const shoot = async (page: Page, state: string) => {
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(outDir, `${width}-${colorScheme}-${state}.png`), fullPage: true });
        problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme} ${state}: ${violation.id} ${violation.targets.join(', ')}`));
      };
      const session = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      const { page } = session;
      await signInThroughUi(page, info.webUrl, user.email, user.password);
      await page.goto(`${info.webUrl}/dashboard/scheduled`);
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import posts from a CSV file' });
      await dialog.getByLabel('CSV file').setInputFiles({ name: 'december.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await dialog.getByLabel('Files the rows name (optional)').setInputFiles({ name: 'beans.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      await shoot(page, '1-dialog');
      await dialog.getByRole('button', { name: 'Check the file' }).click();
      await dialog.getByRole('table').waitFor({ timeout: 60_000 });
      await shoot(page, '2-dry-run');
      await dialog.getByRole('button', { name: /^Import \d+ posts?$/ }).click();
      await dialog.getByText(/created, \d+ imported before/).waitFor({ timeout: 60_000 });
      await shoot(page, '3-imported');
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations\n'}`);
});
