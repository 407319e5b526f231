/**
 * `npx tsx test/screenshots/accountNumbers.ts`: starts a throw-away twin, connects a Google
 * Business Profile location and photographs the Analytics page's account numbers (totals, the
 * bars per day, the day-by-day table opened) at 390, 1280 and 1440 wide in light and dark, into
 * screenshots/accountNumbers/ (git-ignored; SCREENSHOT_DIR elsewhere), running axe-core on each.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin } from '../support/connect';
import { createUser } from '../support/users';
import { runScreenshots } from './harness';

const outDir = process.env['SCREENSHOT_DIR'] ?? join(resolve(import.meta.dirname, '../..'), 'screenshots/accountNumbers');
const widths = [390, 1280, 1440] as const;

runScreenshots('accountNumbers', async (info, browser) => {
  const problems: string[] = [];
  const user = await createUser(info, `ayse.demir.${Date.now().toString(36)}@northwind-cafe.example`);
  await makeAdmin(info, user);
  await connectThroughOAuth(info, user, 'googleBusiness', 'northwind-cafe');
  mkdirSync(outDir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const session = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      const { page } = session;
      await signInThroughUi(page, info.webUrl, user.email, user.password);
      await page.goto(`${info.webUrl}/dashboard/analytics`);
      const card = page.getByTestId('account-numbers');
      await card.getByRole('term').first().waitFor({ timeout: 20_000 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(outDir, `${width}-${colorScheme}-1-page.png`), fullPage: true });
      await card.getByText('Day by day').click();
      await page.waitForTimeout(200);
      await card.screenshot({ path: join(outDir, `${width}-${colorScheme}-2-days.png`) });
      problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme}: ${violation.id} ${violation.targets.join(', ')}`));
      problems.push(...session.problems);
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations; no console errors\n'}`);
});
