/**
 * `npx tsx test/screenshots/connectServer.ts`: starts a throw-away twin and photographs, at 390,
 * 1280 and 1440 wide in light and dark, into screenshots/connectServer/ (git-ignored), running
 * axe-core on each: a network whose accounts live on a server the user names (Mastodon) on the
 * Accounts page — its server field empty, then refusing a private address in words, then the
 * account connected on the sandbox instance typed.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { makeAdmin, sandboxServer } from '../support/connect';
import { createUser } from '../support/users';
import { runScreenshots } from './harness';

const outDir = join(resolve(import.meta.dirname, '../..'), 'screenshots/connectServer');
const widths = [390, 1280, 1440] as const;

runScreenshots('connectServer', async (info, browser) => {
  const problems: string[] = [];
  const user = await createUser(info, `ines.varga.${Date.now().toString(36)}@northwind-studio.example`);
  await makeAdmin(info, user);
  mkdirSync(outDir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const session = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      const { page } = session;
      const card = page.getByRole('listitem', { name: 'Mastodon', exact: true });
      const shoot = async (state: string) => {
        await page.waitForTimeout(300);
        await card.screenshot({ path: join(outDir, `${width}-${colorScheme}-${state}.png`) });
        problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme} ${state}: ${violation.id} ${violation.targets.join(', ')}`));
      };
      await signInThroughUi(page, info.webUrl, user.email, user.password);
      await page.goto(`${info.webUrl}/dashboard/accounts`);
      await card.getByLabel('Your Mastodon server').waitFor();
      await shoot('1-empty');
      await card.getByLabel('Your Mastodon server').fill('https://127.0.0.1');
      await card.getByRole('button', { name: /^Connect (another )?Mastodon/ }).click();
      await page.getByText(/^OneClick cannot connect to https:\/\/127\.0\.0\.1/).waitFor({ timeout: 20_000 });
      await page.screenshot({ path: join(outDir, `${width}-${colorScheme}-2-refused-page.png`), fullPage: false });
      await card.getByLabel('Your Mastodon server').fill(sandboxServer(info, 'mastodon')!);
      await card.getByRole('button', { name: /^Connect (another )?Mastodon/ }).click();
      await page.waitForURL((url) => url.origin === info.endpoints.sandbox);
      await page.getByLabel('Sandbox account').fill(`ines-${width}-${colorScheme}`);
      await page.getByLabel('Display name').fill('Ines Varga');
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL(/\/dashboard\/accounts/, { timeout: 20_000 });
      await card.getByTestId('status-mastodon').filter({ hasText: 'Connected' }).waitFor({ timeout: 20_000 });
      await shoot('3-connected');
      problems.push(...session.problems);
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations; no console errors\n'}`);
});
