import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ConnectionList } from '../../shared/api/connections';
import type { Post } from '../../shared/api/posts';
import type { NotificationList } from '../../shared/api/notifications';
import { platformNames, type Platform } from '../../shared/platforms';
import { instantToWallTime, wallTimeToInstant } from '../../shared/scheduling';
import { launchBrowser, openSession, shown, signInThroughUi } from '../support/browser';
import { seriousViolations } from '../support/axe';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../support/connect';
import { createPost, tinyJpeg, uploadMedia } from '../support/posts';
import { runDueAt } from '../support/executions';
import { callApi, createUser, type TestUser } from '../support/users';
import { testOptions } from '../support/postOptions';

const twin = inject('twin');
/** The browser's zone in these tests (UTC+3 all year), so the picker's default and the calendar's days are known. */
const ZONE = 'Europe/Istanbul';
const platforms = ['x', 'linkedin', 'tiktok'] as const;
let browser: Browser;
let user: TestUser;
const names = {} as Record<Platform, string>;
let accountIds = {} as Record<Platform, string>;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(twin);
  await makeAdmin(twin, user);
  for (const platform of platforms) {
    names[platform] = sandboxAccountName(`e2e-${platform}`);
    await connectThroughOAuth(twin, user, platform, names[platform]);
  }
  const { body } = await callApi(twin, '/connections', user.idToken);
  accountIds = Object.fromEntries((body as unknown as ConnectionList).connections.map((connection) => [connection.platform, connection.platformUserId])) as Record<Platform, string>;
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(owner: TestUser = user) {
  const session = await openSession(browser, { timezoneId: ZONE });
  await signInThroughUi(session.page, twin.webUrl, owner.email, owner.password);
  return session;
}

const feedOf = async (platform: Platform) => (await sandboxControl(twin).feed(platform, names[platform])).posts;
const nextButton = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
const accountButton = (page: Page, platform: Platform) => page.getByRole('button', { name: new RegExp(`^${platformNames[platform]} Sandbox`) });

async function scheduleThroughApi(description: string, scheduledFor: Date, targets: readonly Platform[] = ['x']): Promise<Post> {
  const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
  const created = await createPost(twin, user, {
    description,
    media: [{ key }],
    targets: targets.map((platform) => ({ platform, accountId: accountIds[platform], ...testOptions(platform) })),
    scheduledFor: scheduledFor.toISOString(),
    timeZone: ZONE,
  });
  if (created.status !== 200) throw new Error(`POST /posts answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body as unknown as Post;
}

const getPost = async (postId: string) => (await callApi(twin, `/posts/${postId}`, user.idToken)).body as unknown as Post;

/**
 * Two posts are checked at their times by the file's last test: the wizard's post (a whole minute,
 * the time field has minutes) and the cancelled post. Their times are minutes ahead, beyond the
 * file's run, and the last test brings them on with the twin's clock for this user
 * (`runDueAt`): it waits for the posts' states, not for the wall clock.
 */
let wizardPost: { description: string; at: Date } | undefined;
let cancelledPost: { postId: string; at: Date; description: string } | undefined;

/** The posts in the account's sandbox feed made from this description (by text; other tests post to the same accounts). */
const postsOf = async (platform: Platform, description: string) => (await feedOf(platform)).filter((post) => post.text.includes(description));

describe('scheduling in Chromium', () => {
  it('schedules a post across three platforms in the wizard and shows it in Scheduled Posts and the calendar (published at its time: the last test)', async () => {
    const { page, context, problems } = await signedIn();
    const description = `Scheduled from the wizard ${Date.now()}`;
    await page.getByLabel('Choose files to upload').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
    // The upload (presign, PUT, check) can take seconds on a loaded machine.
    await expect.poll(() => nextButton(page).isEnabled(), { timeout: 15_000 }).toBe(true);
    await nextButton(page).click();
    for (const platform of platforms) await accountButton(page, platform).click();
    await nextButton(page).click();
    await page.getByLabel('Description').fill(description);
    await nextButton(page).click();

    // Step 4: 'Publish Now' is chosen; 'Schedule' shows the date, time and zone (the browser's).
    expect(await page.getByRole('radio', { name: 'Publish Now' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Schedule' }).check();
    // The zone picker is a combobox showing the city and its offset; the browser's zone is listed first.
    const zonePicker = page.getByRole('combobox', { name: 'Time zone' });
    expect(await zonePicker.inputValue()).toBe('Istanbul (UTC+03:00)');
    await zonePicker.click();
    const zones = page.getByRole('listbox', { name: 'Search cities or time zones' }).getByRole('option');
    expect(await zones.first().textContent()).toContain('Istanbul');
    await zonePicker.fill('tokyo');
    expect(await zones.allTextContents()).toEqual(['TokyoAsia · UTC+09:00']);
    await page.keyboard.press('Escape');
    expect(await zonePicker.inputValue()).toBe('Istanbul (UTC+03:00)');
    // The next whole minute at least 5 minutes away (the time field has minutes): the real clock
    // does not reach it while the file runs; the last test brings it on with the twin's clock.
    const at = new Date(Math.ceil((Date.now() + 5 * 60_000) / 60_000) * 60_000);
    const wall = instantToWallTime(at, ZONE);
    await page.getByLabel('Date').fill(wall.date);
    await page.getByLabel('Time', { exact: true }).fill(wall.time);
    const shownTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(at);
    await expect.poll(() => page.getByText(`Publishes ${shownTime} (${ZONE}, UTC+03:00)`).isVisible()).toBe(true);
    // TikTok waits for the user to choose who can see the post.
    await page.getByTestId('options-tiktok').getByLabel('Who can see this post').selectOption('SELF_ONLY');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Scheduled!' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.waitForURL(`${twin.webUrl}/dashboard/scheduled`);

    const card = page.getByRole('listitem').filter({ hasText: description });
    await expect.poll(() => card.getByText(`Scheduled for ${shownTime}`).isVisible()).toBe(true);
    // Edit time on the card; Edit post and Cancel post in its "more actions" menu.
    await shown(card.getByRole('button', { name: /^Edit time: / }));
    await card.getByRole('button', { name: /^More actions: / }).click();
    await expect.poll(() => page.getByRole('menu').getByRole('menuitem').allTextContents()).toEqual(['Edit post', 'Duplicate', 'Cancel post']);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    await expect.poll(() => card.getByRole('button', { name: /^More actions: / }).evaluate((button) => button === document.activeElement)).toBe(true);

    await page.getByRole('link', { name: 'Calendar' }).click();
    await page.waitForURL(`${twin.webUrl}/dashboard/calendar`);
    const event = page.locator('.calendar-event.scheduled', { hasText: description });
    await expect.poll(() => page.locator('.calendar-grid').count()).toBe(1);
    if (instantToWallTime(at, ZONE).date.slice(0, 7) !== instantToWallTime(new Date(), ZONE).date.slice(0, 7)) await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => event.isVisible()).toBe(true);
    expect(await event.textContent()).toMatch(/Scheduled$/);

    // Nothing is published before its time.
    for (const platform of platforms) expect(await postsOf(platform, description), platform).toHaveLength(0);
    wizardPost = { description, at };
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reschedules a post by dragging it to another day in the calendar, keeping its time of day', async () => {
    const today = instantToWallTime(new Date(), ZONE).date;
    const plusDays = (days: number) => instantToWallTime(new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000), 'UTC').date;
    const from = plusDays(2);
    const description = `Dragged ${Date.now()}`;
    const post = await scheduleThroughApi(description, wallTimeToInstant({ date: from, time: '10:30' }, ZONE));
    const { page, context, problems } = await signedIn();
    await page.goto(`${twin.webUrl}/dashboard/calendar`);
    const event = page.locator('.calendar-event.scheduled', { hasText: description });
    await expect.poll(() => page.locator('.calendar-grid').count()).toBe(1);
    if (from.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => event.isVisible()).toBe(true);
    expect(await page.locator(`[data-day="${from}"]`).locator('.calendar-event', { hasText: description }).count()).toBe(1);
    const to = (await page.locator(`[data-day="${plusDays(3)}"]`).count()) ? plusDays(3) : plusDays(1);
    // Both ends in view first (the target may be on the month's last row, below the fold): a drag
    // that has to scroll the page on the way is not a native drag any more.
    await page.locator(`[data-day="${to}"]`).scrollIntoViewIfNeeded();
    const box = await event.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= page.viewportSize()!.height, 'the post is in view beside the day it is dragged to').toBe(true);

    await event.dragTo(page.locator(`[data-day="${to}"]`));

    const expected = wallTimeToInstant({ date: to, time: '10:30' }, ZONE).toISOString();
    await expect.poll(async () => (await getPost(post.postId)).scheduledFor, { timeout: 10_000 }).toBe(expected);
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Moved to / }).isVisible()).toBe(true);
    await expect.poll(() => page.locator(`[data-day="${to}"]`).locator('.calendar-event', { hasText: description }).count()).toBe(1);
    expect(await page.locator(`[data-day="${from}"]`).locator('.calendar-event', { hasText: description }).count()).toBe(0);
    expect((await getPost(post.postId)).timeZone).toBe(ZONE);

    // The week view shows it at its hour; Edit time opens from it with the keyboard-friendly dialog.
    await page.getByRole('tab', { name: 'Week' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Today' }).click();
    const weekSlot = page.locator(`[data-slot="${to}T10"]`);
    if ((await weekSlot.count()) === 0) await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => weekSlot.locator('.calendar-event', { hasText: description }).count()).toBe(1);
    await weekSlot.locator('.calendar-event', { hasText: description }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Edit time' }).isVisible()).toBe(true);
    expect(await page.getByRole('dialog').getByLabel('Time', { exact: true }).inputValue()).toBe('10:30');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // In the week view a drop on another hour takes that hour and keeps the minutes.
    // (Both ends in view first: a drag that has to scroll the page on the way is not a native drag any more.)
    await page.locator(`[data-slot="${to}T15"]`).scrollIntoViewIfNeeded();
    await weekSlot.locator('.calendar-event', { hasText: description }).dragTo(page.locator(`[data-slot="${to}T15"]`));
    await expect.poll(async () => (await getPost(post.postId)).scheduledFor, { timeout: 10_000 }).toBe(wallTimeToInstant({ date: to, time: '15:30' }, ZONE).toISOString());
    await expect.poll(() => page.locator(`[data-slot="${to}T15"]`).locator('.calendar-event', { hasText: description }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
    await callApi(twin, `/posts/${post.postId}/cancel`, user.idToken, { method: 'POST' });
  });

  it('cancels a scheduled post from Scheduled Posts: it leaves the list and nothing is published', async () => {
    const description = `Cancel me ${Date.now()}`;
    const at = new Date(Date.now() + 10 * 60_000);
    const post = await scheduleThroughApi(description, at, ['x', 'linkedin']);
    const { page, context, problems } = await signedIn();
    await page.goto(`${twin.webUrl}/dashboard/scheduled`);
    const card = page.getByRole('listitem').filter({ hasText: description });
    await expect.poll(() => card.isVisible()).toBe(true);

    await card.getByRole('button', { name: /^More actions: / }).click();
    await page.getByRole('menuitem', { name: 'Cancel post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this scheduled post?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel post' }).click();

    // The dialog closes once the cancel is done (while it is open the page behind is hidden from the accessibility tree).
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => card.count()).toBe(0);
    expect((await getPost(post.postId)).status).toBe('cancelled');
    cancelledPost = { postId: post.postId, at, description };
    expect(problems).toEqual([]);
    await context.close();
  });

  it('edits the time and the text of a scheduled post from its card', async () => {
    const description = `Edit me ${Date.now()}`;
    const post = await scheduleThroughApi(description, new Date(Date.now() + 3 * 86_400_000));
    const { page, context, problems } = await signedIn();
    await page.goto(`${twin.webUrl}/dashboard/scheduled`);
    const card = page.getByRole('listitem').filter({ hasText: description });
    await expect.poll(() => card.isVisible()).toBe(true);

    await card.getByRole('button', { name: /^Edit time: / }).click();
    const timeDialog = page.getByRole('dialog', { name: 'Edit time' });
    await timeDialog.getByLabel('Time', { exact: true }).fill('08:15');
    await timeDialog.getByRole('button', { name: 'Save time' }).click();
    await expect.poll(() => timeDialog.count()).toBe(0);
    const day = instantToWallTime(post.scheduledFor!, ZONE).date;
    expect((await getPost(post.postId)).scheduledFor).toBe(wallTimeToInstant({ date: day, time: '08:15' }, ZONE).toISOString());

    await card.getByRole('button', { name: /^More actions: / }).click();
    await page.getByRole('menuitem', { name: 'Edit post' }).click();
    const postDialog = page.getByRole('dialog', { name: 'Edit post' });
    await postDialog.getByLabel('Description').fill(`${description} (edited)`);
    await postDialog.getByRole('checkbox', { name: /^LinkedIn/ }).check();
    // X's own counting loads here too: its count shows, not a blank.
    await expect.poll(() => postDialog.getByText(/^X: \d+ \/ 280 weighted characters/).isVisible()).toBe(true);
    // The first comment is edited here too, counted against each network's own limit.
    const comment = postDialog.getByLabel('First comment (optional)');
    await comment.fill('y'.repeat(281));
    await expect.poll(() => postDialog.getByRole('button', { name: 'Save post' }).isDisabled()).toBe(true);
    await shown(postDialog.getByText('Fix the first comment: it is too long for a network, or no chosen network takes it.'));
    await comment.fill('The link is in here');
    await postDialog.getByRole('button', { name: 'Save post' }).click();
    await expect.poll(() => postDialog.count()).toBe(0);
    await expect.poll(async () => (await getPost(post.postId)).description).toBe(`${description} (edited)`);
    expect((await getPost(post.postId)).platforms.sort()).toEqual(['linkedin', 'x']);
    expect((await getPost(post.postId)).firstComment).toBe('The link is in here');
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: `${description} (edited)` }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
    await callApi(twin, `/posts/${post.postId}/cancel`, user.idToken, { method: 'POST' });
  });

  it('shows a failed scheduled post in the notifications with the reason, until marked read', async () => {
    await sandboxControl(twin).injectFault({ platform: 'linkedin', account: names.linkedin, method: 'POST', path: '/rest/posts', status: 422, body: { status: 422, message: 'Content is invalid' }, times: 1 });
    const description = `Will fail ${Date.now()}`;
    // A minute ahead (a loaded machine can take seconds to answer), brought on with the twin's clock.
    const at = new Date(Date.now() + 60_000);
    const post = await scheduleThroughApi(description, at, ['linkedin']);
    expect(await runDueAt(twin, user.userId, at)).toHaveLength(1);
    await expect.poll(async () => (await getPost(post.postId)).status, { timeout: 30_000 }).toBe('failed');
    await expect.poll(async () => ((await callApi(twin, '/notifications', user.idToken)).body as unknown as NotificationList).unread).toBe(1);

    const { page, context, problems } = await signedIn();
    const bell = page.getByRole('button', { name: 'Notifications: 1 unread' });
    await expect.poll(() => bell.isVisible()).toBe(true);
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await expect.poll(() => panel.getByText('A scheduled post failed').isVisible()).toBe(true);
    await shown(panel.getByText(description));
    await shown(panel.getByText(/^LinkedIn \(.*\): .*Content is invalid/));
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Notifications', exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('notifications-badge').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('passes axe with posts on the calendar, the Scheduled Posts actions, a dialog and the notifications open, light and dark', async () => {
    const post = await scheduleThroughApi(`Accessible ${Date.now()}`, new Date(Date.now() + 2 * 86_400_000));
    for (const colorScheme of ['light', 'dark'] as const) {
      // axe is injected as a script, which the app's CSP forbids: this context bypasses the CSP.
      const { page, context } = await openSession(browser, { colorScheme, bypassCSP: true, timezoneId: ZONE });
      await signInThroughUi(page, twin.webUrl, user.email, user.password);
      await page.goto(`${twin.webUrl}/dashboard/scheduled`);
      const card = page.getByRole('listitem').filter({ hasText: post.description });
      await expect.poll(() => card.isVisible()).toBe(true);
      expect(await seriousViolations(page), `scheduled (${colorScheme})`).toEqual([]);
      await card.getByRole('button', { name: /^More actions: / }).click();
      await page.getByRole('menuitem', { name: 'Edit post' }).click();
      await expect.poll(() => page.getByRole('dialog', { name: 'Edit post' }).isVisible()).toBe(true);
      expect(await seriousViolations(page), `edit dialog (${colorScheme})`).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expect.poll(() => page.getByRole('region', { name: 'Notifications' }).isVisible()).toBe(true);
      expect(await seriousViolations(page), `notifications (${colorScheme})`).toEqual([]);
      await page.goto(`${twin.webUrl}/dashboard/calendar`);
      await expect.poll(() => page.locator('.calendar-event').count()).toBeGreaterThan(0);
      expect(await seriousViolations(page), `calendar month (${colorScheme})`).toEqual([]);
      await page.getByRole('tab', { name: 'Week' }).click();
      expect(await seriousViolations(page), `calendar week (${colorScheme})`).toEqual([]);
      await context.close();
    }
    await callApi(twin, `/posts/${post.postId}/cancel`, user.idToken, { method: 'POST' });
  });

  it('shows the calendar and the picker in the time zone chosen in Settings, not the browser\'s, and says which', async () => {
    // The browser is in Istanbul (UTC+3); Settings say Tokyo (UTC+9, no daylight saving).
    const settingsZone = 'Asia/Tokyo';
    const owner = await createUser(twin);
    await makeAdmin(twin, owner);
    const account = sandboxAccountName('zone-x');
    await connectThroughOAuth(twin, owner, 'x', account);
    const { body: connections } = await callApi(twin, '/connections', owner.idToken);
    const accountId = (connections as unknown as ConnectionList).connections.find((connection) => connection.platform === 'x')!.platformUserId;
    const saved = await callApi(twin, '/account/settings', owner.idToken, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'en', timeZone: settingsZone, theme: 'light' }),
    });
    expect(saved.status).toBe(200);
    // 20:30 in Istanbul two days ahead is 02:30 the next day in Tokyo.
    const istanbulDay = instantToWallTime(new Date(Date.now() + 2 * 86_400_000), ZONE).date;
    const at = wallTimeToInstant({ date: istanbulDay, time: '20:30' }, ZONE);
    const tokyoDay = instantToWallTime(at, settingsZone).date;
    expect(tokyoDay).not.toBe(istanbulDay);
    const description = `Tokyo day ${Date.now()}`;
    const key = await uploadMedia(twin, owner.userId, { kind: 'image', body: tinyJpeg });
    const created = await createPost(twin, owner, { description, media: [{ key }], targets: [{ platform: 'x', accountId }], scheduledFor: at.toISOString(), timeZone: ZONE });
    expect(created.status).toBe(200);

    const { page, context, problems } = await signedIn(owner);
    await page.goto(`${twin.webUrl}/dashboard/calendar`);
    await expect.poll(() => page.locator('.calendar-grid').count()).toBe(1);
    await expect.poll(() => page.getByText('Times in Asia/Tokyo (UTC+09:00), the time zone chosen in Settings.').isVisible()).toBe(true);
    if ((await page.locator(`[data-day="${tokyoDay}"]`).count()) === 0) await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.locator(`[data-day="${tokyoDay}"]`).locator('.calendar-event', { hasText: description }).count()).toBe(1);
    expect(await page.locator(`[data-day="${istanbulDay}"]`).locator('.calendar-event', { hasText: description }).count()).toBe(0);
    expect(await page.locator('.calendar-event', { hasText: description }).locator('.calendar-event-time').textContent()).toBe('02:30 AM');

    // A drop on another day keeps 02:30 Tokyo time (in Istanbul's zone it would have kept 20:30 there).
    const shift = (day: string, days: number) => instantToWallTime(new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000), 'UTC').date;
    const to = (await page.locator(`[data-day="${shift(tokyoDay, 1)}"]`).count()) ? shift(tokyoDay, 1) : shift(tokyoDay, -1);
    await page.locator('.calendar-event', { hasText: description }).dragTo(page.locator(`[data-day="${to}"]`));
    const post = created.body as unknown as Post;
    const expected = wallTimeToInstant({ date: to, time: '02:30' }, settingsZone).toISOString();
    await expect.poll(async () => ((await callApi(twin, `/posts/${post.postId}`, owner.idToken)).body as unknown as Post).scheduledFor, { timeout: 10_000 }).toBe(expected);
    await expect.poll(() => page.locator(`[data-day="${to}"]`).locator('.calendar-event', { hasText: description }).count()).toBe(1);

    // The week view puts it in Tokyo's 02:00 row.
    await page.getByRole('tab', { name: 'Week' }).click();
    if ((await page.locator(`[data-slot="${to}T02"]`).count()) === 0) await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.locator(`[data-slot="${to}T02"]`).locator('.calendar-event', { hasText: description }).count()).toBe(1);

    // The wizard's picker starts in the Settings zone and says so.
    await page.goto(`${twin.webUrl}/dashboard`);
    await page.getByLabel('Choose files to upload').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
    await expect.poll(() => nextButton(page).isEnabled(), { timeout: 15_000 }).toBe(true);
    await nextButton(page).click();
    await accountButton(page, 'x').click();
    await nextButton(page).click();
    await page.getByLabel('Description').fill('Zone check');
    await nextButton(page).click();
    await page.getByRole('radio', { name: 'Schedule' }).check();
    expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('Tokyo (UTC+09:00)');
    await shown(page.getByText('The time zone chosen in Settings.'));
    await shown(page.getByText(/^Publishes .+ \(Asia\/Tokyo, UTC\+09:00\)$/));
    expect(problems).toEqual([]);
    await context.close();
    await callApi(twin, `/posts/${post.postId}/cancel`, owner.idToken, { method: 'POST' });
  });

  it('speaks Turkish: the picker, the scheduled-post actions and the calendar', async () => {
    const description = `Türkçe ${Date.now()}`;
    const post = await scheduleThroughApi(description, new Date(Date.now() + 2 * 86_400_000));
    const { page, context, problems } = await openSession(browser, { locale: 'tr-TR', timezoneId: ZONE });
    await page.goto(`${twin.webUrl}/login`);
    await page.getByLabel('E-posta').fill(user.email);
    await page.getByLabel('Şifre').fill(user.password);
    await page.getByRole('button', { name: 'Giriş yap' }).click();
    await page.waitForURL(`${twin.webUrl}/dashboard`);
    await page.getByLabel('Yüklenecek dosyaları seçin').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
    const next = page.getByRole('button', { name: 'İleri', exact: true });
    await expect.poll(() => next.isEnabled(), { timeout: 15_000 }).toBe(true);
    await next.click();
    await accountButton(page, 'x').click();
    await next.click();
    await page.getByLabel('Açıklama').fill('Merhaba');
    await next.click();
    await page.getByRole('radio', { name: 'Zamanla' }).check();
    expect(await page.getByRole('combobox', { name: 'Saat dilimi' }).inputValue()).toBe('Istanbul (UTC+03:00)');
    await shown(page.getByText(/tarihinde yayınlanır \(Europe\/Istanbul, UTC\+03:00\)$/));

    await page.goto(`${twin.webUrl}/dashboard/scheduled`);
    const card = page.getByRole('listitem').filter({ hasText: description });
    await expect.poll(() => card.isVisible()).toBe(true);
    await shown(card.getByRole('button', { name: /^Saati düzenle: / }));
    await card.getByRole('button', { name: /^Diğer işlemler: / }).click();
    await expect.poll(() => page.getByRole('menu').getByRole('menuitem').allTextContents()).toEqual(['Gönderiyi düzenle', 'Çoğalt', 'Gönderiyi iptal et']);
    await page.keyboard.press('Escape');
    await page.goto(`${twin.webUrl}/dashboard/calendar`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Takvim');
    await shown(page.getByRole('tab', { name: 'Hafta' }));
    expect(problems).toEqual([]);
    await context.close();
    await callApi(twin, `/posts/${post.postId}/cancel`, user.idToken, { method: 'POST' });
  });

  it('shows Schedule disabled with an upgrade hint on the free plan', async () => {
    const free = await createUser(twin);
    const account = sandboxAccountName('free');
    await connectThroughOAuth(twin, free, 'x', account);
    const { page, context, problems } = await signedIn(free);
    await page.getByLabel('Choose files to upload').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
    await expect.poll(() => nextButton(page).isEnabled(), { timeout: 15_000 }).toBe(true);
    await nextButton(page).click();
    await accountButton(page, 'x').click();
    await nextButton(page).click();
    await page.getByLabel('Description').fill('Free plan post');
    await nextButton(page).click();

    const schedule = page.getByRole('radio', { name: 'Schedule' });
    await expect.poll(() => schedule.isDisabled()).toBe(true);
    await shown(page.getByText('Scheduling is part of the paid plans. Upgrade to schedule posts; publishing now works on every plan.'));
    expect(await schedule.getAttribute('aria-describedby')).toBeTruthy();
    expect(await page.getByRole('button', { name: 'Publish Now' }).isEnabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
  it('at their times: the wizard\'s post is published once on each platform and moves to Published; the cancelled post publishes nothing', async () => {
    expect(wizardPost, 'the first test scheduled a post').toBeDefined();
    expect(cancelledPost, 'the cancel test cancelled a post').toBeDefined();
    const { description, at } = wizardPost!;
    const { page, context, problems } = await signedIn();
    // The browser's clock reads the post's time too, so Scheduled Posts refreshes as it does for a
    // post due within minutes (a clock of its own: timers still run).
    await page.clock.setFixedTime(at);
    await page.goto(`${twin.webUrl}/dashboard/scheduled`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: description }).count()).toBe(1);
    // Not a moment before its time: the twin's clock for this user one millisecond short of it runs nothing.
    expect(await runDueAt(twin, user.userId, new Date(at.getTime() - 1))).toEqual([]);
    for (const platform of platforms) expect(await postsOf(platform, description), platform).toHaveLength(0);
    // At its time it runs, and leaves Scheduled Posts.
    expect(await runDueAt(twin, user.userId, at)).toHaveLength(1);
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: description }).count(), { timeout: 30_000, interval: 500 }).toBe(0);
    for (const platform of platforms) await expect.poll(async () => (await postsOf(platform, description)).length, { timeout: 30_000, interval: 250 }).toBe(1);
    await page.getByRole('link', { name: 'Posts', exact: true }).click();
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: description }).getByText('Published', { exact: true }).first().isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByRole('link', { name: 'Calendar' }).click();
    await expect.poll(() => page.locator('.calendar-grid').count()).toBe(1);
    // A published post is on the calendar at its publishing time (the wall clock's month; the browser's is the post's time).
    if (instantToWallTime(new Date(), ZONE).date.slice(0, 7) !== instantToWallTime(at, ZONE).date.slice(0, 7)) await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => page.locator('.calendar-event.published', { hasText: description }).count()).toBeGreaterThan(0);

    // Once only, and the cancelled post's time comes too: nothing left to run, nothing published.
    for (const platform of platforms) expect(await postsOf(platform, description), platform).toHaveLength(1);
    const cancelled = cancelledPost!;
    expect(await runDueAt(twin, user.userId, new Date(cancelled.at.getTime() + 3000))).toEqual([]);
    expect(await postsOf('x', cancelled.description)).toHaveLength(0);
    expect(await postsOf('linkedin', cancelled.description)).toHaveLength(0);
    expect((await getPost(cancelled.postId)).status).toBe('cancelled');
    expect(problems).toEqual([]);
    await context.close();
  });
});
