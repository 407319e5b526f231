/**
 * `npm run screenshots`: starts an offline twin, seeds a lived-in account (five networks,
 * published and scheduled posts, analytics, a video) and photographs every page at 390, 1280 and
 * 1440 wide, light and dark, into screenshots/ (git-ignored).
 *   --hero   also writes the landing page's dashboard picture (frontend/public/landing/)
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { openSession, signInThroughUi } from '../support/browser';
import { dashboardPages, publicPages } from '../support/pages';
import { runScreenshots } from './harness';
import { seedDemoUser } from './seed';

const root = resolve(import.meta.dirname, '../..');
const outDir = join(root, 'screenshots');
const heroDir = join(root, 'frontend/public/landing');

/** The widths every visible change is looked at (390, 1280, 1440), each light and dark. */
const views = [
  { name: 'desktop-light', viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
  { name: 'desktop-dark', viewport: { width: 1280, height: 800 }, colorScheme: 'dark' },
  { name: 'wide-light', viewport: { width: 1440, height: 900 }, colorScheme: 'light' },
  { name: 'wide-dark', viewport: { width: 1440, height: 900 }, colorScheme: 'dark' },
  { name: 'mobile-light', viewport: { width: 390, height: 844 }, colorScheme: 'light' },
  { name: 'mobile-dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
] as const;

const fileName = (path: string) => (path === '/' ? 'landing' : path.slice(1).replaceAll('/', '-'));

async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
}

runScreenshots('screenshots', async (info, browser) => {
  const hero = process.argv.includes('--hero');
  const user = await seedDemoUser(info);
  mkdirSync(outDir, { recursive: true });
  for (const view of views) {
    const signedOut = await openSession(browser, { viewport: view.viewport, colorScheme: view.colorScheme });
    for (const path of publicPages) {
      await signedOut.page.goto(`${info.webUrl}${path}`);
      await settle(signedOut.page);
      await signedOut.page.screenshot({ path: join(outDir, `${view.name}-${fileName(path)}.png`), fullPage: true });
    }
    await signedOut.context.close();
    const { page, context } = await openSession(browser, { viewport: view.viewport, colorScheme: view.colorScheme });
    await signInThroughUi(page, info.webUrl, user.email, user.password);
    for (const path of dashboardPages) {
      await page.goto(`${info.webUrl}${path}`);
      await settle(page);
      await page.screenshot({ path: join(outDir, `${view.name}-${fileName(path)}.png`), fullPage: true });
    }
    if (hero && view.name.startsWith('desktop-')) {
      mkdirSync(heroDir, { recursive: true });
      await page.goto(`${info.webUrl}/dashboard/calendar`);
      await settle(page);
      await page.screenshot({ path: join(heroDir, `dashboard-${view.colorScheme}.jpg`), type: 'jpeg', quality: 78 });
    }
    await context.close();
  }
  process.stdout.write(`screenshots in ${outDir}${hero ? ` and ${heroDir}` : ''}\n`);
});
