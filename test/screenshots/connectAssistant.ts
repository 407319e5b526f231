/**
 * `npx tsx test/screenshots/connectAssistant.ts`: starts a throw-away twin and photographs, at
 * 390, 1280 and 1440 wide in light and dark, into screenshots/connectAssistant/ (git-ignored),
 * running axe-core on each: the consent page an MCP client's sign-in opens (signed out, then
 * signed in with the workspace and scopes to choose), and the connection it makes as Settings ›
 * API keys lists it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { makeAdmin } from '../support/connect';
import { createUser } from '../support/users';
import { callIn, createWorkspace } from '../support/workspaces';
import { runScreenshots } from './harness';

const outDir = join(resolve(import.meta.dirname, '../..'), 'screenshots/connectAssistant');
const widths = [390, 1280, 1440] as const;

runScreenshots('connectAssistant', async (info, browser) => {
  const problems: string[] = [];
  const stamp = Date.now().toString(36);
  const owner = await createUser(info, `dana.reyes.${stamp}@northwind-studio.example`);
  await makeAdmin(info, owner);
  const { workspaceId } = await createWorkspace(info, owner, 'Bluebird Coffee Roasters');
  const registered = await fetch(`${info.apiUrl}/mcp/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Claude', redirect_uris: ['https://claude.ai/api/mcp/auth_callback'] }),
  });
  const { client_id: clientId } = (await registered.json()) as { client_id: string };
  const verifier = randomBytes(32).toString('base64url');
  const request = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: 'https://claude.ai/api/mcp/auth_callback',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'screenshot',
    scope: 'read write publish',
  };
  // One connection made (approved, and its code exchanged), as the list shows it.
  const decided = await callIn(info, workspaceId, 'decideMcpConsent', { body: { request, approve: true, scopes: ['read', 'write'] } }, owner);
  const code = new URL((decided.body as { location: string }).location).searchParams.get('code')!;
  await fetch(`${info.apiUrl}/mcp/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: clientId, redirect_uri: request.redirect_uri, code_verifier: verifier }),
  });
  const consentUrl = `${info.webUrl}/connect-assistant?${new URLSearchParams(request)}`;
  mkdirSync(outDir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const shoot = async (page: Page, state: string, section?: string) => {
        await page.waitForTimeout(300);
        const target = section ? page.locator(section) : page;
        await target.screenshot({ path: join(outDir, `${width}-${colorScheme}-${state}.png`), ...(section ? {} : { fullPage: true }) });
        problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme} ${state}: ${violation.id} ${violation.targets.join(', ')}`));
      };
      const signedOut = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      await signedOut.page.goto(consentUrl);
      await signedOut.page.getByText('Sign in to choose what the assistant may do.').waitFor();
      await shoot(signedOut.page, '1-signed-out');
      await signedOut.context.close();

      const session = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      const { page } = session;
      await signInThroughUi(page, info.webUrl, owner.email, owner.password);
      await page.goto(consentUrl);
      await page.getByText('“Claude” asks to use OneClick as you.').waitFor();
      await page.getByLabel('Workspace').selectOption({ label: 'Bluebird Coffee Roasters' });
      await page.getByRole('checkbox', { name: /Publish/ }).uncheck();
      await shoot(page, '2-consent');
      await page.goto(`${info.webUrl}/dashboard/settings?workspace=${workspaceId}`);
      await page.getByRole('heading', { name: 'API keys' }).waitFor();
      await page.getByText('Claude').first().waitFor();
      await page.getByRole('heading', { name: 'API keys' }).scrollIntoViewIfNeeded();
      await shoot(page, '3-listed', 'section[aria-labelledby="settings-api-keys"]');
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations\n'}`);
});
