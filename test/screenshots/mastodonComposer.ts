/**
 * `npx tsx test/screenshots/mastodonComposer.ts`: starts a throw-away twin and photographs, at 390,
 * 1280 and 1440 wide in light and dark, into screenshots/mastodon-composer/ (git-ignored; or
 * SHOTS_DIR), running axe-core on each: the composer with two Mastodon accounts on the sandbox's
 * two instances (a 600-character text counted against each server's own limit: over 500, within
 * 5,000), the Mastodon settings with a language and a poll, and the platform step's Connect for a
 * user with no account yet (the server field, refusing a handle in words).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin, sandboxServer } from '../support/connect';
import { tinyJpeg } from '../support/posts';
import { createUser } from '../support/users';
import { runScreenshots } from './harness';

const outDir = process.env['SHOTS_DIR'] ?? join(resolve(import.meta.dirname, '../..'), 'screenshots/mastodon-composer');
const widths = [390, 1280, 1440] as const;

runScreenshots('mastodon-composer', async (info, browser) => {
  const problems: string[] = [];
  const user = await createUser(info, `ines.varga.${Date.now().toString(36)}@northwind-studio.example`);
  await makeAdmin(info, user);
  await connectThroughOAuth(info, user, 'mastodon', 'ines', 'allow', {}, sandboxServer(info, 'mastodon', 'social'));
  await connectThroughOAuth(info, user, 'mastodon', 'northwind', 'allow', {}, sandboxServer(info, 'mastodon', 'large'));
  const newcomer = await createUser(info, `tomas.berg.${Date.now().toString(36)}@northwind-studio.example`);
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
      await page.getByLabel('Choose files to upload').setInputFiles({ name: 'lookbook.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      const next = page.getByRole('button', { name: 'Next', exact: true });
      await next.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
      await next.click();
      await page.getByRole('button', { name: /@ines@/ }).click();
      await page.getByRole('button', { name: /@northwind@/ }).click();
      await next.click();
      await page.getByLabel('Description').fill(`Our spring lookbook is out. ${'Twelve looks, one afternoon in the studio. '.repeat(14)}`);
      await page.getByText(/· @northwind@.*\/ 5000 characters/).waitFor({ timeout: 20_000 });
      await shoot('1-counts');
      await page.getByLabel('Description').fill('Our spring lookbook is out: which look is yours?');
      await next.click();
      await page.getByRole('button', { name: 'Add a poll' }).first().click();
      await page.getByLabel('Answer 1', { exact: true }).first().fill('The linen suit');
      await page.getByLabel('Answer 2', { exact: true }).first().fill('The yellow raincoat');
      await page.getByLabel('Language of the post').first().selectOption('en');
      await shoot('2-poll-language');
      problems.push(...session.problems);
      await session.context.close();

      const fresh = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      await signInThroughUi(fresh.page, info.webUrl, newcomer.email, newcomer.password);
      await fresh.page.getByLabel('Choose files to upload').setInputFiles({ name: 'lookbook.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      const freshNext = fresh.page.getByRole('button', { name: 'Next', exact: true });
      await freshNext.and(fresh.page.locator(':enabled')).waitFor({ timeout: 20_000 });
      await freshNext.click();
      await fresh.page.getByLabel('Your Mastodon server').fill('@tomas@mastodon.social');
      await fresh.page.getByRole('button', { name: 'Connect Mastodon' }).click();
      await fresh.page.getByText('is not a server address').waitFor();
      await fresh.page.getByLabel('Your Mastodon server').scrollIntoViewIfNeeded();
      await fresh.page.waitForTimeout(300);
      await fresh.page.screenshot({ path: join(outDir, `${width}-${colorScheme}-3-connect-server.png`), fullPage: false });
      problems.push(...(await seriousViolations(fresh.page)).map((violation) => `${width} ${colorScheme} connect: ${violation.id} ${violation.targets.join(', ')}`));
      problems.push(...fresh.problems);
      await fresh.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations; no console errors\n'}`);
});
