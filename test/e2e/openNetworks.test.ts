import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openSession, shown, signInThroughUi } from '../support/browser';
import { callApi, createUser } from '../support/users';
import { platformNames } from '../../shared/platforms';
import type { ConnectionList } from '../../shared/api/connections';
import type { AccountCollections } from '../../shared/api/collections';
import { makeAdmin, sandboxAccountName, sandboxControl } from '../support/connect';
import { connectInBrowser } from '../support/connectInBrowser';
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
 * Issue 32's "done when", as a new user meets it in Chromium: they connect a Mastodon account on
 * the server they type, a Pinterest account and a Business Profile location (the picker), write
 * ONE post in the composer with Mastodon's own text, make a board for the Pin in the review step,
 * give it its link (a wrong one refused in words first), give the location's post a button, and
 * publish: each network's sandbox feed holds it once, with that network's text and fields, and
 * the post list links all three.
 */
describe('the open and visual networks in Chromium', () => {
  it('connects Mastodon on a typed server, Pinterest and a location, and publishes one post to all three once, each with its own text and fields', { timeout: 120_000 }, async () => {
    const user = await createUser(twin);
    // Three accounts: past the free plan's one (the operator's membership, as the every-destination walk has).
    await makeAdmin(twin, user);
    const account = sandboxAccountName('open');
    const session = await openSession(browser);
    const { page, context } = session;
    page.setDefaultTimeout(15_000);
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await page.goto(`${twin.webUrl}/dashboard/accounts`);
    for (const platform of ['mastodon', 'pinterest', 'googleBusiness'] as const) {
      await connectInBrowser(twin, session, platform, account);
      await expect.poll(() => page.getByRole('listitem', { name: platformNames[platform], exact: true }).getByTestId(`status-${platform}`).textContent(), settle).toBe('Connected');
    }
    // What the sandbox's consent pages logged (their favicon's 404) is the platforms' business; from here on, the page is ours.
    session.problems.length = 0;

    await page.goto(`${twin.webUrl}/dashboard`);
    await page.getByText('Step 1 of 4', { exact: true }).waitFor(settle);
    await page.getByLabel('Choose files to upload').setInputFiles({ name: 'salad.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await expect.poll(() => next.isEnabled(), settle).toBe(true);
    await next.click();
    for (const platform of ['mastodon', 'pinterest', 'googleBusiness'] as const) await page.getByRole('button', { name: new RegExp(`^${platformNames[platform]} `) }).click();
    await next.click();
    const stamp = Date.now();
    const description = `A spring salad in ten minutes ${stamp}`;
    await page.getByLabel('Description').fill(description);
    await page.getByLabel('Pinterest title').fill('Spring salad');
    await page.getByRole('tab', { name: 'Mastodon', exact: true }).click();
    await page.getByRole('button', { name: 'Write a text for Mastodon only' }).click();
    const mastodonText = `Spring salad for the fediverse ${stamp} #recipes`;
    await page.getByLabel('Text for Mastodon').fill(mastodonText);
    await expect.poll(() => next.isEnabled(), settle).toBe(true);
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

    const local = page.getByTestId('options-googleBusiness').first();
    await local.getByLabel('What the button does').selectOption('LEARN_MORE');
    await local.getByLabel('Address the button opens').fill('https://northwind.example/salad');

    await page.getByRole('button', { name: 'Publish Now' }).click();
    await page.waitForURL(`${twin.webUrl}/dashboard/posts`, { timeout: 15_000 });
    const card = page.getByRole('listitem').filter({ hasText: description }).first();
    const link = card.getByRole('link', { name: 'View post on Pinterest', exact: true });
    await expect.poll(() => link.getAttribute('href'), { timeout: 60_000 }).toMatch(/^https:\/\/www\.pinterest\.com\/pin\/\d+\/$/);
    for (const platform of ['mastodon', 'googleBusiness'] as const) {
      await expect.poll(() => card.getByRole('link', { name: `View post on ${platformNames[platform]}`, exact: true }).count(), { timeout: 60_000 }).toBe(1);
    }

    const control = sandboxControl(twin);
    const pins = (await control.feed('pinterest', account)).posts.filter((entry) => entry.text === description);
    expect(pins).toHaveLength(1);
    expect(pins[0]).toMatchObject({ title: 'Spring salad', settings: { link: 'https://northwind.example/salad' } });
    expect(await link.getAttribute('href')).toBe(`https://www.pinterest.com/pin/${pins[0]!.id}/`);
    // On the board made in the composer, as Pinterest lists it now (not the account's first).
    const { connections } = (await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList;
    const accountId = connections.find((connection) => connection.platform === 'pinterest')!.platformUserId;
    const boards = ((await callApi(twin, `/connections/pinterest/${encodeURIComponent(accountId)}/collections`, user.idToken)).body as unknown as AccountCollections).collections;
    expect(pins[0]!.settings?.['board_id']).toBe(boards.find((item) => item.name === board)!.id);
    expect(boards[0]!.name).toBe('Ideas');

    // Mastodon got its own text, once; the description went nowhere else on it.
    const statuses = (await control.feed('mastodon', account)).posts.filter((entry) => entry.text.includes(String(stamp)));
    expect(statuses.map((entry) => entry.text)).toEqual([mastodonText]);
    // The location got the description with its button, once.
    const localPosts = (await control.feed('googleBusiness', account)).posts.filter((entry) => entry.text.includes(String(stamp)));
    expect(localPosts).toHaveLength(1);
    expect(localPosts[0]).toMatchObject({ text: description, settings: { actionType: 'LEARN_MORE', actionUrl: 'https://northwind.example/salad' } });
    expect(session.problems).toEqual([]);
    await context.close();
  });
});
