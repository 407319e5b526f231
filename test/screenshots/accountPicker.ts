/**
 * `npx tsx test/screenshots/accountPicker.ts`: starts a throw-away twin and photographs, at 390,
 * 1280 and 1440 wide in light and dark, into screenshots/accountPicker/ (git-ignored), running
 * axe-core on each: the account picker after a consent that manages several accounts (each
 * network that has one), first as it opens and then refusing an empty choice; the Accounts page
 * with those accounts connected (their App Review notes); and Threads' options at the review
 * step (who can reply, the topic, the posts left today).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin } from '../support/connect';
import { tinyJpeg } from '../support/posts';
import { createUser } from '../support/users';
import { platformNames, platforms, type Platform } from '../../shared/platforms';
import { runScreenshots } from './harness';

const outDir = join(resolve(import.meta.dirname, '../..'), 'screenshots/accountPicker');
const widths = [390, 1280, 1440] as const;
/** The networks whose one consent can manage several accounts (the sandbox's users manage two). */
const pickerNetworks = platforms.filter((platform): platform is Platform => ['facebook', 'linkedinPage'].includes(platform));

runScreenshots('accountPicker', async (info, browser) => {
  const problems: string[] = [];
  const user = await createUser(info, `sam.okafor.${Date.now().toString(36)}@northwind-studio.example`);
  await makeAdmin(info, user);
  await connectThroughOAuth(info, user, 'threads', 'northwind.threads');
  mkdirSync(outDir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const session = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      const { page } = session;
      const shoot = async (state: string) => {
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(outDir, `${width}-${colorScheme}-${state}.png`), fullPage: true });
        problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme} ${state}: ${violation.id} ${violation.targets.join(', ')}`));
      };
      await signInThroughUi(page, info.webUrl, user.email, user.password);
      for (const platform of pickerNetworks) {
        const name = platformNames[platform];
        await page.goto(`${info.webUrl}/dashboard/accounts`);
        await page.getByRole('button', { name: new RegExp(`^(Connect ${name}|Connect another ${name} account)$`) }).click();
        await page.waitForURL((url) => url.origin === info.endpoints.sandbox);
        await page.getByLabel('Sandbox account').fill(`northwind-${width}-${colorScheme}`);
        await page.getByLabel('Display name').fill('Northwind Studio');
        await page.getByRole('button', { name: 'Allow' }).click();
        const picker = page.getByRole('form', { name: /^Choose the .+ to connect$/ });
        await picker.waitFor({ timeout: 20_000 });
        await shoot(`1-${platform}-picker`);
        await picker.getByRole('button', { name: 'Connect selected' }).click();
        await picker.getByRole('alert').waitFor();
        await shoot(`2-${platform}-picker-empty`);
        for (const choice of await picker.getByRole('checkbox').all()) await choice.check();
        await picker.getByRole('button', { name: 'Connect selected' }).click();
        await page.waitForURL(/\/dashboard\/accounts/, { timeout: 20_000 });
        await page.getByRole('listitem', { name }).getByTestId(`status-${platform}`).filter({ hasText: 'Connected' }).waitFor({ timeout: 20_000 });
      }
      await shoot('3-accounts');

      await page.goto(`${info.webUrl}/dashboard`);
      await page.getByLabel('Choose files to upload').setInputFiles({ name: 'studio.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      const next = page.getByRole('button', { name: 'Next', exact: true });
      await next.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
      await next.click();
      await page.getByRole('button', { name: /^Threads / }).click();
      await next.click();
      await page.getByLabel('Description').fill(`New in the studio this week: three prints from the autumn series (${width} ${colorScheme}).`);
      await next.click();
      await page.getByTestId('quota-threads').waitFor({ timeout: 20_000 });
      await page.getByTestId('options-threads').getByLabel('Topic (optional)').fill('Prints');
      await shoot('4-threads-review');
      await page.getByTestId('options-threads').screenshot({ path: join(outDir, `${width}-${colorScheme}-4-threads-options-only.png`) });
      problems.push(...session.problems);
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations; no console errors\n'}`);
});
