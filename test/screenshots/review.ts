/**
 * `npx tsx test/screenshots/review.ts`: starts a throw-away twin, seeds a workspace with two
 * scheduled posts for X, LinkedIn and Instagram, a review link for them (one already approved and
 * commented on by the client), and photographs at 390, 1280 and 1440 wide in light and dark: the
 * public review page (a fresh browser, no account), the Review links page and the Activity page,
 * into screenshots/review/ (git-ignored), running axe-core on each.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CreatedReviewLink } from '../../shared/api/review';
import type { Post } from '../../shared/api/posts';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin } from '../support/connect';
import { createPost, uploadMedia } from '../support/posts';
import { callApi, createUser } from '../support/users';
import { runScreenshots } from './harness';

const root = resolve(import.meta.dirname, '../..');
const outDir = join(root, 'screenshots/review');
const widths = [390, 1280, 1440] as const;
const ZONE = 'Europe/Madrid';

const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

runScreenshots('review', async (info, browser) => {
  const problems: string[] = [];
  const user = await createUser(info, `maria.lopez.${Date.now().toString(36)}@northwind-studio.example`);
  await makeAdmin(info, user);
  await connectThroughOAuth(info, user, 'x', 'northwind');
  await connectThroughOAuth(info, user, 'linkedin', 'northwind-studio');
  await connectThroughOAuth(info, user, 'instagram', 'northwind.shop');
  const { body: connected } = await callApi(info, '/connections', user.idToken);
  const targets = (connected as unknown as { connections: Array<{ platform: string; platformUserId: string }> }).connections.map((connection) => ({ platform: connection.platform, accountId: connection.platformUserId }));
  const key = await uploadMedia(info, user.userId, { kind: 'image', body: readFileSync(join(root, 'frontend/public/landing/dashboard-light.jpg')) });
  const posts: Post[] = [];
  for (const [days, description] of [
    [2, 'Our autumn lookbook goes live on Friday at noon: twelve looks shot above Valencia at dawn, every one with its sizes and prices. Which is your favourite?'],
    [4, 'Behind the scenes: how we light a product photo with one lamp and a white card. Three setups, one afternoon.'],
  ] as const) {
    const created = await createPost(info, user, { description, media: [{ key }], targets, scheduledFor: new Date(Date.now() + days * 86_400_000).toISOString(), timeZone: ZONE });
    if (created.status !== 200) throw new Error(`scheduling failed: ${JSON.stringify(created.body)}`);
    posts.push(created.body as unknown as Post);
  }
  const made = await callApi(info, '/workspace/review-links', user.idToken, json('POST', { label: 'Acme — autumn campaign', scope: { type: 'posts', postIds: posts.map((post) => post.postId) } }));
  const link = made.body as unknown as CreatedReviewLink;
  await callApi(info, '/workspace/review-links', user.idToken, json('POST', { label: 'Acme — next week', scope: { type: 'dates', from: '2026-12-01', to: '2026-12-07', timeZone: ZONE } }));
  await callApi(info, '/review/approve', undefined, json('POST', { token: link.token, postId: posts[0]!.postId, name: 'Dana Whitfield (Acme)' }));
  await callApi(info, '/review/comment', undefined, json('POST', { token: link.token, postId: posts[1]!.postId, name: 'Dana Whitfield (Acme)', comment: 'Lovely. Could the second setup show the card’s angle?' }));
  mkdirSync(outDir, { recursive: true });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const shoot = async (page: import('playwright-core').Page, state: string) => {
        await page.waitForTimeout(400);
        await page.screenshot({ path: join(outDir, `${width}-${colorScheme}-${state}.png`), fullPage: true });
        problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme} ${state}: ${violation.id} ${violation.targets.join(', ')}`));
      };
      // The client: no account, a fresh context.
      const client = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, timezoneId: ZONE });
      await client.page.goto(`${info.webUrl}/review#${link.token}`);
      await client.page.getByRole('heading', { level: 1, name: 'Acme — autumn campaign' }).waitFor();
      await client.page.getByRole('article').nth(1).waitFor();
      await client.page.getByLabel('Your name').fill('Dana Whitfield (Acme)');
      await shoot(client.page, 'review-page');
      await client.context.close();

      const team = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, timezoneId: ZONE });
      await signInThroughUi(team.page, info.webUrl, user.email, user.password);
      await team.page.goto(`${info.webUrl}/dashboard/review-links`);
      await team.page.getByRole('listitem').filter({ hasText: 'Acme — autumn campaign' }).waitFor();
      await shoot(team.page, 'review-links');
      await team.page.goto(`${info.webUrl}/dashboard/activity`);
      await team.page.getByText('Dana Whitfield (Acme) (client, review link)').first().waitFor();
      await shoot(team.page, 'activity');
      await team.context.close();
    }
  }
  process.stdout.write(`Screenshots in ${outDir}\n`);
  if (problems.length) throw new Error(`axe found serious problems:\n${problems.join('\n')}`);
});
