import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openSession, signInThroughUi } from '../support/browser';
import { createUser } from '../support/users';
import { seriousViolations } from '../support/axe';

const twin = inject('twin');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const publicPages = ['/', '/login', '/signup', '/reset-password', '/privacy', '/terms'];
const dashboardPages = ['/dashboard', '/dashboard/accounts', '/dashboard/posts', '/dashboard/posts/drafts', '/dashboard/analytics', '/dashboard/scheduled', '/dashboard/calendar', '/dashboard/content',
  '/dashboard/influencer', '/dashboard/autotoon', '/dashboard/podcast', '/dashboard/image-generator', '/dashboard/settings'];

// axe is injected as a script, which the app's CSP (rightly) forbids: these contexts bypass the CSP.
describe('accessibility (axe-core): no serious or critical violations', () => {
  it.each(publicPages)('%s', async (path) => {
    const { page, context } = await openSession(browser, { bypassCSP: true });
    await page.goto(`${twin.webUrl}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('every dashboard page, in light and dark mode', async () => {
    const user = await createUser(twin);
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await openSession(browser, { colorScheme, bypassCSP: true });
      await signInThroughUi(page, twin.webUrl, user.email, user.password);
      for (const path of dashboardPages) {
        await page.goto(`${twin.webUrl}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForTimeout(300);
        expect(await seriousViolations(page), `${path} (${colorScheme})`).toEqual([]);
      }
      await context.close();
    }
  });
});
