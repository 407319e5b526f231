/**
 * `npx tsx test/screenshots/workspaces.ts`: starts a throw-away twin and photographs, at 390, 1280
 * and 1440 wide in light and dark, into screenshots/workspaces/ (git-ignored), running axe-core on
 * each: the sidebar's workspace switcher, the Workspace page of a shared workspace (settings and
 * approval rule, members, an open invitation, ownership), the personal workspace's page, and the
 * invitation page an invited person lands on.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { makeAdmin } from '../support/connect';
import { createUser } from '../support/users';
import { addMember, callIn, createWorkspace, invitationTokenFor } from '../support/workspaces';
import type { Page } from 'playwright-core';
import { runScreenshots } from './harness';

const outDir = join(resolve(import.meta.dirname, '../..'), 'screenshots/workspaces');
const widths = [390, 1280, 1440] as const;

runScreenshots('workspaces', async (info, browser) => {
  const problems: string[] = [];
  const stamp = Date.now().toString(36);
  const owner = await createUser(info, `dana.reyes.${stamp}@northwind-studio.example`);
  const editor = await createUser(info, `li.wei.${stamp}@northwind-studio.example`);
  const invitee = await createUser(info, `amara.ndiaye.${stamp}@client.example`);
  await makeAdmin(info, owner);
  const { workspaceId } = await createWorkspace(info, owner, 'Bluebird Coffee Roasters');
  await createWorkspace(info, owner, 'Harbor Yoga');
  await addMember(info, workspaceId, owner, editor, 'editor');
  await callIn(info, workspaceId, 'inviteMember', { body: { email: invitee.email, role: 'contributor' } }, owner);
  const token = invitationTokenFor(info, invitee.email);
  mkdirSync(outDir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const shooter = async (page: Page, state: string) => {
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(outDir, `${width}-${colorScheme}-${state}.png`), fullPage: true });
        problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme} ${state}: ${violation.id} ${violation.targets.join(', ')}`));
      };
      const session = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      const { page } = session;
      await signInThroughUi(page, info.webUrl, owner.email, owner.password);
      await page.goto(`${info.webUrl}/dashboard/workspace?workspace=${workspaceId}`);
      await page.getByRole('heading', { name: 'Members' }).waitFor();
      await page.getByText(invitee.email).waitFor();
      await shoot(page, '1-workspace-page', shooter);
      if (width === 390) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByTestId('workspace-switcher').waitFor();
      await shoot(page, '2-switcher', shooter);
      await page.getByTestId('workspace-switcher').selectOption('personal');
      await page.waitForURL((url) => url.pathname === '/dashboard/workspace' && !url.search.includes('workspace='));
      if (width === 390) await page.getByRole('button', { name: 'Close menu' }).click();
      await page.getByText('This is your personal workspace').waitFor();
      await shoot(page, '3-personal', shooter);
      await session.context.close();

      const guest = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      await signInThroughUi(guest.page, info.webUrl, invitee.email, invitee.password);
      await guest.page.goto(`${info.webUrl}/invitations?token=${token}`);
      await guest.page.getByTestId('invitation-offer').waitFor();
      await shoot(guest.page, '4-invitation', shooter);
      await guest.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations\n'}`);
});

async function shoot(page: Page, state: string, shooter: (page: Page, state: string) => Promise<void>) {
  await shooter(page, state);
}
