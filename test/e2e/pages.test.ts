import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, openSession, signInThroughUi, type Session } from '../support/browser';
import { createUser, type TestUser } from '../support/users';
import { connectThroughOAuth, makeAdmin } from '../support/connect';
import { tinyJpeg } from '../support/posts';
import { dashboardPages, publicPages } from '../support/pages';
import { seriousViolations } from '../support/axe';

/**
 * Every page in both themes, visited once for both sweeps: axe-core finds no serious or
 * critical violation (at 1280×720), and at every size the issue names there is no sideways
 * scroll, the heading, the primary action and Sign Out are on screen, and the console is quiet.
 * The pages run under their real CSP (axe is evaluated through the DevTools protocol). One
 * browser; each page is loaded once per theme and then resized through the widths.
 */
const twin = inject('twin');
const viewports = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
];
const themes = ['light', 'dark'] as const;

/** The one control each page is for, where it has one. */
const primaryAction: Record<string, (page: Page) => Locator> = {
  '/': (page) => page.getByRole('link', { name: 'Get Started' }),
  '/login': (page) => page.getByRole('button', { name: 'Sign in' }),
  '/dashboard': (page) => page.getByRole('button', { name: 'Next', exact: true }),
  '/dashboard/accounts': (page) => page.getByRole('button', { name: 'Connect another X account' }),
};

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  // A long address and long account names: what breaks layouts when it does not truncate.
  user = await createUser(twin, `a.very.long.address.for.layout.${Date.now().toString(36)}@a-rather-long-company-domain.example`);
  await makeAdmin(twin, user);
  await connectThroughOAuth(twin, user, 'x', `layout_${'x'.repeat(32)}`);
  await connectThroughOAuth(twin, user, 'linkedin', `layout-${'l'.repeat(32)}`);
});
afterAll(async () => {
  await browser?.close();
});

/** Console warnings and errors too (openSession collects errors only). */
async function quietSession(colorScheme: (typeof themes)[number]): Promise<Session> {
  // Reduced motion: the slide-out menu opens without a transition to wait for.
  const session = await openSession(browser, { colorScheme, viewport: viewports[0], reducedMotion: 'reduce' });
  session.page.on('console', (message) => {
    if (message.type() === 'warning') session.problems.push(`console warning: ${message.text()}`);
  });
  return session;
}

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Whether the element lies wholly inside the window (after scrolling the page to the top). */
async function onScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = locator.page().viewportSize()!;
  return !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height + 0.5;
}

/** The width axe measures at (the size the accessibility sweep always used). */
const axeWidth = 1280;

async function checkPage(page: Page, path: string, problems: string[], dashboard: boolean, theme: (typeof themes)[number]): Promise<string[]> {
  const failures: string[] = [];
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    const where = `${path} at ${viewport.width}×${viewport.height}`;
    if (viewport.width === axeWidth) {
      // Not into frames: a module page's frame is the sibling tool's own page on its own origin,
      // where axe would have to be injected to measure anything; its messages to that frame
      // (answered by the frame's origin check) would also fill the console this sweep keeps quiet.
      for (const violation of await seriousViolations(page, { iframes: false })) failures.push(`${path} (${theme}): axe ${violation.impact} ${violation.id}: ${violation.help} at ${violation.targets.join(', ')}`);
    }
    const extra = await overflow(page);
    if (extra > 0) failures.push(`${where}: ${extra}px wider than the window`);
    const heading = page.getByRole('heading', { level: 1 }).first();
    if (!(await onScreen(heading))) failures.push(`${where}: the page heading is off screen`);
    const action = primaryAction[path]?.(page);
    if (action) {
      await action.scrollIntoViewIfNeeded();
      const box = await action.boundingBox();
      if (!box || box.x < 0 || box.x + box.width > viewport.width + 0.5) failures.push(`${where}: the primary action is cut off`);
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    if (dashboard) {
      const signOut = page.getByRole('button', { name: 'Sign Out' });
      if (viewport.width <= 800) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        if (!(await onScreen(signOut))) failures.push(`${where}: Sign Out is off screen in the open menu`);
        await page.getByRole('button', { name: 'Close menu' }).click();
      } else if (!(await onScreen(signOut))) {
        failures.push(`${where}: Sign Out is off screen`);
      }
    }
  }
  failures.push(...problems.splice(0).map((problem) => `${path}: ${problem}`));
  return failures;
}

describe('every page, light and dark: axe-core, and at 360, 390, 768, 1280×720 and 1440 wide', () => {
  it.each(themes)('public pages (%s)', async (theme) => {
    const { page, context, problems } = await quietSession(theme);
    const failures: string[] = [];
    for (const path of publicPages) {
      await page.goto(`${twin.webUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      failures.push(...(await checkPage(page, path, problems, false, theme)));
    }
    await context.close();
    expect(failures).toEqual([]);
  });

  it.each(themes)('dashboard pages (%s)', async (theme) => {
    const { page, context, problems } = await quietSession(theme);
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    const failures: string[] = [];
    for (const path of dashboardPages) {
      await page.goto(`${twin.webUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Past the skeletons: the page's data has arrived.
      const loaded = await page
        .waitForFunction(() => !document.querySelector('.page-skeleton, .spinner-wrap'), undefined, { timeout: 10_000 })
        .then(() => true, () => false);
      if (!loaded) failures.push(`${path}: still loading after 10 s`);
      failures.push(...(await checkPage(page, path, problems, true, theme)));
    }
    await context.close();
    expect(failures).toEqual([]);
    // 17 pages, each at five widths with axe: 37 s in a loaded CI run, past the default minute in the other theme.
  }, 150_000);

  it('the wizard with every account selected fits a 360 px screen', async () => {
    const { page, context, problems } = await quietSession('light');
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await page.getByLabel('Choose files to upload').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await expect.poll(() => next.isEnabled(), { timeout: 15_000 }).toBe(true);
    await next.click();
    for (const toggle of await page.locator('.platform-toggle').all()) await toggle.click();
    expect(await page.locator('.platform-toggle[aria-pressed="true"]').count()).toBe(2);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await onScreen(page.getByRole('heading', { level: 2, name: 'Select Platforms:' }))).toBe(true);
    await context.close();
    expect(problems).toEqual([]);
  });
});
