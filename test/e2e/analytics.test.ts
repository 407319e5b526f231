import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openSession, signInThroughUi } from '../support/browser';
import { createUser, type TestUser } from '../support/users';
import { refreshMetricsNow, seedAnalytics, type SeededPost } from '../support/analytics';
import { callApi } from '../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName } from '../support/connect';
import { tinyJpeg } from '../support/posts';
import { createPost, sampleVideo, uploadMedia, waitForPost } from '../support/posts';
import type { ConnectionList } from '../../shared/api/connections';
import type { Post } from '../../shared/api/posts';
import { languageStorageKey } from '../../frontend/src/i18n';
import { seriousViolations } from '../support/axe';
import { testOptions } from '../support/postOptions';

const twin = inject('twin');
let browser: Browser;
let seeded: TestUser;

/** Hours from now back to hh:00 UTC `daysBack` days ago. */
function hoursAgoAtUtcHour(daysBack: number, hour: number): number {
  const now = new Date();
  const at = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysBack, hour);
  return (now.getTime() - at) / 3600_000;
}

/** Twelve posts over the last four weeks at five different hours (UTC); 18:00 does best. */
function history(): SeededPost[] {
  const posts: SeededPost[] = [];
  const hours = [9, 12, 18, 21, 15];
  for (let index = 0; index < 12; index++) {
    const engagement = hours[index % hours.length] === 18 ? 400 : 100 + index * 5;
    posts.push({
      platform: index % 2 ? 'x' : 'youtube',
      accountId: index % 2 ? '1500' : 'UCseed',
      accountName: index % 2 ? '@seed_x' : 'Seed Channel',
      hoursAgo: hoursAgoAtUtcHour(3 + index * 2, hours[index % hours.length]!),
      title: `Seeded post ${index + 1}`,
      metrics: { views: engagement * 20, likes: Math.round(engagement * 0.8), comments: Math.round(engagement * 0.15), shares: Math.round(engagement * 0.05) },
      firstTwoDays: engagement,
    });
  }
  return posts;
}

beforeAll(async () => {
  browser = await launchBrowser();
  seeded = await createUser(twin);
  await seedAnalytics(twin, seeded.userId, history());
});
afterAll(async () => {
  await browser?.close();
});

async function openAnalytics(page: Page, user: TestUser): Promise<void> {
  await signInThroughUi(page, twin.webUrl, user.email, user.password);
  await page.getByRole('link', { name: 'Analytics' }).click();
  await page.waitForURL(`${twin.webUrl}/dashboard/analytics`);
}

describe('the Analytics page', () => {
  it('shows totals, a chart over time, the top posts and the best-times heat map with the next best slot (English, light)', async () => {
    const { page, context, problems } = await openSession(browser, { colorScheme: 'light', timezoneId: 'Europe/Istanbul' });
    await openAnalytics(page, seeded);
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await expect(page.getByText('Times are in your time zone (Europe/Istanbul).')).toBeTruthy();

    const chart = page.getByRole('img', { name: "Views and engagement of this period's posts, day by day" });
    await chart.waitFor();
    const box = await chart.boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.height).toBeGreaterThan(100);
    // The canvas was painted (not a blank bitmap).
    expect(await chart.evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL().length)).toBeGreaterThan(3000);

    const postsTotal = page.locator('.analytics-total', { hasText: 'Posts' }).locator('dd');
    expect(await postsTotal.textContent()).toBe('12');
    await page.getByRole('heading', { level: 2, name: 'Top posts' }).waitFor();
    expect(await page.locator('.analytics-top li').count()).toBe(5);

    const heatmap = page.locator('table.heatmap');
    await heatmap.waitFor();
    expect(await heatmap.locator('tbody tr').count()).toBe(7);
    expect(await heatmap.locator('tbody td').count()).toBe(7 * 24);
    // In Istanbul (UTC+3) the posts went out at five different hours; 18:00 UTC is 21:00 there and scored best.
    expect(await heatmap.locator('td.heat:not(.heat-0)').count()).toBeGreaterThanOrEqual(5);
    expect(await heatmap.locator('td[data-hour="21"].heat-5').count()).toBeGreaterThan(0);
    await page.getByText('Next best time to post').waitFor();
    expect(await page.locator('.next-best-slot time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Another period re-reads the summary.
    await page.getByLabel('Period', { exact: true }).selectOption('7');
    await page.waitForFunction(() => document.querySelector('.analytics-total dd')?.textContent === '2');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works in Turkish and in dark mode', async () => {
    const { page, context, problems } = await openSession(browser, { colorScheme: 'dark' });
    await openAnalytics(page, seeded);
    const lightCell = await page.evaluate(() => {
      document.documentElement.classList.remove('dark');
      const value = getComputedStyle(document.querySelector('.heat-0') ?? document.body).backgroundColor;
      document.documentElement.classList.add('dark');
      return value;
    });
    await page.evaluate((key) => localStorage.setItem(key, 'tr'), languageStorageKey);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Analizler' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Paylaşım için en iyi saatler' }).waitFor();
    await page.getByRole('img', { name: 'Bu dönemin gönderilerinin günlük görüntülenme ve etkileşimi' }).waitFor();
    expect(await page.locator('table.heatmap tbody th').first().textContent()).toBe('Pzt');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const darkCell = await page.locator('table.heatmap td.heat-0').first().evaluate((cell) => getComputedStyle(cell).backgroundColor);
    expect(darkCell).not.toBe(lightCell);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('passes axe with data on it (chart, heat map, top posts), light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await openSession(browser, { colorScheme, bypassCSP: true });
      await openAnalytics(page, seeded);
      await page.locator('table.heatmap td.heat-5').first().waitFor();
      await page.locator('.analytics-top li').first().waitFor();
      expect(await seriousViolations(page), colorScheme).toEqual([]);
      await context.close();
    }
  });

  it('shows a published post\'s live numbers and when they were read in the post modal', async () => {
    const author = await createUser(twin);
    await connectThroughOAuth(twin, author, 'youtube', sandboxAccountName('yt'));
    const connection = ((await callApi(twin, '/connections', author.idToken)).body as unknown as ConnectionList).connections[0]!;
    const key = await uploadMedia(twin, author.userId, { kind: 'video', body: sampleVideo(10) });
    const created = await createPost(twin, author, { description: 'Live numbers', title: 'Live', media: [{ key }], targets: [{ platform: 'youtube', accountId: connection.platformUserId, ...testOptions('youtube') }] });
    const post = await waitForPost(twin, author, (created.body as unknown as Post).postId);
    expect(post.status).toBe('published');

    const { page, context } = await openSession(browser);
    await signInThroughUi(page, twin.webUrl, author.email, author.password);
    await page.goto(`${twin.webUrl}/dashboard/posts`);
    await page.getByRole('button', { name: 'Live numbers' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Numbers are read within 15 minutes of publishing.').waitFor();

    await refreshMetricsNow(twin, { onlyUser: author.userId });
    // Opening the post again reads its numbers again (the modal also re-reads them every minute).
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Live numbers' }).click();
    const numbers = dialog.getByRole('region', { name: 'Numbers' });
    await numbers.getByText(/^[\d,]+ views$/).waitFor();
    await numbers.getByText(/^[\d,]+ likes$/).waitFor();
    await numbers.getByText(/^Updated /).waitFor();
    // YouTube reports no shares: none is shown rather than a 0.
    expect(await numbers.getByText(/shares$/).count()).toBe(0);
    await context.close();
  });

  it('offers the next best slot in the wizard\'s schedule picker, and "Use this time" schedules the post then', async () => {
    const planner = await createUser(twin);
    await makeAdmin(twin, planner);
    await seedAnalytics(twin, planner.userId, history());
    await connectThroughOAuth(twin, planner, 'x', sandboxAccountName('x'));
    const { page, context } = await openSession(browser, { timezoneId: 'Europe/Istanbul' });
    await signInThroughUi(page, twin.webUrl, planner.email, planner.password);
    await page.getByLabel('Choose files to upload').setInputFiles([{ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg }]);
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
    await page.getByRole('button', { name: /^X Sandbox/ }).click();
    await next.click();
    await page.getByLabel('Description').fill('At the best time');
    await next.click();

    await page.getByText('Next best time to post').waitFor();
    const slot = await page.locator('.next-best-slot time').getAttribute('datetime');
    await page.getByRole('button', { name: 'Use this time' }).click();
    expect(await page.getByRole('radio', { name: 'Schedule' }).isChecked()).toBe(true);
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Istanbul', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(slot!));
    expect(await page.getByLabel('Time', { exact: true }).inputValue()).toBe(local);
    await context.close();
  });

  it('says plainly when there is too little data to suggest times', async () => {
    const newcomer = await createUser(twin);
    await seedAnalytics(twin, newcomer.userId, history().slice(0, 2));
    const { page, context } = await openSession(browser);
    await openAnalytics(page, newcomer);
    await page.getByText(/There is too little data to suggest times yet: 2 of your posts have 48 hours of numbers/).waitFor();
    await page.getByText('Not enough data yet to suggest a time.').waitFor();
    await context.close();
  });

  it('does not scroll sideways at 390 px when an account has a very long name: the Account select stays inside the page', async () => {
    const user = await createUser(twin);
    const longName = 'The Remarkably Long Named Channel Of Someone Who Never Stops Adding Words To Names';
    await seedAnalytics(twin, user.userId, [
      { platform: 'youtube', accountId: 'UClongname', accountName: longName, hoursAgo: 30, title: 'A post', metrics: { views: 200, likes: 10, comments: 2, shares: 1 } },
    ]);
    const { page, context, problems } = await openSession(browser, { viewport: { width: 390, height: 844 } });
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await page.goto(`${twin.webUrl}/dashboard/analytics`);
    const select = page.getByLabel('Account', { exact: true });
    await select.locator('option', { hasText: longName }).waitFor({ state: 'attached' });

    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const box = await select.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // Still usable: choosing the long-named account filters to it.
    await select.selectOption({ label: `YouTube · ${longName}` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
    expect(problems).toEqual([]);
  });
});

describe("the Analytics page's account numbers", () => {
  it('shows a connected place’s last 28 days (totals, a bar per day, the days with the late ones "not yet") and says why, accessible', async () => {
    const user = await createUser(twin);
    await makeAdmin(twin, user);
    await connectThroughOAuth(twin, user, 'googleBusiness', sandboxAccountName('gbpnumbers'));
    const { page, context, problems } = await openSession(browser, { colorScheme: 'light', bypassCSP: true });
    await openAnalytics(page, user);
    await page.getByRole('heading', { level: 2, name: 'Account numbers' }).waitFor();
    await page.getByText('Google Business Profile reports these numbers per account and day, not per post.', { exact: false }).waitFor();
    const card = page.getByTestId('account-numbers');
    const searchViews = card.locator('.analytics-total', { hasText: 'Views on search' }).locator('dd');
    await searchViews.waitFor();
    expect(Number((await searchViews.textContent())!.replace(/\D/g, ''))).toBeGreaterThan(0);
    expect(await card.locator('.account-numbers-bar').count()).toBe(28);
    await card.getByText('Day by day').click();
    const rows = card.locator('tbody tr');
    expect(await rows.count()).toBe(28);
    // The newest day first: Google's numbers are late, so it has none yet.
    expect(await rows.first().locator('td').first().textContent()).toBe('not yet');
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
