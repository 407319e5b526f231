import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openSession, shown, signInThroughUi } from '../support/browser';
import { createUser } from '../support/users';

const twin = inject('twin');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the landing and legal pages', () => {
  it('shows the hero, six features and the footer with this year', async () => {
    const { page, context, problems } = await openSession(browser);
    const response = await page.goto(twin.webUrl);

    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Simplify Your Social Media Management');
    await expect.poll(() => page.locator('.feature-card').count()).toBe(6);
    // The networks named in the copy come from the platform data: every one, the newest included.
    expect(await page.locator('.hero-subtitle').textContent()).toContain('YouTube, TikTok, Instagram, X, LinkedIn, Bluesky, Threads, Facebook, LinkedIn Page, Mastodon, Pinterest, and Google Business Profile');
    // Under the networks, the ones proven only against our sandbox (all of them, so far).
    expect(await page.getByTestId('sandbox-only').textContent()).toBe(
      'All verified only against OneClick’s platform sandbox, which follows each network’s documentation — not yet against the networks themselves.',
    );
    await shown(page.getByText(`© ${new Date().getFullYear()} OneClick`));
    expect(await page.getByRole('link', { name: 'Learn More' }).getAttribute('href')).toBe('#features');

    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(`${twin.webUrl}/login`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the Privacy Policy with 10 sections and the Terms with 8, each with Back to Home', async () => {
    const { page, context } = await openSession(browser);
    await page.goto(`${twin.webUrl}/`);
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${twin.webUrl}/privacy`);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).count()).toBe(10);

    await page.goto(`${twin.webUrl}/terms`);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).count()).toBe(8);
    await page.getByRole('link', { name: /Back to Home/ }).first().click();
    await page.waitForURL(`${twin.webUrl}/`);
    await context.close();
  });
});

describe('the dashboard shell', () => {
  it('lists the nav in the spec\'s order and highlights the active item', async () => {
    const user = await createUser(twin);
    const { page, context, problems } = await openSession(browser);
    await signInThroughUi(page, twin.webUrl, user.email, user.password);

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'AI Image' }).waitFor();
    // In their personal workspace, as its owner: Approvals is for shared workspaces, Review links for whoever manages one.
    await expect.poll(() => nav.getByRole('link').allTextContents()).toEqual([
      'New Post', 'Scheduled', 'Calendar', 'Queue', 'Posts', 'Analytics', 'Accounts', 'Content', 'Feeds', 'Influencer', 'AutoToon', 'Podcast', 'AI Image', 'Workspace', 'Activity', 'Review links', 'Settings', 'API',
    ]);
    await nav.getByRole('link', { name: 'Posts' }).click();
    await page.waitForURL(`${twin.webUrl}/dashboard/posts`);
    await expect.poll(() => nav.locator('a.active').allTextContents()).toEqual(['Posts']);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Published Posts');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens the nav as a slide-out menu on a small screen', async () => {
    const user = await createUser(twin);
    const { page, context } = await openSession(browser, { viewport: { width: 390, height: 800 } });
    await signInThroughUi(page, twin.webUrl, user.email, user.password);

    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.waitFor();
    const scheduled = page.locator('#sidebar').getByRole('link', { name: 'Scheduled', includeHidden: true });
    expect(await scheduled.isVisible()).toBe(false);

    await menuButton.click();

    await expect.poll(() => scheduled.evaluate((link) => link.getBoundingClientRect().left >= 0)).toBe(true);
    await expect.poll(() => scheduled.isVisible()).toBe(true);
    await scheduled.click();
    await page.waitForURL(`${twin.webUrl}/dashboard/scheduled`);
    await expect.poll(() => page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});

describe('dark mode and language', () => {
  it('remembers dark mode under darkMode across reloads', async () => {
    const { page, context } = await openSession(browser, { colorScheme: 'light' });
    await page.goto(twin.webUrl);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);

    await page.getByRole('button', { name: 'Dark mode' }).click();

    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await context.close();
  });

  it('follows the system preference until the user chooses', async () => {
    const { page, context } = await openSession(browser, { colorScheme: 'dark' });
    await page.goto(twin.webUrl);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('darkMode'))).toBeNull();
    await context.close();
  });

  it('switches to Turkish and remembers the choice', async () => {
    const { page, context } = await openSession(browser);
    await page.goto(twin.webUrl);

    await page.getByLabel('Language').selectOption('tr');

    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Sosyal Medya Yönetiminizi Kolaylaştırın');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('tr');
    await page.reload();
    await expect.poll(() => page.getByRole('link', { name: 'Giriş yap' }).isVisible()).toBe(true);
    await context.close();
  });

  it('starts in Turkish for a Turkish browser', async () => {
    const { page, context } = await openSession(browser, { locale: 'tr-TR' });
    await page.goto(`${twin.webUrl}/login`);
    await expect.poll(() => page.getByRole('button', { name: 'Giriş yap' }).isVisible()).toBe(true);
    await context.close();
  });
});
