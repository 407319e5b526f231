import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { platformNames, platforms, type Platform } from '../../shared/platforms';
import { launchBrowser, openSession, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../support/connect';
import { syntheticMp4 } from '../support/mp4';
import { tinyJpeg } from '../support/posts';
import { callApi, createUser, type TestUser } from '../support/users';
import { seriousViolations } from '../support/axe';
import type { PostPage } from '../../shared/api/posts';

const twin = inject('twin');
/** How long a poll waits for the page: uploads and API calls on a loaded 2-core machine take seconds, not the default 1 s. */
const settle = { timeout: 15_000 };
let browser: Browser;
let user: TestUser;
const accounts = {} as Record<Platform, string>;

/** A valid 1×1 PNG: real image bytes to disguise under a video's name. */
const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(twin);
  await makeAdmin(twin, user);
  for (const platform of platforms) {
    accounts[platform] = sandboxAccountName(platform);
    await connectThroughOAuth(twin, user, platform, accounts[platform]);
  }
});
afterAll(async () => {
  await browser?.close();
});

async function openWizard() {
  const session = await openSession(browser);
  await signInThroughUi(session.page, twin.webUrl, user.email, user.password);
  await expect.poll(() => stepText(session.page), settle).toBe('Step 1 of 4');
  return session;
}

const stepText = (page: Page) => page.getByText(/^Step \d of 4$/).textContent();
const nextButton = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
const accountButton = (page: Page, platform: Platform) => page.getByRole('button', { name: new RegExp(`^${platformNames[platform]} Sandbox`) });
const fileInput = (page: Page) => page.getByLabel('Choose files to upload');

describe('the post wizard in Chromium', () => {
  it('uploads a video and an image, publishes to an account on every platform and lands on the posts page, gating Next on each step', async () => {
    const { page, context, problems } = await openWizard();
    expect(await nextButton(page).isDisabled()).toBe(true);

    await fileInput(page).setInputFiles([
      { name: 'clip.mp4', mimeType: 'video/mp4', buffer: syntheticMp4({ durationSeconds: 12, payloadBytes: 300_000 }) },
      { name: 'cover.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg },
    ]);
    await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
    expect(await page.getByRole('listitem', { name: 'clip.mp4' }).getByText('0.29 MB').isVisible()).toBe(true);
    expect(await page.getByRole('listitem', { name: 'cover.jpg' }).isVisible()).toBe(true);
    await nextButton(page).click();

    expect(await stepText(page)).toBe('Step 2 of 4');
    await expect.poll(() => accountButton(page, 'linkedin').isVisible(), settle).toBe(true);
    expect(await nextButton(page).isDisabled()).toBe(true);
    for (const platform of platforms) {
      await accountButton(page, platform).click();
      expect(await accountButton(page, platform).getAttribute('aria-pressed')).toBe('true');
    }
    expect(await page.getByText('Instagram accepts videos of 3 to 90 seconds.').isVisible()).toBe(true);
    await nextButton(page).click();

    expect(await stepText(page)).toBe('Step 3 of 4');
    expect(await nextButton(page).isDisabled()).toBe(true);
    await page.getByLabel('Description').fill('Launch day from the wizard');
    expect(await nextButton(page).isDisabled()).toBe(true);
    expect(await page.getByText('0/100').isVisible()).toBe(true);
    await page.getByPlaceholder('Enter video title...').fill('Launch day');
    expect(await nextButton(page).isEnabled()).toBe(true);
    await page.getByLabel('Description').fill('x'.repeat(281));
    expect(await page.getByTestId('count-x').textContent()).toContain('X: 281 / 280 weighted characters');
    expect(await nextButton(page).isDisabled()).toBe(true);
    await page.getByLabel('Description').fill('Launch day from the wizard');
    await nextButton(page).click();

    expect(await stepText(page)).toBe('Step 4 of 4');
    for (const platform of platforms) expect(await page.locator('.platform-chip', { hasText: new RegExp(`^${platformNames[platform]}$`) }).count()).toBe(1);
    expect(await page.getByText('Launch day from the wizard').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Publish Now' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Published!' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.waitForURL(`${twin.webUrl}/dashboard/posts`);

    const control = sandboxControl(twin);
    for (const platform of platforms) {
      await expect.poll(async () => (await control.feed(platform, accounts[platform])).posts.length, { timeout: 30_000, interval: 250 }).toBe(1);
    }

    // Published Posts shows the post with every target published, each linked; the modal opens and Escape closes it.
    const postCard = page.getByRole('listitem').filter({ hasText: 'Launch day from the wizard' }).first();
    for (const platform of platforms) {
      await expect.poll(() => postCard.getByRole('link', { name: `View post on ${platformNames[platform]}` }).count(), { timeout: 20_000 }).toBe(1);
    }
    await postCard.getByRole('button', { name: /Launch day from the wizard/ }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Launch day', { exact: true }).isVisible(), settle).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count(), settle).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('publishes an image with one target forced to fail, then Retry failed brings it to published', async () => {
    const { page, context } = await openWizard();
    await fileInput(page).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
    await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
    await nextButton(page).click();
    await accountButton(page, 'linkedin').click();
    await accountButton(page, 'x').click();
    await nextButton(page).click();
    const description = `Partly first ${Date.now()}`;
    await page.getByLabel('Description').fill(description);
    await nextButton(page).click();
    await sandboxControl(twin).injectFault({
      platform: 'linkedin',
      account: accounts.linkedin,
      method: 'POST',
      path: '/rest/posts',
      status: 422,
      body: { status: 422, message: 'Content is invalid' },
    });
    await page.getByRole('button', { name: 'Publish Now' }).click();
    await page.waitForURL(`${twin.webUrl}/dashboard/posts`, { timeout: 15_000 });

    const postCard = page.getByRole('listitem').filter({ hasText: description }).first();
    await expect.poll(() => postCard.getByText('Partially published').first().isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => postCard.getByText(/Content is invalid/).count(), settle).toBeGreaterThan(0);
    await postCard.getByRole('button', { name: 'Retry failed' }).click();
    await expect.poll(() => postCard.getByRole('link', { name: 'View post on LinkedIn' }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => postCard.getByText('Partially published').count(), settle).toBe(0);
    expect((await sandboxControl(twin).feed('linkedin', accounts.linkedin)).posts.filter((post) => post.text.includes(description))).toHaveLength(1);
    expect((await sandboxControl(twin).feed('x', accounts.x)).posts.filter((post) => post.text.includes(description))).toHaveLength(1);
    await context.close();
  });

  it('lists rejected and disguised files with the reasons', async () => {
    const { page, context } = await openWizard();
    await fileInput(page).setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
      { name: 'picture.webp', mimeType: 'image/webp', buffer: tinyPng },
      { name: 'disguised.mp4', mimeType: 'video/mp4', buffer: tinyPng },
      { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg },
    ]);
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent(), settle).toMatch(/disguised\.mp4: This file is not a real MP4 file/);
    const text = await alert.textContent();
    expect(text).toContain('notes.txt: Only PNG, JPG, GIF images and MP4, MOV, AVI videos are accepted');
    expect(text).toContain('picture.webp: Only PNG, JPG, GIF images and MP4, MOV, AVI videos are accepted');
    await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
    expect(await page.getByRole('listitem', { name: 'photo.jpg' }).isVisible()).toBe(true);
    expect(await page.getByRole('listitem', { name: 'disguised.mp4' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Remove photo.jpg' }).click();
    expect(await nextButton(page).isDisabled()).toBe(true);
    await context.close();
  });

  it("names, at step 2, each file a chosen platform cannot take, from the platform's capabilities", async () => {
    const { page, context } = await openWizard();
    await fileInput(page).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng });
    await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
    await nextButton(page).click();
    await accountButton(page, 'x').click();
    expect(await page.getByRole('alert').count()).toBe(0);
    await accountButton(page, 'instagram').click();
    await expect.poll(() => page.getByRole('alert').textContent(), settle).toBe('logo.png cannot go to Instagram: it takes JPEG only.');
    await accountButton(page, 'instagram').click();
    await expect.poll(() => page.getByRole('alert').count(), settle).toBe(0);
    await context.close();
  });

  it('keeps the draft, uploaded media included, across a reload on step 3', async () => {
    const { page, context } = await openWizard();
    await fileInput(page).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
    await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
    await nextButton(page).click();
    await accountButton(page, 'linkedin').click();
    await nextButton(page).click();
    await page.getByLabel('Description').fill('Survives a reload');

    await page.reload();

    await expect.poll(() => stepText(page), settle).toBe('Step 3 of 4');
    expect(await page.getByLabel('Description').inputValue()).toBe('Survives a reload');
    await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
    await page.getByRole('button', { name: 'Go back to step 2: Platforms' }).click();
    expect(await accountButton(page, 'linkedin').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: /Go back to step 3/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Previous' }).click();
    expect(await stepText(page)).toBe('Step 1 of 4');
    expect(await page.getByRole('listitem', { name: 'photo.jpg' }).isVisible()).toBe(true);
    expect(await nextButton(page).isEnabled()).toBe(true);
    await context.close();
  });

  it('loads shared content from local storage, uploads it and clears the stored address', async () => {
    const { page, context, problems } = await openWizard();
    await page.route('**/shared-content/frame.jpg', (route) => route.fulfill({ status: 200, contentType: 'image/jpeg', body: tinyJpeg }));
    await page.route('**/shared-content/missing.jpg', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.evaluate((url) => localStorage.setItem('sharedContentUrl', url), `${twin.webUrl}/shared-content/frame.jpg`);

    await page.reload();

    await expect.poll(() => page.getByText('Content loaded successfully').isVisible(), settle).toBe(true);
    await expect.poll(() => page.getByRole('listitem', { name: 'frame.jpg' }).isVisible(), settle).toBe(true);
    await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('sharedContentUrl'))).toBeNull();

    await page.evaluate((url) => localStorage.setItem('sharedContentUrl', url), `${twin.webUrl}/shared-content/missing.jpg`);
    await page.reload();
    await expect.poll(() => page.getByText('Failed to load shared content').isVisible(), settle).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('sharedContentUrl'))).toBeNull();
    expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
    await context.close();
  });
});

describe('the composer with nothing connected, and drafts, in Chromium', () => {
  const draftsOf = async (owner: TestUser) => ((await callApi(twin, '/posts?status=draft', owner.idToken)).body as unknown as PostPage).posts;

  it('shows every platform with Connect at step 2, connects through the consent page and comes back to step 2 with the post kept', async () => {
    // A free user (one account) with nothing connected.
    const newcomer = await createUser(twin);
    const { page, context, problems } = await openSession(browser, { bypassCSP: true });
    await signInThroughUi(page, twin.webUrl, newcomer.email, newcomer.password);
    await expect.poll(() => stepText(page), settle).toBe('Step 1 of 4');
    await fileInput(page).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
    await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
    await nextButton(page).click();

    expect(await stepText(page)).toBe('Step 2 of 4');
    for (const platform of platforms) {
      await expect.poll(() => page.getByRole('button', { name: `Connect ${platformNames[platform]}` }).isEnabled(), settle).toBe(true);
    }
    expect(await page.locator('.platform-toggle-grid > *').count()).toBe(platforms.length);
    expect(await nextButton(page).isDisabled()).toBe(true);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await seriousViolations(page), `step 2, nothing connected (${colorScheme})`).toEqual([]);
    }

    // Deny on X's consent page: back at step 2, told why in words, the file still there.
    const beforeConsent = problems.length;
    await page.getByRole('button', { name: 'Connect X' }).click();
    await page.waitForURL((url) => url.origin === twin.endpoints.sandbox, settle);
    await page.getByLabel('Sandbox account').fill(sandboxAccountName('wizard-deny'));
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(`${twin.webUrl}/dashboard`, settle);
    await expect.poll(() => page.getByText('You did not give OneClick access to your X account.').isVisible(), settle).toBe(true);
    expect(await stepText(page)).toBe('Step 2 of 4');
    expect(await page.getByRole('button', { name: 'Connect X' }).isEnabled()).toBe(true);

    // Connect LinkedIn: the sandbox's consent page, then back at step 2 with the file and the account chosen.
    await page.getByRole('button', { name: 'Connect LinkedIn' }).click();
    await page.waitForURL((url) => url.origin === twin.endpoints.sandbox, settle);
    const account = sandboxAccountName('wizard-connect');
    await page.getByLabel('Sandbox account').fill(account);
    await page.getByLabel('Display name').fill(`Sandbox ${account}`);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(/\/auth\/callback/, settle);
    // The sandbox's consent page (another origin) has no favicon: Chromium logs its 404, which is not ours.
    expect(problems.splice(beforeConsent).filter((problem) => !problem.includes('status of 404'))).toEqual([]);
    await page.waitForURL(`${twin.webUrl}/dashboard`, settle);

    await expect.poll(() => stepText(page), settle).toBe('Step 2 of 4');
    await expect.poll(() => page.getByText('LinkedIn is connected. It is selected for this post.').isVisible(), settle).toBe(true);
    expect(await accountButton(page, 'linkedin').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('.platform-check').count()).toBe(1);
    // The free plan's one account is used: the other platforms say so instead of offering a doomed round trip.
    expect(await page.getByRole('button', { name: 'Connect X' }).isDisabled()).toBe(true);
    expect(await nextButton(page).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    expect(await page.getByRole('listitem', { name: 'photo.jpg' }).isVisible()).toBe(true);
    await nextButton(page).click();
    await nextButton(page).click();

    // Save as draft on step 3; it is listed under Posts › Drafts.
    const description = `Drafted in the wizard ${Date.now()}`;
    await page.getByLabel('Description').fill(description);
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect.poll(() => page.getByText(/^Draft saved at/).isVisible(), settle).toBe(true);
    expect((await draftsOf(newcomer)).map((draft) => draft.description)).toEqual([description]);
    await page.getByLabel('Description').fill(`${description}, edited`);
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect.poll(async () => (await draftsOf(newcomer)).map((draft) => draft.description), settle).toEqual([`${description}, edited`]);

    await page.goto(`${twin.webUrl}/dashboard/posts/drafts`);
    const card = page.getByRole('listitem').filter({ hasText: `${description}, edited` });
    await expect.poll(() => card.isVisible(), settle).toBe(true);
    expect(await card.getByText('1 file', { exact: true }).isVisible()).toBe(true);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await seriousViolations(page), `Drafts (${colorScheme})`).toEqual([]);
    }

    // Reopen it in the wizard (in a fresh tab state) and publish it: the draft becomes the post.
    await page.evaluate(() => sessionStorage.clear());
    await card.getByRole('link', { name: /^Open the draft/ }).click();
    await expect.poll(() => stepText(page), settle).toBe('Step 3 of 4');
    expect(await page.getByLabel('Description').inputValue()).toBe(`${description}, edited`);
    expect(await page.getByText('You are editing a draft. Publishing it turns it into the post.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Go back to step 1: Upload' }).click();
    expect(await page.getByRole('listitem', { name: 'photo.jpg' }).isVisible()).toBe(true);
    await nextButton(page).click();
    expect(await accountButton(page, 'linkedin').getAttribute('aria-pressed')).toBe('true');
    await nextButton(page).click();
    await nextButton(page).click();
    await page.getByRole('button', { name: 'Publish Now' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Published!' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.waitForURL(`${twin.webUrl}/dashboard/posts`);
    await expect.poll(async () => (await sandboxControl(twin).feed('linkedin', account)).posts.length, { timeout: 30_000, interval: 250 }).toBe(1);
    expect(await draftsOf(newcomer)).toEqual([]);

    // Duplicate the published post from its card's More actions: a new draft, opened in the wizard.
    const published = page.getByRole('listitem').filter({ hasText: `${description}, edited` }).first();
    await expect.poll(() => published.getByRole('button', { name: /^More actions for/ }).isVisible(), settle).toBe(true);
    await published.getByRole('button', { name: /^More actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await page.waitForURL(`${twin.webUrl}/dashboard`, settle);
    await expect.poll(() => stepText(page), settle).toBe('Step 3 of 4');
    expect(await page.getByLabel('Description').inputValue()).toBe(`${description}, edited`);
    const copies = await draftsOf(newcomer);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ status: 'draft', description: `${description}, edited`, platforms: ['linkedin'] });

    // And from the post's window: Duplicate there makes another draft.
    await page.goto(`${twin.webUrl}/dashboard/posts`);
    const again = page.getByRole('listitem').filter({ hasText: `${description}, edited` }).first();
    await expect.poll(() => again.isVisible(), settle).toBe(true);
    await again.getByRole('button', { name: new RegExp(`^${description}`) }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Duplicate' }).click();
    await page.waitForURL(`${twin.webUrl}/dashboard`, settle);
    await expect.poll(() => stepText(page), settle).toBe('Step 3 of 4');
    expect(await draftsOf(newcomer)).toHaveLength(2);
    expect(problems).toEqual([]);
    await context.close();
  });
});
