import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openSession } from '../support/browser';
import { moduleSessionFor, registerContent, sampleCartoon } from '../support/content';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createUser, documentClient, signIn, type TestUser } from '../support/users';
import { userFootprint } from '../support/userData';
import { readZip } from '../support/zip';

const twin = inject('twin');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The words a person sees, in each language. */
const languages = {
  en: {
    locale: 'en-US',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    invalid: 'Invalid email or password',
    nav: 'Settings',
    timeZone: 'Time zone',
    dark: 'Dark',
    save: 'Save settings',
    saved: 'Settings saved.',
    usage: '0 of 3 posts this month',
    prepare: 'Prepare my data',
    download: 'Download my data',
    confirm: /Type your email address/,
    mismatch: 'Type your email address exactly as shown above.',
    delete: 'Delete my account',
    deleted: 'Your account has been deleted',
    deleting: 'Deleting your account',
    stalled: 'The deletion stopped at “Disconnect your accounts and revoke their tokens” before it finished. Continue it to delete the rest.',
    continue: 'Continue deletion',
  },
  tr: {
    locale: 'tr-TR',
    email: 'E-posta',
    password: 'Şifre',
    signIn: 'Giriş yap',
    invalid: 'Geçersiz e-posta veya şifre',
    nav: 'Ayarlar',
    timeZone: 'Saat dilimi',
    dark: 'Koyu',
    save: 'Ayarları kaydet',
    saved: 'Ayarlar kaydedildi.',
    usage: 'Bu ay 3 gönderiden 0 tanesi kullanıldı',
    prepare: 'Verilerimi hazırla',
    download: 'Verilerimi indir',
    confirm: /Onaylamak için e-posta adresinizi/,
    mismatch: 'E-posta adresinizi yukarıda gösterildiği gibi yazın.',
    delete: 'Hesabımı sil',
    deleted: 'Hesabınız silindi',
    deleting: 'Hesabınız siliniyor',
    stalled: 'Silme işlemi “Hesaplarınızın bağlantısını kes ve token\'larını iptal et” adımında, tamamlanmadan durdu. Kalanını silmek için devam edin.',
    continue: 'Silmeye devam et',
  },
} as const;
type Words = (typeof languages)[keyof typeof languages];

async function signInAs(page: Page, words: Words, user: TestUser): Promise<void> {
  await page.goto(`${twin.webUrl}/login`);
  await page.getByLabel(words.email).fill(user.email);
  await page.getByLabel(words.password).fill(user.password);
  await page.getByRole('button', { name: words.signIn }).click();
}

async function openSettings(page: Page, words: Words, user: TestUser): Promise<void> {
  await signInAs(page, words, user);
  await page.waitForURL(`${twin.webUrl}/dashboard`);
  await page.getByRole('link', { name: words.nav, exact: true }).click();
  await page.waitForURL(`${twin.webUrl}/dashboard/settings`);
  await page.getByRole('heading', { level: 1, name: words.nav }).waitFor();
}

/*
 * A lane per language, side by side, each test with a user of its own; within a lane the tests run
 * in order, so the browser never has more than two pages at work (docs/testing.md).
 */
describe.each(Object.entries(languages))('lane %s', { concurrent: true }, (language, words) => {
  describe.sequential(`Settings in Chromium (${language})`, () => {
    it('saves the profile server-side, shows the membership, and downloads a working archive', async ({ expect }) => {
      const user = await createUser(twin);
      await registerContent(twin, await moduleSessionFor(twin, user), { type: 'video', fileName: 'cartoon.mp4', contentType: 'video/mp4', body: sampleCartoon });
      const { page, context, problems } = await openSession(browser, { locale: words.locale, acceptDownloads: true });
      await openSettings(page, words, user);

      expect(await page.getByTestId('settings-email').inputValue()).toBe(user.email);
      expect(await page.getByTestId('settings-email').getAttribute('readonly')).not.toBeNull();
      expect(await page.getByTestId('settings-usage').innerText()).toContain(words.usage);

      await page.getByRole('combobox', { name: words.timeZone }).fill('Tokyo');
      await page.getByRole('option', { name: /^Tokyo/ }).click();
      expect(await page.getByRole('combobox', { name: words.timeZone }).inputValue()).toBe('Tokyo (UTC+09:00)');
      await page.getByRole('radio', { name: words.dark }).check();
      await page.getByRole('button', { name: words.save }).click();
      await page.getByText(words.saved).waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      // The schedule picker's default zone.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('oneclick.timeZone'))).toBe('Asia/Tokyo');

      // Kept on the server: a fresh browser shows it.
      const other = await openSession(browser, { locale: words.locale });
      await openSettings(other.page, words, user);
      await expect.poll(() => other.page.getByRole('combobox', { name: words.timeZone }).inputValue()).toBe('Tokyo (UTC+09:00)');
      expect(await other.page.getByRole('radio', { name: words.dark }).isChecked()).toBe(true);
      await other.context.close();

      // Download my data: prepared in the background, then a link.
      await page.getByRole('button', { name: words.prepare }).click();
      const link = page.getByRole('link', { name: words.download });
      await link.waitFor({ timeout: 30_000 });
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^oneclick-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const entries = readZip(await readFile((await download.path())!));
      expect(JSON.parse(entries.get('data/content.json')!.toString())).toEqual([expect.objectContaining({ fileName: 'cartoon.mp4' })]);
      expect(JSON.parse(entries.get('data/memberships.json')!.toString())).toEqual(
        expect.arrayContaining([expect.objectContaining({ record: 'settings', timeZone: 'Asia/Tokyo', theme: 'dark', language })]),
      );
      expect([...entries.keys()].some((name) => name.startsWith('files/content/videos/'))).toBe(true);
      expect(entries.has('README.txt')).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    });

    it('deletes the account after the typed confirmation: signed out, and it cannot sign in again', async ({ expect }) => {
      const user = await createUser(twin);
      const { page, context } = await openSession(browser, { locale: words.locale });
      await openSettings(page, words, user);

      const confirmation = page.getByLabel(words.confirm);
      await confirmation.fill('delete');
      await page.getByRole('button', { name: words.delete }).click();
      await page.getByText(words.mismatch).waitFor();
      expect(await confirmation.getAttribute('aria-invalid')).toBe('true');

      await confirmation.fill(user.email);
      await page.getByRole('button', { name: words.delete }).click();
      await page.waitForURL(`${twin.webUrl}/account-deleted`, { timeout: 30_000 });
      await page.getByRole('heading', { level: 1, name: words.deleted }).waitFor();

      // Signed out: the dashboard sends the browser to sign in.
      await page.goto(`${twin.webUrl}/dashboard/settings`);
      await page.waitForURL(/\/login/);
      // And the account is gone: signing in again is refused.
      await signInAs(page, words, user);
      await page.getByText(words.invalid).waitFor();
      expect(page.url()).toContain('/login');
      await expect(signIn(twin, user.email, user.password)).rejects.toThrow();
      const { deletedAccounts: tombstone, ...rows } = (await userFootprint(twin, user.userId)).rows;
      expect(Object.values(rows).flat()).toEqual([]);
      expect(tombstone).toEqual([expect.objectContaining({ status: 'deleted' })]);
      await context.close();
    });

    it('shows a deletion that stopped halfway, step by step, and finishes it with Continue deletion', async ({ expect }) => {
      const user = await createUser(twin);
      // What a deletion task cut off after two steps leaves (its run began 20 minutes ago).
      const began = new Date(Date.now() - 20 * 60_000).toISOString();
      await documentClient(twin).send(
        new PutCommand({
          TableName: twin.tableNames.deletedAccounts,
          Item: { userId: user.userId, email: user.email, status: 'deleting', startedAt: began, runStartedAt: began, runs: 1, steps: { signOut: { doneAt: began, count: null }, posts: { doneAt: began, count: 0 } } },
        }),
      );
      const { page, context, problems } = await openSession(browser, { locale: words.locale });
      await openSettings(page, words, user);

      const progress = page.getByTestId('deletion-progress');
      await progress.getByRole('heading', { name: words.deleting }).waitFor();
      await progress.getByText(words.stalled).waitFor();
      expect(await page.getByLabel(words.confirm).count(), 'the confirmation form is replaced by the progress').toBe(0);
      await page.getByRole('button', { name: words.continue }).click();
      await page.waitForURL(`${twin.webUrl}/account-deleted`, { timeout: 30_000 });
      await page.getByRole('heading', { level: 1, name: words.deleted }).waitFor();
      await expect(signIn(twin, user.email, user.password)).rejects.toThrow();
      // The rest of the dashboard (navigation, notifications) is refused while the deletion runs and after it: 409, then 410.
      expect(problems.filter((problem) => !/status of 4(09|10)/.test(problem))).toEqual([]);
      await context.close();
    });
  });
});

describe('Settings shows why an export failed', () => {
  it('in words, with the way to try again', async () => {
    const user = await createUser(twin);
    await documentClient(twin).send(
      new PutCommand({
        TableName: twin.tableNames.memberships,
        Item: { userId: user.userId, record: 'export', exportId: '01JEXPORT', status: 'failed', requestedAt: new Date().toISOString(), error: 'The file files/media/a.jpg could not be read (Access Denied). Please try again.' },
      }),
    );
    const { page, context } = await openSession(browser, { locale: languages.en.locale });
    await openSettings(page, languages.en, user);
    await page.getByText('Preparing your archive failed: The file files/media/a.jpg could not be read (Access Denied). Please try again.').waitFor();
    expect(await page.getByRole('button', { name: languages.en.prepare }).isEnabled()).toBe(true);
    await context.close();
  });
});
