import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Post } from '../../shared/api/posts';
import type { ActivityPage } from '../../shared/api/activity';
import { explained, launchBrowser, openSession, signInThroughUi } from '../support/browser';
import { seriousViolations } from '../support/axe';
import { userWithAccounts } from '../support/accounts';
import { createPost } from '../support/posts';
import { callApi } from '../support/users';

const twin = inject('twin');
const ZONE = 'Europe/Istanbul';
const DAY_MS = 86_400_000;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('client review by link', () => {
  it('an owner makes a link for two posts; a client with no account approves both in a fresh browser', async () => {
    const { user: owner, key, targets } = await userWithAccounts(twin, ['x']);
    const posts: Post[] = [];
    for (const [index, description] of ['Spring launch: teaser', 'Spring launch: the day'].entries()) {
      const created = await createPost(twin, owner, { description, media: [{ key }], targets, scheduledFor: new Date(Date.now() + (index + 2) * DAY_MS).toISOString(), timeZone: ZONE });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      posts.push(created.body as unknown as Post);
    }

    // The owner makes the link on the Review links page and copies it.
    const team = await openSession(browser, { timezoneId: ZONE });
    await signInThroughUi(team.page, twin.webUrl, owner.email, owner.password);
    const url = await explained(team, 'making the review link', async () => {
      await team.page.getByRole('link', { name: 'Review links' }).click();
      await team.page.getByLabel('Label').fill('Acme — spring');
      await team.page.getByRole('checkbox', { name: /Spring launch: teaser/ }).check();
      await team.page.getByRole('checkbox', { name: /Spring launch: the day/ }).check();
      await team.page.getByRole('button', { name: 'Make the link' }).click();
      const link = team.page.getByLabel('Review link', { exact: true });
      await expect.poll(() => link.inputValue()).toMatch(/\/review#[A-Za-z0-9_-]{43}$/);
      await expect.poll(() => team.page.getByRole('listitem').filter({ hasText: 'Acme — spring' }).textContent()).toContain('2 posts');
      return link.inputValue();
    });
    expect(new URL(url).origin).toBe(new URL(twin.webUrl).origin);

    // The client: a new browser context, no account, no cookies.
    const client = await openSession(browser, { timezoneId: ZONE });
    await explained(client, 'approving both posts as the client', async () => {
      await client.page.goto(url);
      await client.page.getByRole('heading', { level: 1, name: 'Acme — spring' }).waitFor();
      const cards = client.page.getByRole('article');
      await expect.poll(() => cards.count()).toBe(2);
      // Each post shows as its network will (the composer's preview), and nothing is possible before a name.
      await expect.poll(() => cards.first().getByText('Spring launch: teaser').count()).toBeGreaterThan(0);
      expect(await cards.first().getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
      expect(await seriousViolations(client.page)).toEqual([]);

      await client.page.getByLabel('Your name').fill('Dana from Acme');
      for (const index of [0, 1]) {
        await cards.nth(index).getByRole('button', { name: 'Approve' }).click();
        await cards.nth(index).getByText('You approved this post.').waitFor();
      }
    });
    // The secret stayed in the fragment: no request the page made carried it in its address.
    expect(client.failedRequests).toEqual([]);
    expect(client.problems).toEqual([]);

    // The team sees the approvals on the posts and in the activity log; nothing was published.
    for (const post of posts) {
      const { body } = await callApi(twin, `/posts/${post.postId}`, owner.idToken);
      expect(body).toMatchObject({ status: 'scheduled', clientReviews: [expect.objectContaining({ name: 'Dana from Acme', decision: 'approved' })] });
    }
    const log = (await callApi(twin, '/workspace/activity?kind=review.approved', owner.idToken)).body as unknown as ActivityPage;
    expect(log.entries).toHaveLength(2);
    await explained(team, 'reading the activity log', async () => {
      await team.page.getByRole('link', { name: 'Activity' }).click();
      await expect.poll(() => team.page.getByText('Dana from Acme (client, review link)').count()).toBe(2);
      expect(await seriousViolations(team.page)).toEqual([]);
    });
    await team.context.close();
    await client.context.close();
  });
});
