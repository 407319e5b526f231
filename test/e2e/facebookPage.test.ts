import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { explained, launchBrowser, openSession, shown, signInThroughUi } from '../support/browser';
import { callApi, createUser } from '../support/users';
import { makeAdmin, sandboxAccountName, sandboxControl } from '../support/connect';
import { refreshMetricsNow } from '../support/analytics';
import { seriousViolations } from '../support/axe';
import { createPost, sampleVideo, tinyJpeg, uploadMedia, waitForPost } from '../support/posts';
import type { ConnectionList } from '../../shared/api/connections';
import type { Post } from '../../shared/api/posts';

const twin = inject('twin');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Issue 27's "done when" for Facebook: a new user connects both Pages their Facebook login
 * manages, publishes an image and a video to the second; each appears once on the Page, with its
 * link in the post list and its numbers in the post's Analytics modal.
 */
describe('a Facebook Page in Chromium', () => {
  it('connects the Pages picked, says how many, publishes an image and a video to it once each, links them and shows their numbers', async () => {
    const user = await createUser(twin);
    // Two Pages are two connected accounts: more than the free plan's one.
    await makeAdmin(twin, user);
    const account = sandboxAccountName('fbpage');
    const session = await openSession(browser);
    const { page, context } = session;
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await page.goto(`${twin.webUrl}/dashboard/accounts`);

    await page.getByRole('button', { name: 'Connect Facebook' }).click();
    // A failure names where the page was, its alerts and failed requests, and the twin's last log lines.
    await explained(session, 'Opening the consent page', () => page.waitForURL((url) => url.origin === twin.endpoints.sandbox), twin.logFile);
    await page.getByLabel('Sandbox account').fill(account);
    await page.getByLabel('Display name').fill('Northwind');
    await page.getByRole('button', { name: 'Allow' }).click();
    // In Facebook's own word: Pages.
    const picker = page.getByRole('form', { name: 'Choose the Facebook Pages to connect' });
    await picker.waitFor();
    expect(await picker.getByRole('checkbox').count()).toBe(2);
    // The picker as a person using assistive technology meets it: named, grouped, no serious axe finding.
    await shown(picker.getByRole('group', { name: 'Facebook Pages' }));
    await shown(picker.getByText('Your Facebook login manages these Pages.', { exact: false }));
    expect(await seriousViolations(page)).toEqual([]);
    // Both Pages ticked: two connections, and the Accounts page says how many (the walk to every destination picks one of the two).
    await picker.getByRole('checkbox', { name: 'Northwind', exact: true }).check();
    await picker.getByRole('checkbox', { name: 'Northwind (Page 2)' }).check();
    await picker.getByRole('button', { name: 'Connect selected' }).click();
    await page.waitForURL(/\/dashboard\/accounts/);
    await expect.poll(() => page.getByText('2 Facebook Pages are connected.').isVisible()).toBe(true);
    const card = page.getByRole('listitem', { name: 'Facebook' });
    await expect.poll(() => card.getByTestId('status-facebook').textContent()).toBe('Connected');
    await expect.poll(() => card.getByText('Northwind (Page 2)').isVisible()).toBe(true);
    await shown(card.getByText('Northwind', { exact: true }));

    const { connections } = (await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList;
    expect(connections).toHaveLength(2);
    const connection = connections.find((each) => each.displayName === 'Northwind (Page 2)');
    const target = { platform: 'facebook' as const, accountId: connection!.platformUserId };
    const published: Post[] = [];
    for (const [description, kind, body] of [['A photo for the Page', 'image', tinyJpeg], ['A video for the Page', 'video', sampleVideo(8)]] as const) {
      const key = await uploadMedia(twin, user.userId, { kind, body });
      const created = await createPost(twin, user, { description, media: [{ key }], targets: [target] });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      published.push(await waitForPost(twin, user, (created.body as unknown as Post).postId));
    }
    const feed = (await sandboxControl(twin).feed('facebook', `${account}.page-2`)).posts;
    for (const post of published) {
      expect(post.status, JSON.stringify(post.targets)).toBe('published');
      expect(feed.filter((entry) => entry.text === post.description)).toHaveLength(1);
    }

    await page.goto(`${twin.webUrl}/dashboard/posts`);
    for (const post of published) {
      const item = page.getByRole('listitem').filter({ hasText: post.description });
      await expect.poll(() => item.getByRole('link', { name: 'View post on Facebook' }).getAttribute('href')).toBe(post.targets[0]!.postUrl);
    }

    await refreshMetricsNow(twin, { onlyUser: user.userId });
    await page.getByRole('button', { name: 'A video for the Page' }).first().click();
    const numbers = page.getByRole('dialog').getByRole('region', { name: 'Numbers' });
    await numbers.getByText(/^[\d,]+ views$/).waitFor();
    await numbers.getByText(/^[\d,]+ likes$/).waitFor();
    await numbers.getByText(/^[\d,]+ comments$/).waitFor();
    await context.close();
  });
});
