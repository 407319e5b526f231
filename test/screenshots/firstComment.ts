/**
 * `npx tsx test/screenshots/firstComment.ts`: starts a throw-away twin, walks the wizard with a
 * photo for X, Bluesky, LinkedIn and an Instagram account connected without the comment
 * permission (as one made before OneClick asked for it: named as not getting the comment), and photographs the first comment at 390, 1280 and 1440 wide
 * in light and dark (step 3 with the comment, the review step, the published post's modal
 * saying it was posted, and Edit post of a scheduled post with its comment) into
 * screenshots/first-comment/ (git-ignored), running axe-core on each.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { arriveAtCallback, confirmFlow, connectThroughOAuth, makeAdmin, sandboxControl, startFlow } from '../support/connect';
import { createPost, tinyJpeg, uploadMedia } from '../support/posts';
import { callApi } from '../support/users';
import { createUser } from '../support/users';
import { runScreenshots } from './harness';

const outDir = join(resolve(import.meta.dirname, '../..'), 'screenshots/first-comment');
const widths = [390, 1280, 1440] as const;

runScreenshots('first-comment', async (info, browser) => {
  const problems: string[] = [];
  const user = await createUser(info, `maria.lopez.${Date.now().toString(36)}@northwind-studio.example`);
  await makeAdmin(info, user);
  await connectThroughOAuth(info, user, 'x', 'northwind');
  await connectThroughOAuth(info, user, 'linkedin', 'northwind-studio');
  await connectThroughOAuth(info, user, 'bluesky', 'northwind.bsky.social');
  // Instagram, connected without instagram_business_manage_comments (as before OneClick asked for it).
  const flow = await startFlow(info, user, 'instagram');
  const authorizeUrl = new URL(flow.authorizationUrl);
  authorizeUrl.searchParams.set('scope', authorizeUrl.searchParams.get('scope')!.split(',').filter((scope) => scope !== 'instagram_business_manage_comments').join(','));
  const callbackUrl = await sandboxControl(info).consent('instagram', { authorizeUrl: authorizeUrl.toString(), account: 'northwind.shop', displayName: 'Northwind Shop', decision: 'allow' });
  const returned = await arriveAtCallback(callbackUrl, flow.cookie);
  await confirmFlow(info, user, 'instagram', returned.searchParams.get('state')!, flow.cookie);
  mkdirSync(outDir, { recursive: true });
  // A scheduled post with a first comment, for Edit post.
  const { body: connected } = await callApi(info, '/connections', user.idToken);
  const targets = (connected as unknown as { connections: Array<{ platform: string; platformUserId: string }> }).connections.map((connection) => ({ platform: connection.platform, accountId: connection.platformUserId }));
  const key = await uploadMedia(info, user.userId, { kind: 'image', body: tinyJpeg });
  const scheduledDescription = 'Friday: the autumn lookbook goes live at noon.';
  const scheduled = await createPost(info, user, {
    description: scheduledDescription,
    firstComment: 'Every look, with sizes and prices: https://northwind.example/autumn',
    media: [{ key }],
    targets,
    scheduledFor: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    timeZone: 'Europe/Madrid',
  });
  if (scheduled.status !== 200) throw new Error(`scheduling failed: ${JSON.stringify(scheduled.body)}`);
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
      await page.getByLabel('Choose files to upload').setInputFiles({ name: 'spring-look.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      const next = page.getByRole('button', { name: 'Next', exact: true });
      await next.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
      await next.click();
      for (const platform of ['X', 'LinkedIn', 'Bluesky', 'Instagram']) await page.getByRole('button', { name: new RegExp(`^${platform} `) }).click();
      await next.click();
      const description = `Our spring collection is here: shot at dawn above Valencia (${width} ${colorScheme}).`;
      await page.getByLabel('Description').fill(description);
      await page.getByLabel('First comment (optional)').fill(`Shop every look from the shoot (${width} ${colorScheme}): https://northwind.example/spring 🌄`);
      await page.getByTestId('count-x').filter({ hasText: '/ 280' }).waitFor({ timeout: 20_000 });
      await shoot('1-step-3');
      await next.click();
      await page.getByRole('heading', { name: 'First comment' }).waitFor();
      await shoot('2-review');
      await page.getByRole('button', { name: 'Publish Now' }).click();
      await page.waitForURL(`${info.webUrl}/dashboard/posts`, { timeout: 20_000 });
      const card = page.getByRole('listitem').filter({ hasText: description }).first();
      await card.getByText('Published', { exact: true }).first().waitFor({ timeout: 30_000 });
      await card.getByRole('button', { name: description, exact: true }).click();
      await page.getByRole('dialog').getByText('First comment posted').first().waitFor({ timeout: 20_000 });
      await shoot('3-modal');
      await page.keyboard.press('Escape');
      await page.goto(`${info.webUrl}/dashboard/scheduled`);
      const scheduledCard = page.getByRole('listitem').filter({ hasText: scheduledDescription }).first();
      await scheduledCard.getByRole('button', { name: /^More actions: / }).click();
      await page.getByRole('menuitem', { name: 'Edit post' }).click();
      await page.getByRole('dialog', { name: 'Edit post' }).getByText(/^X: \d+ \/ 280/).waitFor({ timeout: 20_000 });
      await shoot('4-edit-post');
      await page.getByRole('dialog', { name: 'Edit post' }).getByRole('button', { name: 'Save post' }).scrollIntoViewIfNeeded();
      await shoot('5-edit-post-accounts');
      problems.push(...session.problems);
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations; no console errors\n'}`);
});
