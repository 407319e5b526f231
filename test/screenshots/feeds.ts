/**
 * `npx tsx test/screenshots/feeds.ts`: starts a throw-away twin and photographs, at 390, 1280 and
 * 1440 wide in light and dark, into screenshots/feeds/ (git-ignored), running axe-core on each: the
 * Feeds page with a followed feed fetched once, its form with the queue mode chosen, the drafts the
 * demo feed made (the newest with the item's image as its file), Scheduled with three posts
 * selected for a bulk action, and the calendar with two scheduled posts chosen.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { userWithAccounts } from '../support/accounts';
import { createPost } from '../support/posts';
import { callApi } from '../support/users';
import type { Feed } from '../../shared/api/feeds';
import { runScreenshots } from './harness';

const outDir = join(resolve(import.meta.dirname, '../..'), 'screenshots/feeds');
const widths = [390, 1280, 1440] as const;
const DAY_MS = 86_400_000;

runScreenshots('feeds', async (info, browser) => {
  const problems: string[] = [];
  const { user, key, targets } = await userWithAccounts(info, ['x']);
  for (const [index, text] of ['Spring menu: the new cold brew', 'Behind the roaster: Tuesday batch', 'Weekend market: find us at stall 12', 'Five beans we love this month'].entries()) {
    await createPost(info, user, { description: text, media: [{ key }], targets, scheduledFor: new Date(Date.now() + (index + 1) * DAY_MS).toISOString(), timeZone: 'Europe/Istanbul' });
  }
  const json = (method: string, body?: unknown): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
  const added = (await callApi(info, '/feeds', user.idToken, json('POST', { url: `${info.endpoints.sandbox}/_feeds/demo.xml`, accounts: targets }))).body as unknown as Feed;
  await callApi(info, `/feeds/${added.feedId}/fetch`, user.idToken, json('POST'));
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
      await page.goto(`${info.webUrl}/dashboard/feeds`);
      await page.getByText('3 new items became drafts.').waitFor();
      await shoot(page, '1-feeds');
      await page.getByRole('radio', { name: 'A post in the queue' }).check();
      await page.getByRole('checkbox').first().check();
      await shoot(page, '1b-feeds-queue-mode');
      await page.goto(`${info.webUrl}/dashboard/posts/drafts`);
      await page.getByText('Three ways to plan a week of posts').first().waitFor();
      await shoot(page, '1c-feed-drafts');
      await page.goto(`${info.webUrl}/dashboard/scheduled`);
      await page.getByRole('checkbox', { name: /Select Spring menu/ }).click();
      await page.getByRole('checkbox', { name: /Select Weekend market/ }).click({ modifiers: ['Shift'] });
      await page.getByRole('button', { name: 'Move by…' }).click();
      await shoot(page, '2-bulk-selection');
      // The calendar's choosing: two scheduled posts chosen, the bar above the month.
      await page.goto(`${info.webUrl}/dashboard/calendar`);
      await page.locator('[data-view="month"]').waitFor();
      if (!(await page.getByRole('button', { name: /Spring menu/ }).isVisible())) await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Select posts' }).click();
      await page.getByRole('button', { name: /Spring menu/ }).click();
      if (await page.getByRole('button', { name: /Behind the roaster/ }).isVisible()) await page.getByRole('button', { name: /Behind the roaster/ }).click({ modifiers: ['Shift'] });
      await shoot(page, '3-calendar-selection');
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations\n'}`);
});
