/**
 * `npx tsx test/screenshots/openNetworks.ts`: starts a throw-away twin, connects a Mastodon
 * account, a Pinterest account and a Business Profile location, walks the wizard with a photo for
 * all three, Mastodon's own text, and photographs the description step and the review step (each
 * network's settings side by side: the board and link, the local post's button, the audience,
 * language and poll) at 390, 1280 and 1440 wide in light and dark into screenshots/openNetworks/
 * (git-ignored; SHOTS_DIR elsewhere), running axe-core on each.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin } from '../support/connect';
import { tinyJpeg } from '../support/posts';
import { createUser } from '../support/users';
import { runScreenshots } from './harness';

const outDir = process.env['SHOTS_DIR'] ?? join(resolve(import.meta.dirname, '../..'), 'screenshots/openNetworks');
const widths = [390, 1280, 1440] as const;

runScreenshots('openNetworks', async (info, browser) => {
  const problems: string[] = [];
  const user = await createUser(info, `ayse.demir.${Date.now().toString(36)}@northwind-studio.example`);
  await makeAdmin(info, user);
  await connectThroughOAuth(info, user, 'mastodon', 'northwind');
  await connectThroughOAuth(info, user, 'pinterest', 'northwind.pins');
  await connectThroughOAuth(info, user, 'googleBusiness', 'northwind-cafe');
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
      await page.getByLabel('Choose files to upload').setInputFiles({ name: 'spring-salad.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      const next = page.getByRole('button', { name: 'Next', exact: true });
      await next.and(page.locator(':enabled')).waitFor({ timeout: 90_000 });
      await next.click();
      for (const name of ['Mastodon', 'Pinterest', 'Google Business Profile']) await page.getByRole('button', { name: new RegExp(`^${name} `) }).click();
      await next.click();
      await page.getByLabel('Description').fill('A spring salad in ten minutes: peas, mint, feta and lemon. Come and taste it on Saturday.');
      await page.getByLabel('Pinterest title').fill('Spring salad');
      await page.getByRole('tab', { name: 'Mastodon', exact: true }).click();
      await page.getByRole('button', { name: 'Write a text for Mastodon only' }).click();
      await page.getByLabel('Text for Mastodon').fill('Spring salad for the fediverse: peas, mint, feta. #recipes');
      await shoot('1-texts');
      await next.click();
      await page.getByTestId('options-pinterest').getByRole('option', { name: 'Ideas' }).waitFor({ state: 'attached', timeout: 20_000 });
      await page.getByTestId('options-pinterest').getByLabel('Link (optional)').fill('https://northwind.example/spring-salad');
      const local = page.getByTestId('options-googleBusiness').first();
      await local.getByLabel('What the button does').selectOption('LEARN_MORE');
      await local.getByLabel('Address the button opens').fill('https://northwind.example/spring-salad');
      await shoot('2-review');
      problems.push(...session.problems);
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations; no console errors\n'}`);
});
