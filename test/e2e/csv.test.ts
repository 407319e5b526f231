import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import type { ConnectionList } from '../../shared/api/connections';
import { launchBrowser, openSession, signInThroughUi } from '../support/browser';
import { connectThroughOAuth, makeAdmin, sandboxAccountName } from '../support/connect';
import { tinyJpeg } from '../support/posts';
import { callApi, createUser, type TestUser } from '../support/users';

/** CSV import and export in Chromium: a file with good and bad rows checked, imported, imported again; the export downloaded. */
const twin = inject('twin');
let browser: Browser;
let user: TestUser;
let accountId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(twin);
  await makeAdmin(twin, user);
  await connectThroughOAuth(twin, user, 'linkedin', sandboxAccountName('csv-e2e'));
  accountId = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections[0]!.platformUserId;
});
afterAll(async () => {
  await browser?.close();
});

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString().slice(0, 10);

describe('CSV import and export in Chromium', () => {
  it('checks a file with good and bad rows, imports it, imports it again with nothing doubled, and exports what the list shows, and a date range of it', async () => {
    const tag = Date.now().toString(36);
    const csv = [
      'text;accounts;media;time',
      `"Imported one ${tag}";linkedin:${accountId};photo.jpg;${inDays(3)}T09:00:00+00:00`,
      `"Imported two ${tag}";linkedin:${accountId};photo.jpg;${inDays(4)}T09:00:00+00:00`,
      `"Bad row ${tag}";linkedin:nobody;photo.jpg;${inDays(4)}T10:00:00+00:00`,
    ].join('\n');
    const { page, context, problems } = await openSession(browser, { acceptDownloads: true });
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await page.goto(`${twin.webUrl}/dashboard/scheduled`);

    const importFile = async () => {
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import posts from a CSV file' });
      await dialog.getByLabel('CSV file').setInputFiles({ name: 'posts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await dialog.getByLabel('Files the rows name (optional)').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
      await dialog.getByRole('button', { name: 'Check the file' }).click();
      await expect.poll(() => dialog.getByText('3 rows: 2 ready, 1 refused.').count(), { timeout: 30_000 }).toBe(1);
      const report = dialog.getByRole('table', { name: 'Each row\'s outcome' });
      expect(await report.getByRole('row').filter({ hasText: 'Refused' }).textContent()).toBe('4Refusedaccounts No connected LinkedIn account is called "nobody" in this workspace.');
      await dialog.getByRole('button', { name: 'Import 2 posts' }).click();
      return dialog;
    };

    const first = await importFile();
    await expect.poll(() => first.getByText('3 rows: 2 created, 0 imported before, 1 refused.').count(), { timeout: 30_000 }).toBe(1);
    await first.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // One card per post: each card's selection checkbox is named by its post.
    const cards = (text: string) => page.getByRole('checkbox', { name: `Select ${text}`, exact: true }).count();
    await expect.poll(() => cards(`Imported one ${tag}`)).toBe(1);

    // The same file again: the report says imported before, and the list has each post once.
    const second = await importFile();
    await expect.poll(() => second.getByText('3 rows: 0 created, 2 imported before, 1 refused.').count(), { timeout: 30_000 }).toBe(1);
    await second.getByRole('button', { name: 'Close' }).last().click();
    expect(await cards(`Imported one ${tag}`)).toBe(1);
    expect(await cards(`Imported two ${tag}`)).toBe(1);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^oneclick-scheduled-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = parse(readFileSync((await download.path())!), { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(records.map((record) => [record['text'], record['platform'], record['target_status']])).toEqual([
      [`Imported one ${tag}`, 'LinkedIn', 'pending'],
      [`Imported two ${tag}`, 'LinkedIn', 'pending'],
    ]);
    await expect.poll(() => page.getByText('Exported 2 rows.').count()).toBe(1);
    // A date range: from the second post's day on, only it.
    await page.getByLabel('Export from').fill(inDays(4));
    const [ranged] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const rangedRecords = parse(readFileSync((await ranged.path())!), { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rangedRecords.map((record) => record['text'])).toEqual([`Imported two ${tag}`]);
    await expect.poll(() => page.getByText('Exported 1 row.').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
