/**
 * `npx tsx test/screenshots/networkTexts.ts`: starts a throw-away twin, walks the wizard to step 3
 * with a photo for X, LinkedIn and Bluesky, and photographs a file's alt text and the per-network texts at 390, 1280
 * and 1440 wide in light and dark (step 1's alt text field, the All networks tab over X's limit, X's tab before and with its own
 * text, the review step) into screenshots/network-texts/
 * (git-ignored), running axe-core on each.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin } from '../support/connect';
import { tinyJpeg } from '../support/posts';
import { createUser } from '../support/users';
import { runScreenshots } from './harness';

const outDir = join(resolve(import.meta.dirname, '../..'), 'screenshots/network-texts');
const widths = [390, 1280, 1440] as const;
const story =
  'Our spring collection is here. We spent three weeks in the hills above Valencia with a crew of six, chasing the light at dawn and dusk, and every piece in this drop was shot on location. Tell us which look is your favourite!';

runScreenshots('network-texts', async (info, browser) => {
  const problems: string[] = [];
  const user = await createUser(info, `maria.lopez.${Date.now().toString(36)}@northwind-studio.example`);
  await makeAdmin(info, user);
  await connectThroughOAuth(info, user, 'x', 'northwind');
  await connectThroughOAuth(info, user, 'linkedin', 'northwind-studio');
  await connectThroughOAuth(info, user, 'bluesky', 'northwind.bsky.social');
  mkdirSync(outDir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const session = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      const { page } = session;
      const name = (state: string) => join(outDir, `${width}-${colorScheme}-${state}.png`);
      const shoot = async (state: string) => {
        await page.waitForTimeout(300);
        await page.screenshot({ path: name(state), fullPage: true });
        problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme} ${state}: ${violation.id} ${violation.targets.join(', ')}`));
      };
      await signInThroughUi(page, info.webUrl, user.email, user.password);
      await page.getByLabel('Choose files to upload').setInputFiles({ name: 'spring-look.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      const next = page.getByRole('button', { name: 'Next', exact: true });
      await next.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
      await page.getByLabel('Alt text for spring-look.jpg').fill('A model in a linen dress on a hillside at dawn');
      await shoot('0-step-1-alt-text');
      await next.click();
      for (const platform of ['X', 'LinkedIn', 'Bluesky']) await page.getByRole('button', { name: new RegExp(`^${platform} `) }).click();
      await next.click();
      await page.getByLabel('Description').fill(story);
      await page.getByTestId('count-x').filter({ hasText: '/ 280' }).waitFor({ timeout: 20_000 });
      await shoot('1-all-networks');
      await page.getByRole('tab', { name: 'X', exact: true }).click();
      await shoot('2-x-uses-description');
      await page.getByRole('button', { name: 'Write a text for X only' }).click();
      await page.getByLabel('Text for X').fill('Spring collection, shot at dawn in Valencia 🌄 Which look is yours? https://northwind.example/spring');
      await shoot('3-x-own-text');
      await next.click();
      await page.getByRole('heading', { name: 'Text on each network' }).waitFor();
      await shoot('4-review');
      problems.push(...session.problems);
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations; no console errors\n'}`);
});
