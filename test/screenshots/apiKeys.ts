/**
 * `npx tsx test/screenshots/apiKeys.ts`: starts a throw-away twin and photographs, at 390, 1280
 * and 1440 wide in light and dark, into screenshots/apiKeys/ (git-ignored), running axe-core on
 * each: the Settings › API keys section with an owner's list (every member's keys: active, limited to an
 * account, expiring, used, revoked), the form filled in, and a new key shown once.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { makeAdmin } from '../support/connect';
import { createUser } from '../support/users';
import { addMember, callIn, createWorkspace } from '../support/workspaces';
import { runScreenshots } from './harness';

const outDir = join(resolve(import.meta.dirname, '../..'), 'screenshots/apiKeys');
const widths = [390, 1280, 1440] as const;

runScreenshots('apiKeys', async (info, browser) => {
  const problems: string[] = [];
  const stamp = Date.now().toString(36);
  const owner = await createUser(info, `dana.reyes.${stamp}@northwind-studio.example`);
  const editor = await createUser(info, `li.wei.${stamp}@northwind-studio.example`);
  await makeAdmin(info, owner);
  const { workspaceId } = await createWorkspace(info, owner, 'Bluebird Coffee Roasters');
  await addMember(info, workspaceId, owner, editor, 'editor');
  await callIn(info, workspaceId, 'createApiKey', { body: { name: 'Weekly scheduler script', scopes: ['read', 'write', 'publish'] } }, owner);
  await callIn(info, workspaceId, 'createApiKey', { body: { name: 'Claude drafting assistant', scopes: ['read', 'write'], expiresInDays: 30 } }, editor);
  const old = await callIn(info, workspaceId, 'createApiKey', { body: { name: 'Old Zapier zap', scopes: ['read'] } }, editor);
  await callIn(info, workspaceId, 'revokeApiKey', { path: { keyId: (old.body as { keyId: string }).keyId } }, owner);
  const used = await callIn(info, workspaceId, 'createApiKey', { body: { name: 'Reporting dashboard', scopes: ['read'] } }, owner);
  await fetch(`${info.apiUrl}/v1/posts?status=scheduled`, { headers: { authorization: `Bearer ${(used.body as { key: string }).key}` } });
  mkdirSync(outDir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const shoot = async (page: Page, state: string) => {
        await page.waitForTimeout(300);
        // The section itself: the settings page around it is photographed by the settings screenshots.
        await page.locator('section[aria-labelledby="settings-api-keys"]').screenshot({ path: join(outDir, `${width}-${colorScheme}-${state}.png`) });
        problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme} ${state}: ${violation.id} ${violation.targets.join(', ')}`));
      };
      const session = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      const { page } = session;
      await signInThroughUi(page, info.webUrl, owner.email, owner.password);
      await page.goto(`${info.webUrl}/dashboard/settings?workspace=${workspaceId}`);
      await page.getByRole('heading', { name: 'API keys' }).waitFor();
      await page.getByText('Reporting dashboard').waitFor();
      await page.getByRole('heading', { name: 'API keys' }).scrollIntoViewIfNeeded();
      await shoot(page, '1-list');
      await page.getByLabel('Name', { exact: true }).fill('Instagram campaign bot');
      await page.getByRole('checkbox', { name: /Publish/ }).check();
      await shoot(page, '2-form');
      await page.getByRole('button', { name: 'Make the key' }).click();
      await page.getByText('it will not be shown again').waitFor();
      await shoot(page, '3-made');
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations\n'}`);
});
