/**
 * `npx tsx test/screenshots/webhooks.ts`: starts a throw-away twin and photographs, at 390, 1280
 * and 1440 wide in light and dark, into screenshots/webhooks/ (git-ignored), running axe-core on
 * each: Settings › Webhooks with a failing endpoint (a test event the sandbox answered 404) and a
 * disabled one, its delivery log open, and the secret shown once after adding an endpoint.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seriousViolations } from '../support/axe';
import { openSession, signInThroughUi } from '../support/browser';
import { makeAdmin } from '../support/connect';
import { callApi, createUser } from '../support/users';
import type { Page } from 'playwright-core';
import { runScreenshots } from './harness';

const outDir = join(resolve(import.meta.dirname, '../..'), 'screenshots/webhooks');
const widths = [390, 1280, 1440] as const;

function json(method: string, body?: unknown): RequestInit {
  return { method, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
}

runScreenshots('webhooks', async (info, browser) => {
  const problems: string[] = [];
  const stamp = Date.now().toString(36);
  const owner = await createUser(info, `dana.reyes.${stamp}@northwind-studio.example`);
  await makeAdmin(info, owner);
  // The sandbox's origin is the twin's one allowed origin besides public hosts; it answers 404 on this path.
  const failing = await callApi(info, '/webhooks', owner.idToken, json('POST', { url: `${info.endpoints.sandbox}/crm/oneclick-events`, events: ['post.published', 'post.failed', 'post.partially_published'], description: 'CRM: mark campaigns live' }));
  const failingId = (failing.body as unknown as { endpoint: { endpointId: string } }).endpoint.endpointId;
  await callApi(info, `/webhooks/${failingId}/test`, owner.idToken, json('POST'));
  const other = await callApi(info, '/webhooks', owner.idToken, json('POST', { url: `${info.endpoints.sandbox}/slack/approvals`, events: ['post.needs_approval', 'post.approved'], description: 'Slack: #approvals' }));
  await callApi(info, `/webhooks/${(other.body as unknown as { endpoint: { endpointId: string } }).endpoint.endpointId}`, owner.idToken, json('PATCH', { enabled: false }));
  mkdirSync(outDir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const shoot = async (page: Page, state: string) => {
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(outDir, `${width}-${colorScheme}-${state}.png`), fullPage: true });
        problems.push(...(await seriousViolations(page)).map((violation) => `${width} ${colorScheme} ${state}: ${violation.id} ${violation.targets.join(', ')}`));
      };
      const session = await openSession(browser, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
      const { page } = session;
      await signInThroughUi(page, info.webUrl, owner.email, owner.password);
      await page.goto(`${info.webUrl}/dashboard/settings`);
      await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
      await page.getByText('CRM: mark campaigns live').waitFor();
      await page.getByRole('button', { name: 'Delivery log' }).first().click();
      await page.getByText('The endpoint answered 404.').waitFor();
      await page.getByRole('heading', { name: 'Webhooks' }).scrollIntoViewIfNeeded();
      await shoot(page, '1-endpoints-and-log');
      await page.getByLabel('Endpoint address').fill(`${info.endpoints.sandbox}/zapier/hooks/${width}-${colorScheme}`);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await page.getByTestId('webhook-secret').waitFor();
      await shoot(page, '2-secret-once');
      await session.context.close();
    }
  }
  process.stdout.write(`screenshots in ${outDir}\n${problems.length ? `problems:\n${problems.join('\n')}\n` : 'axe: no serious or critical violations\n'}`);
});
