/**
 * `npx tsx test/screenshots/apiReference.ts`: starts a throw-away twin and photographs, at 390,
 * 1280 and 1440 wide in light and dark, into screenshots/api-reference/ (git-ignored), running
 * axe-core on each: the API reference as it opens, with New post (POST /v1/posts) unfolded, and
 * Settings' API section.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { createUser } from '../support/users';
import { runScreenshots } from './harness';

const outDir = join(resolve(import.meta.dirname, '../..'), 'screenshots/api-reference');
const widths = [390, 1280, 1440] as const;

runScreenshots('api-reference', async (info, browser) => {
  const problems: string[] = [];
  const user = await createUser(info);
  mkdirSync(outDir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const shoot = async (page: Page, state: string, fullPage = true) => {
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(outDir, `${width}-${colorScheme}-${state}.png`), fullPage });
        problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme} ${state}: ${violation.id} ${violation.targets.join(', ')}`));
      };
      const session = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      const { page } = session;
      await signInThroughUi(page, info.webUrl, user.email, user.password);
      await page.goto(`${info.webUrl}/dashboard/api`);
      await page.getByRole('heading', { name: 'Posts', level: 2 }).waitFor();
      await shoot(page, '1-reference', false);
      const createPost = page.locator('#createPost');
      await createPost.locator('summary').click();
      await createPost.getByRole('heading', { name: 'Request body' }).waitFor();
      await createPost.evaluate((element) => element.scrollIntoView());
      await shoot(page, '2-create-post', false);
      await shoot(page, '3-whole-page');
      await page.goto(`${info.webUrl}/dashboard/settings`);
      await page.getByRole('link', { name: 'Open the API reference' }).waitFor();
      await page.getByRole('link', { name: 'Open the API reference' }).scrollIntoViewIfNeeded();
      await shoot(page, '4-settings', false);
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations\n'}`);
});
