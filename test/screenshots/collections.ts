/**
 * `npx tsx test/screenshots/collections.ts`: starts a throw-away twin, walks the wizard to the
 * review step with a photo for a network whose posts go in a collection the user picks and carry
 * a link (Pinterest's board and link), and photographs its options at 390, 1280 and 1440 wide in
 * light and dark — the account's boards listed, a link refused in words, a new board made and
 * chosen — into screenshots/collections/ (git-ignored; SHOTS_DIR elsewhere), running axe-core on each.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin } from '../support/connect';
import { tinyJpeg } from '../support/posts';
import { createUser } from '../support/users';
import { runScreenshots } from './harness';

const outDir = process.env['SHOTS_DIR'] ?? join(resolve(import.meta.dirname, '../..'), 'screenshots/collections');
const widths = [390, 1280, 1440] as const;

runScreenshots('collections', async (info, browser) => {
  const problems: string[] = [];
  const user = await createUser(info, `ayse.demir.${Date.now().toString(36)}@northwind-studio.example`);
  await makeAdmin(info, user);
  await connectThroughOAuth(info, user, 'pinterest', 'northwind.pins');
  mkdirSync(outDir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const session = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      const { page } = session;
      const shoot = async (state: string) => {
        await page.waitForTimeout(300);
        await page.getByTestId('options-pinterest').screenshot({ path: join(outDir, `${width}-${colorScheme}-${state}.png`) });
        problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme} ${state}: ${violation.id} ${violation.targets.join(', ')}`));
      };
      await signInThroughUi(page, info.webUrl, user.email, user.password);
      await page.getByLabel('Choose files to upload').setInputFiles({ name: 'spring-salad.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      const next = page.getByRole('button', { name: 'Next', exact: true });
      await next.and(page.locator(':enabled')).waitFor({ timeout: 90_000 });
      await next.click();
      await page.getByRole('button', { name: /^Pinterest / }).click();
      await next.click();
      await page.getByLabel('Description').fill('A spring salad in ten minutes: peas, mint, feta and lemon.');
      await next.click();
      const options = page.getByTestId('options-pinterest');
      await options.getByRole('option', { name: 'Ideas' }).waitFor({ state: 'attached', timeout: 20_000 });
      await shoot('1-boards');
      await options.getByLabel('Link (optional)').fill('northwind.example/spring');
      await options.getByRole('alert').waitFor();
      await shoot('2-bad-link');
      await options.getByLabel('Link (optional)').fill('https://northwind.example/spring-salad');
      await options.getByLabel('New board').fill(`Spring recipes ${width} ${colorScheme}`);
      await options.getByRole('button', { name: 'Create' }).click();
      await options.getByText(/is created and chosen\.$/).waitFor({ timeout: 20_000 });
      await shoot('3-created');
      await page.screenshot({ path: join(outDir, `${width}-${colorScheme}-4-page.png`), fullPage: true });
      problems.push(...session.problems);
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations; no console errors\n'}`);
});
