import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { explained, launchBrowser, openSession, signInThroughUi } from '../support/browser';
import { callApi, createUser } from '../support/users';
import { sandboxAccountName, sandboxControl } from '../support/connect';
import { refreshMetricsNow } from '../support/analytics';
import { seriousViolations } from '../support/axe';
import { createPost, tinyJpeg, tinyPdf, uploadMedia, waitForPost } from '../support/posts';
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
 * Issue 27's "done when" for LinkedIn Pages: a new user connects one of the two organizations
 * their LinkedIn member administers, publishes an image and a PDF document as it; each appears
 * once on the organization's page, with its link in the post list and the image's numbers in its
 * Analytics modal.
 */
describe('a LinkedIn Page in Chromium', () => {
  it('connects the organization picked of two, publishes an image and a PDF document as it once each, links them and shows their numbers', async () => {
    const user = await createUser(twin);
    const account = sandboxAccountName('lipage');
    const session = await openSession(browser);
    const { page, context } = session;
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await page.goto(`${twin.webUrl}/dashboard/accounts`);

    await page.getByRole('button', { name: 'Connect LinkedIn Page', exact: true }).click();
    // A failure names where the page was, its alerts and failed requests, and the twin's last log lines.
    await explained(session, 'Opening the consent page', () => page.waitForURL((url) => url.origin === twin.endpoints.sandbox), twin.logFile);
    await page.getByLabel('Sandbox account').fill(account);
    await page.getByLabel('Display name').fill('Northwind');
    await page.getByRole('button', { name: 'Allow' }).click();
    // In LinkedIn's own word: Pages.
    const picker = page.getByRole('form', { name: 'Choose the LinkedIn Pages to connect' });
    await picker.waitFor();
    expect(await picker.getByRole('checkbox').count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    await picker.getByRole('checkbox', { name: 'Northwind (Page 2)' }).check();
    await picker.getByRole('button', { name: 'Connect selected' }).click();
    await page.waitForURL(/\/dashboard\/accounts/);
    const card = page.getByRole('listitem', { name: 'LinkedIn Page', exact: true });
    await expect.poll(() => card.getByTestId('status-linkedinPage').textContent()).toBe('Connected');
    await expect.poll(() => card.getByText('Northwind (Page 2)').isVisible()).toBe(true);

    const [connection] = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections;
    const target = { platform: 'linkedinPage' as const, accountId: connection!.platformUserId };
    const published: Post[] = [];
    for (const [description, kind, body, options] of [
      ['A photo for the Page', 'image', tinyJpeg, undefined],
      ['Our plan as a document', 'document', tinyPdf, { documentTitle: 'The 2027 plan' }],
    ] as const) {
      const key = await uploadMedia(twin, user.userId, { kind, body, ...(kind === 'document' ? { extension: 'pdf' } : {}) });
      const created = await createPost(twin, user, { description, media: [{ key }], targets: [{ ...target, ...(options ? { options } : {}) }] });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      published.push(await waitForPost(twin, user, (created.body as unknown as Post).postId));
    }
    const feed = (await sandboxControl(twin).feed('linkedinPage', `${account}.org-2`)).posts;
    for (const post of published) {
      expect(post.status, JSON.stringify(post.targets)).toBe('published');
      expect(feed.filter((entry) => entry.text === post.description)).toHaveLength(1);
    }
    expect(feed.find((entry) => entry.text === 'Our plan as a document')).toMatchObject({ media: [{ contentType: 'application/pdf' }], settings: { documentTitle: 'The 2027 plan', visibility: 'PUBLIC' } });

    await page.goto(`${twin.webUrl}/dashboard/posts`);
    for (const post of published) {
      const item = page.getByRole('listitem').filter({ hasText: post.description });
      await expect.poll(() => item.getByRole('link', { name: 'View post on LinkedIn Page', exact: true }).getAttribute('href')).toBe(post.targets[0]!.postUrl);
    }

    await refreshMetricsNow(twin, { onlyUser: user.userId });
    await page.getByRole('button', { name: 'A photo for the Page' }).first().click();
    const numbers = page.getByRole('dialog').getByRole('region', { name: 'Numbers' });
    await numbers.getByText(/^[\d,]+ views$/).waitFor();
    await numbers.getByText(/^[\d,]+ likes$/).waitFor();
    await numbers.getByText(/^[\d,]+ comments$/).waitFor();
    await context.close();
  });
});
