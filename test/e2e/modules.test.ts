import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openSession, shown, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, sandboxAccountName, sandboxControl } from '../support/connect';
import { createUser, type TestUser } from '../support/users';

const twin = inject('twin');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const autotoonFrame = (page: Page) => page.frameLocator('iframe[title="AutoToon module"]');

async function openAutoToon(user: TestUser, options: { bypassCSP?: boolean } = {}) {
  const session = await openSession(browser, options);
  await signInThroughUi(session.page, twin.webUrl, user.email, user.password);
  await session.page.getByRole('link', { name: 'AutoToon' }).click();
  await session.page.waitForURL(`${twin.webUrl}/dashboard/autotoon`);
  return session;
}

describe('the embedded modules in Chromium (the demo module plays AutoToon)', () => {
  it('AutoToon → generate → My Content → play → Share → the wizard has the file → published to a sandbox account', async () => {
    const user = await createUser(twin);
    const account = sandboxAccountName('toon');
    await connectThroughOAuth(twin, user, 'linkedin', account);
    const { page, context, problems } = await openAutoToon(user);

    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'AutoToon' }).isVisible()).toBe(true);
    const frame = autotoonFrame(page);
    await expect.poll(() => frame.getByText(`Signed in as ${user.email}.`).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'AutoToon is ready.' }).isVisible()).toBe(true);
    expect(await page.locator('iframe').getAttribute('src')).toMatch(new RegExp(`^${twin.demoModule.urls.autotoon}\\?token=mt_`));
    await frame.getByRole('button', { name: 'Generate a cartoon' }).click();

    // ANIMATION_COMPLETE from AutoToon's frame: the dashboard goes to My Content, which lists the new video.
    await page.waitForURL(`${twin.webUrl}/dashboard/content`, { timeout: 15_000 });
    const card = page.getByRole('listitem').filter({ hasText: 'cartoon.mp4' });
    await expect.poll(() => card.count()).toBe(1);
    await shown(card.getByText('Video', { exact: true }));

    await card.getByRole('button', { name: 'Play cartoon.mp4' }).click();
    const player = page.getByRole('dialog', { name: 'cartoon.mp4' });
    const video = player.locator('video');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState >= 2 && element.duration > 3.9), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0), { timeout: 10_000 }).toBe(true);

    await player.getByRole('button', { name: 'Share Content' }).click();
    await page.waitForURL(`${twin.webUrl}/dashboard`);
    await expect.poll(() => page.getByText('Content loaded successfully').isVisible(), { timeout: 10_000 }).toBe(true);
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await expect.poll(() => next.isEnabled(), { timeout: 15_000 }).toBe(true);
    await shown(page.getByRole('listitem').filter({ has: page.locator('video') }).getByText('0.03 MB'));
    await next.click();
    await page.getByRole('button', { name: new RegExp(`^LinkedIn Sandbox ${account}`) }).click();
    await next.click();
    const description = `Cartoon from AutoToon ${Date.now()}`;
    await page.getByLabel('Description').fill(description);
    await next.click();
    await page.getByRole('button', { name: 'Publish Now' }).click();
    await page.waitForURL(`${twin.webUrl}/dashboard/posts`, { timeout: 15_000 });

    await expect
      .poll(async () => (await sandboxControl(twin).feed('linkedin', account)).posts.filter((post) => post.text.includes(description)).length, { timeout: 30_000, interval: 250 })
      .toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('ignores ANIMATION_COMPLETE from any other origin, and follows it from AutoToon', async () => {
    const user = await createUser(twin);
    // The CSP lets only the module origins be framed: bypassing it lets the test frame a foreign origin.
    const { page, context } = await openAutoToon(user, { bypassCSP: true });
    await expect.poll(() => autotoonFrame(page).getByText(`Signed in as ${user.email}.`).isVisible(), { timeout: 15_000 }).toBe(true);

    // From the dashboard's own window (its own origin)…
    await page.evaluate(() => window.postMessage({ type: 'ANIMATION_COMPLETE' }, '*'));
    // …and from a frame of another origin (the platform sandbox).
    await page.evaluate((src) => {
      const foreign = document.createElement('iframe');
      foreign.name = 'foreign';
      foreign.src = src;
      document.body.append(foreign);
    }, `${twin.endpoints.sandbox}/`);
    await expect.poll(() => page.frames().some((frame) => frame.name() === 'foreign' && frame.url().startsWith(twin.endpoints.sandbox))).toBe(true);
    const foreign = page.frames().find((frame) => frame.name() === 'foreign')!;
    await foreign.evaluate(() => window.parent.postMessage({ type: 'ANIMATION_COMPLETE' }, '*'));
    await page.waitForTimeout(500);
    expect(page.url()).toBe(`${twin.webUrl}/dashboard/autotoon`);

    const autotoon = page.frames().find((frame) => frame.url().startsWith(twin.demoModule.origin))!;
    await autotoon.evaluate(() => window.parent.postMessage({ type: 'ANIMATION_COMPLETE' }, '*'));
    await page.waitForURL(`${twin.webUrl}/dashboard/content`);
    await context.close();
  });

  it('shows AutoToon\'s error and status when the token cannot be had, and Retry loads it', async () => {
    const user = await createUser(twin);
    const session = await openSession(browser);
    const { page } = session;
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await page.route('**/api/module-tokens', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' }));
    await page.goto(`${twin.webUrl}/dashboard/autotoon`);

    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Authentication setup failed' }).isVisible()).toBe(true);
    await shown(page.getByRole('status').filter({ hasText: 'Error loading AutoToon' }));
    await page.unroute('**/api/module-tokens');
    await page.getByRole('button', { name: 'Retry' }).click();

    await expect.poll(() => autotoonFrame(page).getByText(`Signed in as ${user.email}.`).isVisible(), { timeout: 15_000 }).toBe(true);
    await session.context.close();
  });

  it.each([
    ['influencer', 'One Click Influencer', 'Influencer'],
    ['podcast', 'Podcast', 'Podcast'],
    ['image-generator', 'AI Image', 'AI Image'],
  ])('opens %s signed in, with its title and loading text', async (path, title, name) => {
    const user = await createUser(twin);
    const { page, context } = await openSession(browser);
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    let tokenRequested!: () => void;
    const tokenRequest = new Promise<void>((resolve) => (tokenRequested = resolve));
    await page.route('**/api/module-tokens', async (route) => {
      tokenRequested();
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto(`${twin.webUrl}/dashboard/${path}`);
    await tokenRequest;

    await shown(page.getByRole('heading', { level: 1, name: title }));
    await expect.poll(() => page.getByText(`Loading ${name} module...`).isVisible()).toBe(true);
    const frame = page.frameLocator(`iframe[title="${name} module"]`);
    await expect.poll(() => frame.getByText(`Signed in as ${user.email}.`).isVisible(), { timeout: 15_000 }).toBe(true);
    await context.close();
  });

  it('shows the Turkish texts in Turkish', async () => {
    const user = await createUser(twin);
    const { page, context } = await openSession(browser);
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await page.evaluate(() => localStorage.setItem('oneclick_language', 'tr'));
    await page.route('**/api/module-tokens', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' }));
    await page.goto(`${twin.webUrl}/dashboard/podcast`);

    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Custom token alınamadı.' }).isVisible()).toBe(true);
    await shown(page.getByRole('heading', { level: 1, name: 'Podcast' }));
    await context.close();
  });
});
