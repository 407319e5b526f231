/**
 * `npx tsx test/screenshots/documents.ts [--out <dir>]`: starts a throw-away twin, publishes a PDF
 * to LinkedIn as a document once, then photographs, at 390, 1280 and 1440 wide in light and dark,
 * the PDF's card at step 1, step 3 with the document's title beside the preview's document card,
 * the post's card in Published Posts and its window with "Open the PDF", into
 * screenshots/documents/ (git-ignored) or `--out`, running axe-core on each.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin } from '../support/connect';
import { tinyPdf } from '../support/posts';
import { createUser } from '../support/users';
import { runScreenshots } from './harness';

const outFlag = process.argv.indexOf('--out');
const outDir = outFlag > 0 && process.argv[outFlag + 1] ? resolve(process.argv[outFlag + 1]!) : join(resolve(import.meta.dirname, '../..'), 'screenshots/documents');
const widths = [390, 1280, 1440] as const;
const description = 'Our 2027 content plan: themes, cadence and the launches we are building towards. Feedback welcome!';
const documentTitle = 'Northwind Studio — content plan 2027';

/** Step 1 with the PDF uploaded; returns the Next button. */
async function uploadPdf(page: Page) {
  await page.getByLabel('Choose files to upload').setInputFiles({ name: 'content-plan-2027.pdf', mimeType: 'application/pdf', buffer: tinyPdf });
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await next.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
  return next;
}

runScreenshots('documents', async (info, browser) => {
  const problems: string[] = [];
  const user = await createUser(info, `maria.lopez.${Date.now().toString(36)}@northwind-studio.example`);
  await makeAdmin(info, user);
  await connectThroughOAuth(info, user, 'linkedin', 'maria-lopez-northwind');
  mkdirSync(outDir, { recursive: true });

  // The post the list shows, published once through the wizard.
  {
    const { page, context } = await openSession(browser);
    await signInThroughUi(page, info.webUrl, user.email, user.password);
    const next = await uploadPdf(page);
    await next.click();
    await page.getByRole('button', { name: /^LinkedIn / }).click();
    await next.click();
    await page.getByLabel('Description').fill(description);
    await page.getByLabel('Document title').fill(documentTitle);
    await next.click();
    await page.getByRole('button', { name: 'Publish Now' }).click();
    await page.waitForURL(`${info.webUrl}/dashboard/posts`, { timeout: 20_000 });
    await page.getByRole('listitem').filter({ hasText: description }).first().getByRole('link', { name: 'View post on LinkedIn' }).waitFor({ timeout: 30_000 });
    await context.close();
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const session = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      const { page } = session;
      const shot = async (state: string) => {
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(outDir, `${width}-${colorScheme}-${state}.png`), fullPage: true });
        problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme} ${state}: ${violation.id} ${violation.targets.join(', ')}`));
      };
      await signInThroughUi(page, info.webUrl, user.email, user.password);
      const next = await uploadPdf(page);
      await shot('upload');
      await next.click();
      await page.getByRole('button', { name: /^LinkedIn / }).click();
      await next.click();
      await page.getByLabel('Description').fill(description);
      await shot('document-untitled');
      await page.getByLabel('Document title').fill(documentTitle);
      await shot('document-titled');

      await page.goto(`${info.webUrl}/dashboard/posts`);
      const card = page.getByRole('listitem').filter({ hasText: description }).first();
      await card.getByRole('link', { name: 'View post on LinkedIn' }).waitFor({ timeout: 20_000 });
      await shot('post-card');
      await card.getByRole('button', { name: description, exact: true }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Open the PDF' }).waitFor();
      await shot('post-window');
      problems.push(...session.problems);
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations; no console errors\n'}`);
});
