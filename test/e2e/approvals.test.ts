import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ConnectionList } from '../../shared/api/connections';
import { explained, launchBrowser, openSession, signInThroughUi, type Session } from '../support/browser';
import { connectThroughOAuth, sandboxAccountName, sandboxControl } from '../support/connect';
import { tinyJpeg } from '../support/posts';
import { seriousViolations } from '../support/axe';
import { createTeam, type Team } from '../support/workspaces';
import type { TestUser } from '../support/users';

const twin = inject('twin');
/** Uploads and API calls on a loaded 2-core machine take seconds, not the default 1 s. */
const settle = { timeout: 15_000 };
const firstText = `Spring sale ${Date.now().toString(36)}`;
const secondText = `${firstText}: 20% off until Friday`;
let browser: Browser;
let team: Team;
let account: string;

beforeAll(async () => {
  browser = await launchBrowser();
  team = await createTeam(twin, ['editor', 'contributor'], 'e2e-approvals');
  account = sandboxAccountName('approvals');
  await connectThroughOAuth(twin, team.owner, 'linkedin', account, 'allow', team.headers);
  if (((await team.call(team.owner, 'listConnections')).body as ConnectionList).connections.length !== 1) throw new Error('LinkedIn did not connect in the workspace');
  // Approvals start off: the owner turns them on in the walk.
  await team.call(team.owner, 'updateWorkspace', { body: { approvalRule: 'off' } });
});
afterAll(async () => {
  await browser?.close();
});

/** A person signed in, in the team's workspace (its id in the URL, as a shared link would have it). */
async function signedIn(user: TestUser, path: string): Promise<Session> {
  const session = await openSession(browser);
  await signInThroughUi(session.page, twin.webUrl, user.email, user.password);
  await session.page.goto(`${twin.webUrl}${path}${path.includes('?') ? '&' : '?'}workspace=${team.workspaceId}`);
  return session;
}

const card = (page: Page, text: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: text }) });

describe('approvals in Chromium: three people in one workspace', () => {
  it('the owner requires approval, a contributor submits, an editor asks for a change, the contributor edits, the editor approves and it publishes once', async () => {
    const owner = await signedIn(team.owner, '/dashboard/workspace');
    const contributor = await signedIn(team.members.contributor!, '/dashboard');
    const editor = await signedIn(team.members.editor!, '/dashboard/approvals');

    await explained(owner, 'the owner requires approval for contributors', async () => {
      await owner.page.getByRole('radio', { name: /Required for contributors/ }).check(settle);
      await owner.page.getByRole('button', { name: 'Save', exact: true }).click();
      await owner.page.getByText('Saved.').waitFor(settle);
    });

    await explained(contributor, 'the contributor writes a post and submits it', async () => {
      const page = contributor.page;
      await page.getByText('Step 1 of 4', { exact: true }).waitFor(settle);
      await page.getByLabel('Choose files to upload').setInputFiles([{ name: 'sale.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg }]);
      const next = page.getByRole('button', { name: 'Next', exact: true });
      await expect.poll(() => next.isEnabled(), settle).toBe(true);
      await next.click();
      await page.getByRole('button', { name: new RegExp(`^LinkedIn Sandbox ${account}`) }).click(settle);
      await next.click();
      await page.getByLabel('Description').fill(firstText);
      await next.click();
      await page.getByText('In this workspace a contributor’s post is approved by an editor before it is published.').waitFor(settle);
      expect(await page.getByRole('button', { name: 'Publish Now' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Submit for approval' }).click();
      await page.getByText(/^Submitted: it waits for an editor/).waitFor(settle);
      // It lands on Approvals, where it says it waits, and for whom.
      await card(page, firstText).waitFor(settle);
      await card(page, firstText).getByText(`Waits for ${team.owner.email}, ${team.members.editor!.email} to approve it.`).or(card(page, firstText).getByText(`Waits for ${team.members.editor!.email}, ${team.owner.email} to approve it.`)).waitFor(settle);
      await card(page, firstText).getByText('You submitted this post: another member who may approve decides it.').waitFor(settle);
    });
    expect((await sandboxControl(twin).feed('linkedin', account)).posts).toEqual([]);

    await explained(editor, 'the editor asks for a change', async () => {
      const page = editor.page;
      await page.reload();
      const submitted = card(page, firstText);
      await submitted.waitFor(settle);
      // The preview shows the post as LinkedIn will.
      await submitted.getByRole('heading', { name: 'Preview on LinkedIn' }).waitFor(settle);
      await submitted.getByRole('button', { name: 'Ask for changes' }).click();
      await submitted.getByText('Say what to change: the author reads it with the post.').waitFor(settle);
      await submitted.getByLabel('Comment for the author').fill('Say until when the sale runs.');
      await submitted.getByRole('button', { name: 'Ask for changes' }).click();
      await page.getByText('Sent back to its author with your comment.').waitFor(settle);
      expect(await seriousViolations(page)).toEqual([]);
    });

    await explained(contributor, 'the contributor edits and submits again', async () => {
      const page = contributor.page;
      await page.reload();
      const sentBack = card(page, firstText);
      await sentBack.getByText(`${team.members.editor!.email} asked for changes: “Say until when the sale runs.”`).waitFor(settle);
      await sentBack.getByRole('link', { name: 'Edit and submit again' }).click();
      await page.getByText('Step 3 of 4', { exact: true }).waitFor(settle);
      await page.getByLabel('Description').fill(secondText);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('button', { name: 'Submit for approval' }).click();
      await card(page, secondText).waitFor(settle);
    });

    await explained(editor, 'the editor approves and it publishes', async () => {
      const page = editor.page;
      await page.reload();
      const resubmitted = card(page, secondText);
      await resubmitted.waitFor(settle);
      // The thread (loaded after the card) keeps the request for changes.
      await resubmitted.getByText('Say until when the sale runs.').first().waitFor(settle);
      await resubmitted.getByRole('button', { name: 'Approve' }).click();
      // Approving starts the publishing in the same request: on a loaded CI machine that took over 15 s once.
      await page.getByText('Approved: it publishes now.').waitFor({ timeout: 30_000 });
      await page.getByText('Nothing is waiting for approval.').waitFor(settle);
    });

    await expect.poll(async () => (await sandboxControl(twin).feed('linkedin', account)).posts.map((post) => post.text), { timeout: 30_000 }).toEqual([secondText]);
    for (const session of [owner, contributor, editor]) {
      expect(session.problems).toEqual([]);
      await session.context.close();
    }
  });
});
