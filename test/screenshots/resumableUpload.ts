/**
 * `npx tsx test/screenshots/resumableUpload.ts`: starts a throw-away twin and photographs the
 * wizard's upload card when a big file's network drops (what to do next) and when the same file,
 * picked again after a reload, resumes ("Resuming: …"), at 390 and 1280 wide in light and dark,
 * into screenshots/resumable-upload/ (git-ignored), running axe-core on each.
 */
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { syntheticMp4 } from '../support/mp4';
import { createUser } from '../support/users';
import { runScreenshots } from './harness';

const outDir = join(resolve(import.meta.dirname, '../..'), 'screenshots/resumable-upload');
const MiB = 1024 * 1024;
const isPart = (url: URL, after: number) => url.searchParams.has('uploadId') && Number(url.searchParams.get('partNumber')) > after;

runScreenshots('resumable-upload', async (info, browser) => {
  mkdirSync(outDir, { recursive: true });
  const problems: string[] = [];
  for (const width of [390, 1280] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const user = await createUser(info, `maria.lopez.${Date.now().toString(36)}@northwind-studio.example`);
      const path = join(outDir, `holiday-${width}-${colorScheme}.mp4`);
      writeFileSync(path, syntheticMp4({ durationSeconds: 20, payloadBytes: 40 * MiB - 4096 }));
      utimesSync(path, new Date('2026-01-02T03:04:05Z'), new Date('2026-01-02T03:04:05Z'));
      const { page, context } = await openSession(browser, { viewport: { width, height: 844 }, colorScheme, bypassCSP: true });
      await signInThroughUi(page, info.webUrl, user.email, user.password);
      await page.getByText('Step 1 of 4').waitFor();
      const name = `${width}-${colorScheme}`;

      await page.route((url) => isPart(url, 2), (route) => route.abort('internetdisconnected'));
      await page.getByLabel('Choose files to upload').setInputFiles(path);
      await page.getByRole('alert').filter({ hasText: 'Upload failed' }).waitFor({ timeout: 60_000 });
      await page.screenshot({ path: join(outDir, `dropped-${name}.png`), fullPage: true });
      problems.push(...(await seriousViolations(page)).map((violation) => `${name} dropped: ${JSON.stringify(violation)}`));

      // Back online, but parts 4 and 5 are held until the picture is taken.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      let release = () => undefined as void;
      const held = new Promise<void>((done) => (release = done));
      await page.route(
        (url) => isPart(url, 3),
        async (route) => {
          await held;
          await route.continue().catch(() => undefined);
        },
      );
      await page.reload();
      await page.getByText('Step 1 of 4').waitFor();
      await page.getByLabel('Choose files to upload').setInputFiles(path);
      await page.getByRole('status').filter({ hasText: 'Resuming:' }).waitFor({ timeout: 60_000 });
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(outDir, `resuming-${name}.png`), fullPage: true });
      problems.push(...(await seriousViolations(page)).map((violation) => `${name} resuming: ${JSON.stringify(violation)}`));
      release();
      await page.getByRole('button', { name: 'Next', exact: true }).and(page.locator(':enabled')).waitFor({ timeout: 60_000 });
      await context.close();
      rmSync(path);
    }
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  process.stdout.write(`Screenshots in ${outDir}\n`);
});
