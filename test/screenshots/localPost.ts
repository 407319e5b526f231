/**
 * `npx tsx test/screenshots/localPost.ts`: starts a throw-away twin and photographs, at 390, 1280
 * and 1440 wide in light and dark, into screenshots/localPost/ (git-ignored; SCREENSHOT_DIR
 * elsewhere), running axe-core on each: the picker of a Google login's business locations, then
 * the wizard's local-post fields beside the text — an event with its dates and a button, an
 * offer whose end comes before its start (said in words), a call button (no address).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { makeAdmin } from '../support/connect';
import { tinyJpeg } from '../support/posts';
import { createUser } from '../support/users';
import { platformNames } from '../../shared/platforms';
import { runScreenshots } from './harness';

const outDir = process.env['SCREENSHOT_DIR'] ?? join(resolve(import.meta.dirname, '../..'), 'screenshots/localPost');
const widths = [390, 1280, 1440] as const;
const name = platformNames.googleBusiness;

runScreenshots('localPost', async (info, browser) => {
  const problems: string[] = [];
  const user = await createUser(info, `ayse.demir.${Date.now().toString(36)}@northwind-cafe.example`);
  await makeAdmin(info, user);
  mkdirSync(outDir, { recursive: true });
  let connected = false;
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
      await page.goto(`${info.webUrl}/dashboard/accounts`);
      await page.getByRole('button', { name: new RegExp(`^(Connect ${name}|Connect another ${name} account)$`) }).click();
      await page.waitForURL((url) => url.origin === info.endpoints.sandbox);
      await page.getByLabel('Sandbox account').fill('northwind-cafe');
      await page.getByLabel('Display name').fill('Northwind Café');
      await page.getByRole('button', { name: 'Allow' }).click();
      const picker = page.getByRole('form', { name: /^Choose the .+ to connect$/ });
      await picker.waitFor({ timeout: 20_000 });
      await shoot('1-picker');
      if (!connected) {
        await picker.getByRole('checkbox').first().check();
        await picker.getByRole('button', { name: 'Connect selected' }).click();
        await page.waitForURL(/\/dashboard\/accounts/, { timeout: 20_000 });
        connected = true;
      }

      await page.goto(`${info.webUrl}/dashboard`);
      await page.getByLabel('Choose files to upload').setInputFiles({ name: 'bread.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      const next = page.getByRole('button', { name: 'Next', exact: true });
      await next.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
      await next.click();
      await page.getByRole('button', { name: new RegExp(`^${name} `) }).click();
      await next.click();
      await page.getByLabel('Description').fill(`Our open day: fresh bread, coffee and a tour of the bakery (${width} ${colorScheme}).`);
      const form = page.getByTestId('options-googleBusiness').first();
      await form.getByLabel('What the post is').selectOption('event');
      await form.getByLabel('Title').fill('Open day');
      await form.getByLabel('Starts').fill('2026-12-05T10:00');
      await form.getByLabel('Ends').fill('2026-12-05T16:00');
      await form.getByLabel('What the button does').selectOption('LEARN_MORE');
      await form.getByLabel('Address the button opens').fill('https://northwind-cafe.example/open-day');
      await shoot('2-event');
      await form.screenshot({ path: join(outDir, `${width}-${colorScheme}-2-event-fields.png`) });
      await form.getByLabel('What the post is').selectOption('offer');
      await form.getByLabel('Ends').fill('2026-12-04T09:00');
      await form.getByLabel('Coupon code').fill('BREAD10');
      await form.getByLabel('Terms and conditions').fill('One loaf per customer.');
      await shoot('3-offer-end-before-start');
      await form.screenshot({ path: join(outDir, `${width}-${colorScheme}-3-offer-fields.png`) });
      await form.getByLabel('What the post is').selectOption('update');
      await form.getByLabel('What the button does').selectOption('CALL');
      await form.screenshot({ path: join(outDir, `${width}-${colorScheme}-4-call-fields.png`) });
      problems.push(...session.problems);
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations; no console errors\n'}`);
});
