/**
 * `npx tsx test/screenshots/approvals.ts`: starts a throw-away twin with a workspace where
 * contributors' posts need approval, an editor and a contributor, one post waiting (with a
 * comment that mentions the editor) and one sent back for changes; photographs at 390, 1280 and
 * 1440 wide in light and dark the editor's Approvals page and Scheduled list (a scheduled post
 * waiting), the contributor's Approvals page and the contributor's wizard at its last step
 * ("Submit for approval") into screenshots/approvals/
 * (git-ignored), running axe-core on each.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ConnectionList } from '../../shared/api/connections';
import type { Post } from '../../shared/api/posts';
import { WORKSPACE_HEADER, type Workspace } from '../../shared/api/workspaces';
import type { RouteId } from '../../shared/api/routes';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin } from '../support/connect';
import { tinyJpeg, uploadMedia } from '../support/posts';
import { callRoute, type RouteRequest } from '../support/routes';
import { createUser, type TestUser } from '../support/users';
import { mailsTo } from '../support/workspaces';
import { runScreenshots } from './harness';

const outDir = join(resolve(import.meta.dirname, '../..'), 'screenshots/approvals');
const widths = [390, 1280, 1440] as const;

runScreenshots('approvals', async (info, browser) => {
  const problems: string[] = [];
  const stamp = Date.now().toString(36);
  const owner = await createUser(info, `maria.lopez.${stamp}@northwind-studio.example`);
  const editor = await createUser(info, `sam.okafor.${stamp}@northwind-studio.example`);
  const contributor = await createUser(info, `lea.martin.${stamp}@northwind-studio.example`);
  await makeAdmin(info, owner);
  const workspace = (await callRoute(info, 'createWorkspace', { body: { name: 'Northwind Coffee' } }, owner.idToken)).body as Workspace;
  const headers = { [WORKSPACE_HEADER]: workspace.workspaceId };
  const call = async (user: TestUser, id: RouteId, request: RouteRequest = {}) => {
    const answer = await callRoute(info, id, { ...request, headers }, user.idToken);
    if (answer.status >= 400) throw new Error(`${id} answered ${answer.status}: ${answer.text}`);
    return answer.body;
  };
  for (const [member, role] of [
    [editor, 'editor'],
    [contributor, 'contributor'],
  ] as const) {
    await call(owner, 'inviteMember', { body: { email: member.email, role } });
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mailsTo(info, member.email).at(-1)?.text ?? '')?.[1];
    await callRoute(info, 'acceptInvitation', { body: { token } }, member.idToken);
  }
  await connectThroughOAuth(info, owner, 'instagram', 'northwind.coffee', 'allow', headers);
  await connectThroughOAuth(info, owner, 'linkedin', 'northwind-coffee', 'allow', headers);
  const accounts = ((await call(owner, 'listConnections')) as ConnectionList).connections.map((connection) => ({ platform: connection.platform, accountId: connection.platformUserId }));
  const key = await uploadMedia(info, workspace.workspaceId, { kind: 'image', body: tinyJpeg });
  const waiting = (await call(contributor, 'createPost', {
    body: {
      description: 'Our autumn blend is back: caramel, hazelnut and a hint of orange peel. In every shop from Monday, while it lasts. ☕🍂',
      media: [{ key, altText: 'A cup of coffee on a wooden table, autumn leaves around it' }],
      targets: accounts,
    },
  })) as Post;
  await call(contributor, 'addPostComment', { path: { postId: waiting.postId }, body: { text: `@${editor.email} the photo is from last year's shoot, is that fine?` } });
  const sentBack = (await call(contributor, 'createPost', { body: { description: 'Free refills all weekend!', media: [{ key }], targets: accounts.slice(0, 1) } })) as Post;
  await call(editor, 'requestPostChanges', { path: { postId: sentBack.postId }, body: { comment: 'Say which shops and until what time on Sunday.' } });
  const nextWeek = new Date(Date.now() + 7 * 86_400_000);
  nextWeek.setUTCHours(8, 0, 0, 0);
  await call(contributor, 'createPost', {
    body: { description: 'Pumpkin spice is back next week. Who is counting the days?', media: [{ key }], targets: accounts.slice(1), scheduledFor: nextWeek.toISOString(), timeZone: 'Europe/Istanbul' },
  });

  mkdirSync(outDir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      for (const [who, user] of [
        ['editor', editor],
        ['contributor', contributor],
      ] as const) {
        const session = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
        const { page } = session;
        const shoot = async (state: string) => {
          await page.waitForTimeout(300);
          await page.screenshot({ path: join(outDir, `${width}-${colorScheme}-${state}.png`), fullPage: true });
          problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme} ${state}: ${violation.id} ${violation.targets.join(', ')}`));
        };
        await signInThroughUi(page, info.webUrl, user.email, user.password);
        await page.goto(`${info.webUrl}/dashboard/approvals?workspace=${workspace.workspaceId}`);
        await page.getByText('Free refills all weekend!').first().waitFor({ timeout: 20_000 });
        await page.getByText(/the photo is from last year/).first().waitFor({ timeout: 20_000 });
        await shoot(`1-approvals-${who}`);
        if (who === 'editor') {
          await page.goto(`${info.webUrl}/dashboard/scheduled?workspace=${workspace.workspaceId}`);
          await page.getByText('Pumpkin spice is back next week. Who is counting the days?').first().waitFor({ timeout: 20_000 });
          await shoot('3-scheduled-waiting');
        }
        if (who === 'contributor') {
          await page.goto(`${info.webUrl}/dashboard?workspace=${workspace.workspaceId}`);
          await page.getByLabel('Choose files to upload').setInputFiles({ name: 'latte-art.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
          const next = page.getByRole('button', { name: 'Next', exact: true });
          await next.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
          await next.click();
          await page.getByRole('button', { name: /^LinkedIn / }).click();
          await next.click();
          await page.getByLabel('Description').fill('Latte art class this Saturday at 10, Harbour Street shop. Six seats left.');
          await next.click();
          await page.getByRole('button', { name: 'Submit for approval' }).waitFor();
          await shoot('2-wizard-submit');
        }
        problems.push(...session.problems);
        await session.context.close();
      }
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations; no console errors\n'}`);
});
