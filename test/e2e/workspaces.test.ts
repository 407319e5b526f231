import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { explained, launchBrowser, openSession, signInThroughUi } from '../support/browser';
import { createUser } from '../support/users';
import { invitationTokenFor } from '../support/workspaces';

const twin = inject('twin');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('working together in a workspace (three browsers)', () => {
  it('an owner invites an editor and a contributor by e-mail; they join through the link; a removed member\'s open page loses access on its next request', async () => {
    const [owner, editor, contributor] = await Promise.all([createUser(twin), createUser(twin), createUser(twin)]);
    const ownerSession = await openSession(browser);
    const { page } = ownerSession;
    await signInThroughUi(page, twin.webUrl, owner.email, owner.password);

    // The owner creates a workspace for a client and lands in it: its id is in the address.
    await explained(ownerSession, 'creating the workspace', async () => {
      await page.getByRole('link', { name: 'Workspace', exact: true }).click();
      await page.getByText('This is your personal workspace').waitFor();
      await page.getByLabel('Name', { exact: true }).fill('Bluebird Coffee');
      await page.getByRole('button', { name: 'Create workspace' }).click();
      await page.getByRole('heading', { name: 'Bluebird Coffee', level: 1 }).waitFor();
    }, twin.logFile);
    const workspaceId = new URL(page.url()).searchParams.get('workspace');
    expect(workspaceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.getByTestId('workspace-switcher').inputValue()).toBe(workspaceId);

    // Invitations by e-mail, each in its role.
    await page.getByRole('form', { name: 'Invite' }).waitFor({ timeout: 20_000 });
    for (const [who, role] of [[editor, 'Editor'], [contributor, 'Contributor']] as const) {
      const form = page.getByRole('form', { name: 'Invite' });
      await form.getByLabel('E-mail address').fill(who.email);
      await form.getByLabel('Role').selectOption({ label: role });
      await form.getByRole('button', { name: 'Invite' }).click();
      await page.getByText(`Invitation sent to ${who.email}.`).waitFor();
    }
    await expect.poll(() => page.getByText(/· the link works until/).count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);

    // The editor opens the mailed link signed out, signs in, and is taken back to it.
    const editorSession = await openSession(browser);
    await explained(editorSession, 'the editor accepting', async () => {
      await editorSession.page.goto(`${twin.webUrl}/invitations?token=${invitationTokenFor(twin, editor.email)}`);
      await editorSession.page.getByRole('link', { name: 'Sign in' }).click();
      await signInThroughUi(editorSession.page, twin.webUrl, editor.email, editor.password).catch(() => undefined);
      await editorSession.page.getByTestId('invitation-offer').filter({ hasText: `${owner.email} invited you to the workspace "Bluebird Coffee" as Editor.` }).waitFor();
      await editorSession.page.getByRole('button', { name: 'Accept and open the workspace' }).click();
      await editorSession.page.waitForURL(new RegExp(`/dashboard\\?workspace=${workspaceId}`));
    }, twin.logFile);
    await expect.poll(() => editorSession.page.getByTestId('workspace-switcher').locator('option:checked').textContent()).toBe('Bluebird Coffee · Editor');

    // The contributor is signed in already and accepts; a link of the owner's opens the same workspace for them.
    const contributorSession = await openSession(browser);
    const other = contributorSession.page;
    await signInThroughUi(other, twin.webUrl, contributor.email, contributor.password);
    await other.goto(`${twin.webUrl}/invitations?token=${invitationTokenFor(twin, contributor.email)}`);
    await other.getByRole('button', { name: 'Accept and open the workspace' }).click();
    await other.waitForURL(new RegExp(`workspace=${workspaceId}`));
    await other.goto(`${twin.webUrl}/dashboard/scheduled?workspace=${workspaceId}`);
    await expect.poll(() => other.getByTestId('workspace-switcher').locator('option:checked').textContent()).toBe('Bluebird Coffee · Contributor');

    // The owner sees both as members now.
    await page.reload();
    const members = page.getByRole('list', { name: 'Members' });
    await members.getByText(contributor.email).waitFor();
    expect(await members.getByText(editor.email).count()).toBe(1);

    // The owner removes the contributor: their open page loses access on its next request, and says so.
    await members.getByRole('listitem').filter({ hasText: contributor.email }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => members.getByText(contributor.email).count()).toBe(0);
    await explained(contributorSession, 'the removed member\'s next request', async () => {
      await other.getByRole('link', { name: 'Posts', exact: true }).click();
      await other.getByRole('alert').filter({ hasText: 'You are not a member of this workspace (any more).' }).first().waitFor();
      await other.getByRole('button', { name: 'Go to my personal workspace' }).click();
      await other.waitForURL(`${twin.webUrl}/dashboard`);
    }, twin.logFile);
    await expect.poll(() => other.getByTestId('workspace-switcher').locator('option:checked').textContent()).toBe('Personal');

    for (const session of [ownerSession, editorSession, contributorSession]) await session.context.close();
  }, 150_000);
});
