import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openSession, shown, signInThroughUi } from '../support/browser';
import { createUser } from '../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl, sandboxServer } from '../support/connect';
import { seriousViolations } from '../support/axe';
import { tinyJpeg } from '../support/posts';

const twin = inject('twin');
const settle = { timeout: 15_000 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Issue 32's Mastodon leftovers in Chromium: the composer's Connect asks for the server (a handle
 * refused in words, the sandbox's `large` instance typed, connected and chosen); with accounts on
 * the two instances, the text counted against each server's own limit (500 and 5,000); and a poll
 * in a chosen language published once, on the instance of the account chosen.
 */
describe('Mastodon in the composer, in Chromium', () => {
  it('connects on the server typed at step 2, counts each account against its own server, and publishes a poll in the language chosen', async () => {
    // A new user connects from the composer, on the server they type.
    const newcomer = await createUser(twin);
    const first = await openSession(browser, { bypassCSP: true });
    await signInThroughUi(first.page, twin.webUrl, newcomer.email, newcomer.password);
    await first.page.getByLabel('Choose files to upload').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
    const firstNext = first.page.getByRole('button', { name: 'Next', exact: true });
    await expect.poll(() => firstNext.isEnabled(), settle).toBe(true);
    await firstNext.click();
    await first.page.getByLabel('Your Mastodon server').fill('@me@mastodon.social');
    await first.page.getByRole('button', { name: 'Connect Mastodon', exact: true }).click();
    await expect.poll(() => first.page.getByRole('alert').filter({ hasText: '“@me@mastodon.social” is not a server address: type only its name, e.g. mastodon.social.' }).isVisible(), settle).toBe(true);
    expect(await seriousViolations(first.page)).toEqual([]);
    await first.page.getByLabel('Your Mastodon server').fill(sandboxServer(twin, 'mastodon', 'large')!);
    await first.page.getByRole('button', { name: 'Connect Mastodon', exact: true }).click();
    await first.page.waitForURL((url) => url.origin === twin.endpoints.sandbox, settle);
    const typed = sandboxAccountName('typed');
    await first.page.getByLabel('Sandbox account').fill(typed);
    await first.page.getByLabel('Display name').fill('Typed');
    await first.page.getByRole('button', { name: 'Allow' }).click();
    await first.page.waitForURL(`${twin.webUrl}/dashboard`, settle);
    await expect.poll(() => first.page.getByText('Mastodon is connected. It is selected for this post.').isVisible(), settle).toBe(true);
    await first.context.close();

    // Two accounts on the two instances: each counted against its own server's limit.
    const user = await createUser(twin);
    await makeAdmin(twin, user);
    const small = sandboxAccountName('small');
    const large = sandboxAccountName('large');
    await connectThroughOAuth(twin, user, 'mastodon', small, 'allow', {}, sandboxServer(twin, 'mastodon', 'social'));
    await connectThroughOAuth(twin, user, 'mastodon', large, 'allow', {}, sandboxServer(twin, 'mastodon', 'large'));
    const { page, context, problems } = await openSession(browser, { bypassCSP: true });
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await page.getByLabel('Choose files to upload').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await expect.poll(() => next.isEnabled(), settle).toBe(true);
    await next.click();
    await page.getByRole('button', { name: new RegExp(`@${small}@`) }).click();
    await page.getByRole('button', { name: new RegExp(`@${large}@`) }).click();
    await next.click();
    await page.getByLabel('Description').fill('x'.repeat(600));
    const counts = page.locator('.platform-counts li');
    await expect.poll(() => counts.allTextContents(), settle).toEqual([expect.stringMatching(new RegExp(`^Mastodon · @${small}@\\S+: 600 / 500 characters — over the limit$`)), expect.stringMatching(new RegExp(`^Mastodon · @${large}@\\S+: 600 / 5000 characters$`))]);
    expect(await next.isDisabled()).toBe(true);
    // Only the large server's account: within its limit, the wizard goes on.
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('button', { name: new RegExp(`@${small}@`) }).click();
    await next.click();
    await expect.poll(() => counts.allTextContents(), settle).toEqual([expect.stringMatching(/: 600 \/ 5000 characters$/)]);
    const text = `Which look is yours? ${Date.now()} ${'x'.repeat(560)}`;
    await page.getByLabel('Description').fill(text);
    await expect.poll(() => next.isEnabled(), settle).toBe(true);
    await next.click();

    // The poll and the language, in the Mastodon settings.
    await page.getByLabel('Language of the post').selectOption('tr');
    await page.getByRole('button', { name: 'Add a poll' }).click();
    const publish = page.getByRole('button', { name: 'Publish Now' });
    await expect.poll(() => page.getByTestId('options-mastodon').getByRole('alert').textContent(), settle).toBe('Every answer of the poll needs at least one character.');
    expect(await publish.isDisabled()).toBe(true);
    await page.getByLabel('Answer 1', { exact: true }).fill('Linen');
    await page.getByLabel('Answer 2', { exact: true }).fill('Raincoat');
    await page.getByRole('button', { name: 'Add an answer (up to 4)' }).click();
    await page.getByLabel('Answer 3', { exact: true }).fill('Both');
    await page.getByLabel('Runs for').selectOption('3600');
    await page.getByLabel('People may choose several answers').check();
    await shown(page.getByText('With a poll, the Mastodon post goes without the files'));
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => publish.isEnabled(), settle).toBe(true);
    await publish.click();
    await page.waitForURL(`${twin.webUrl}/dashboard/posts`, settle);
    await expect.poll(async () => (await sandboxControl(twin).feed('mastodon', large)).posts.filter((item) => item.text === text).length, { timeout: 30_000 }).toBe(1);
    const [status] = (await sandboxControl(twin).feed('mastodon', large)).posts.filter((item) => item.text === text);
    expect(status!.media).toEqual([]);
    expect(status!.settings).toMatchObject({ language: 'tr', poll: ['Linen', 'Raincoat', 'Both'] });
    expect((await sandboxControl(twin).feed('mastodon', small)).posts).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 150_000);
});
