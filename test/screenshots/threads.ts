/**
 * `npx tsx test/screenshots/threads.ts`: starts a throw-away twin, walks the wizard with a photo
 * for X and Bluesky and a text too long for both, and photographs the threads at 390, 1280 and
 * 1440 wide in light and dark (step 3 with X's thread and its preview, the review step, the
 * published post's modal) into screenshots/threads/ (git-ignored), running axe-core on each.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin } from '../support/connect';
import { tinyJpeg } from '../support/posts';
import { createUser } from '../support/users';
import { runScreenshots } from './harness';

const outDir = join(resolve(import.meta.dirname, '../..'), 'screenshots/threads');
const widths = [390, 1280, 1440] as const;
const story = [
  'We spent eight months rebuilding our checkout from scratch.',
  'The old one asked for your address twice and lost your basket if you paused for coffee.',
  'The new one remembers everything, takes every card and wallet we could find, and finishes in three taps.',
  'Along the way we learned that most people abandon a basket on the shipping page, not the payment page.',
  'So shipping costs now show on the product page, before anything goes in the basket.',
  'Early numbers: 23% fewer abandoned baskets and support tickets about checkout down by half.',
  'Thank you to everyone who sent us screenshots of the old one at its worst.',
].join(' ');

runScreenshots('threads', async (info, browser) => {
  const problems: string[] = [];
  const user = await createUser(info, `maria.lopez.${Date.now().toString(36)}@northwind-studio.example`);
  await makeAdmin(info, user);
  await connectThroughOAuth(info, user, 'x', 'northwind');
  await connectThroughOAuth(info, user, 'bluesky', 'northwind.bsky.social');
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
      await page.getByLabel('Choose files to upload').setInputFiles({ name: 'checkout.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      const next = page.getByRole('button', { name: 'Next', exact: true });
      await next.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
      await next.click();
      for (const platform of ['X', 'Bluesky']) await page.getByRole('button', { name: new RegExp(`^${platform} `) }).click();
      await next.click();
      const description = `${story} (${width} ${colorScheme})`;
      await page.getByLabel('Description').fill(description);
      await page.getByTestId('count-x').filter({ hasText: '/ 280' }).waitFor({ timeout: 20_000 });
      await shoot('1-over-the-limit');
      await page.getByLabel('Post to X as a thread').check();
      await page.getByLabel('Post to Bluesky as a thread').check();
      // X refuses a post it has seen before: each run's posts carry the run's own mark.
      for (const field of await page.locator('.thread-part textarea').all()) {
        await field.fill((await field.inputValue()).replace(/ (\d+\/\d+)$/, ` · ${width} ${colorScheme} $1`));
      }
      await page.getByRole('group', { name: 'Network to preview' }).getByRole('button', { name: 'X' }).click();
      await shoot('2-threads');
      // The thread on its own, at its real size (a full 390-wide page is too tall to read).
      await page.getByTestId('thread-x').screenshot({ path: join(outDir, `${width}-${colorScheme}-2-thread-x.png`) });
      await page.getByRole('list', { name: /^X: a thread of/ }).screenshot({ path: join(outDir, `${width}-${colorScheme}-2-thread-preview.png`) });
      await next.click();
      await page.getByRole('heading', { name: 'Threads' }).waitFor();
      await shoot('3-review');
      await page.getByRole('button', { name: 'Publish Now' }).click();
      await page.waitForURL(`${info.webUrl}/dashboard/posts`, { timeout: 20_000 });
      const card = page.getByRole('listitem').filter({ hasText: `(${width} ${colorScheme})` }).first();
      await card.getByText('Published', { exact: true }).first().waitFor({ timeout: 30_000 });
      await card.getByRole('button', { name: description, exact: true }).click();
      await page.getByRole('dialog').getByText(/^Thread: \d+ of \d+ posts live/).first().waitFor({ timeout: 20_000 });
      await shoot('4-modal');
      problems.push(...session.problems);
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations; no console errors\n'}`);
});
