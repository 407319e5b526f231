import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { explained, launchBrowser, openSession, shown, signInThroughUi } from '../support/browser';
import { callApi, createUser } from '../support/users';
import type { ConnectionList } from '../../shared/api/connections';
import type { AccountCollections } from '../../shared/api/collections';
import { sandboxAccountName, sandboxControl } from '../support/connect';
import { seriousViolations } from '../support/axe';
import { tinyJpeg } from '../support/posts';

const twin = inject('twin');
let browser: Browser;
const settle = { timeout: 20_000 };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Issue 32's "done when" for Pinterest, as a new user meets it in Chromium: they connect a
 * Pinterest account, write one post in the composer, make a board for it in the review step,
 * give the Pin its link (a wrong one is refused in words first), publish, and the Pin appears once
 * in the sandbox's feed, on that board, with its title, description and link, linked in the post list.
 */
describe('Pinterest in Chromium', () => {
  it('connects, makes a board in the composer, publishes a Pin with its title, text and link once on it', async () => {
    const user = await createUser(twin);
    const account = sandboxAccountName('pins');
    const session = await openSession(browser);
    const { page, context } = session;
    page.setDefaultTimeout(15_000);
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await page.goto(`${twin.webUrl}/dashboard/accounts`);
    await page.getByRole('button', { name: 'Connect Pinterest', exact: true }).click();
    await explained(session, 'Opening the consent page', () => page.waitForURL((url) => url.origin === twin.endpoints.sandbox), twin.logFile);
    await page.getByLabel('Sandbox account').fill(account);
    await page.getByLabel('Display name').fill('Northwind Kitchen');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(/\/dashboard\/accounts/);
    await expect.poll(() => page.getByRole('listitem', { name: 'Pinterest', exact: true }).getByTestId('status-pinterest').textContent(), settle).toBe('Connected');
    // What the sandbox's consent page logged (its favicon's 404) is the platform's business; from here on, the page is ours.
    session.problems.length = 0;

    await page.goto(`${twin.webUrl}/dashboard`);
    await page.getByText('Step 1 of 4', { exact: true }).waitFor(settle);
    await page.getByLabel('Choose files to upload').setInputFiles({ name: 'salad.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await expect.poll(() => next.isEnabled(), settle).toBe(true);
    await next.click();
    await page.getByRole('button', { name: /^Pinterest / }).click();
    await next.click();
    const stamp = Date.now();
    const description = `A spring salad in ten minutes ${stamp}`;
    await page.getByLabel('Description').fill(description);
    await page.getByLabel('Pinterest title').fill('Spring salad');
    await next.click();

    const options = page.getByTestId('options-pinterest');
    // The account's boards, listed from Pinterest: its first one is the default.
    await options.getByRole('option', { name: 'Ideas' }).waitFor({ state: 'attached', timeout: 20_000 });
    expect(await options.getByLabel('Board', { exact: true }).inputValue()).toBe('');
    await options.getByRole('button', { name: 'Create' }).click();
    await shown(options.getByText('Type a name for the new board first.'));
    const board = `Spring recipes ${stamp}`;
    await options.getByLabel('New board').fill(board);
    await options.getByRole('button', { name: 'Create' }).click();
    await shown(options.getByText(`“${board}” is created and chosen.`));
    await expect.poll(async () => options.getByLabel('Board', { exact: true }).locator('option:checked').textContent(), settle).toBe(board);

    await options.getByLabel('Link (optional)').fill('northwind.example/salad');
    await shown(options.getByText('The link must be a web address starting with https:// or http://.'));
    expect(await seriousViolations(page)).toEqual([]);
    await options.getByLabel('Link (optional)').fill('https://northwind.example/salad');
    await expect.poll(() => options.getByRole('alert').count()).toBe(0);

    await page.getByRole('button', { name: 'Publish Now' }).click();
    await page.waitForURL(`${twin.webUrl}/dashboard/posts`, { timeout: 15_000 });
    const card = page.getByRole('listitem').filter({ hasText: description }).first();
    const link = card.getByRole('link', { name: 'View post on Pinterest', exact: true });
    await expect.poll(() => link.getAttribute('href'), { timeout: 60_000 }).toMatch(/^https:\/\/www\.pinterest\.com\/pin\/\d+\/$/);

    const pins = (await sandboxControl(twin).feed('pinterest', account)).posts.filter((entry) => entry.text === description);
    expect(pins).toHaveLength(1);
    expect(pins[0]).toMatchObject({ title: 'Spring salad', settings: { link: 'https://northwind.example/salad' } });
    expect(await link.getAttribute('href')).toBe(`https://www.pinterest.com/pin/${pins[0]!.id}/`);
    // On the board made in the composer, as Pinterest lists it now (not the account's first).
    const { connections } = (await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList;
    const accountId = connections.find((connection) => connection.platform === 'pinterest')!.platformUserId;
    const boards = ((await callApi(twin, `/connections/pinterest/${encodeURIComponent(accountId)}/collections`, user.idToken)).body as unknown as AccountCollections).collections;
    expect(pins[0]!.settings?.['board_id']).toBe(boards.find((item) => item.name === board)!.id);
    expect(boards[0]!.name).toBe('Ideas');
    expect(session.problems).toEqual([]);
    await context.close();
  });
});
