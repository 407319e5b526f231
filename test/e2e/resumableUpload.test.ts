import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openSession, signInThroughUi } from '../support/browser';
import { storageUsage } from '../support/apiUploads';
import { syntheticMp4 } from '../support/mp4';
import { createUser, type TestUser } from '../support/users';

const twin = inject('twin');
const settle = { timeout: 30_000 };
const MiB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'oneclick-resume-e2e-'));
let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(twin);
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

const fileInput = (page: Page) => page.getByLabel('Choose files to upload');
const nextButton = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
/** A part PUT straight to S3 (the presigned URL's query names the upload and the part). */
const partNumberOf = (url: string) => Number(new URL(url).searchParams.get('partNumber'));

describe('a big upload in Chromium survives a dropped network and a reload', () => {
  it('says how to go on, and picking the same file again after a reload resumes it and finishes', async () => {
    // A 40 MiB video (5 parts of 8 MiB) on disk, so the picked file keeps its name, size and time.
    const path = join(dir, 'holiday.mp4');
    const video = syntheticMp4({ durationSeconds: 20, width: 1280, height: 720, payloadBytes: 40 * MiB - 4096 });
    writeFileSync(path, video);
    utimesSync(path, new Date('2026-01-02T03:04:05Z'), new Date('2026-01-02T03:04:05Z'));
    const { page, context } = await openSession(browser);
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await expect.poll(() => page.getByText('Step 1 of 4').isVisible(), settle).toBe(true);

    // The network drops after parts 1 and 2: every later part fails as a lost connection would.
    await page.route(
      (url) => url.searchParams.has('uploadId') && partNumberOf(url.href) > 2,
      (route) => route.abort('internetdisconnected'),
    );
    await fileInput(page).setInputFiles(path);
    const alert = page.getByRole('alert').filter({ hasText: 'Upload failed' });
    await expect.poll(() => alert.textContent(), settle).toBe(
      'Upload failed: The network connection failed. Press Retry, or pick the same file again (also after a reload): the upload continues where it stopped.Retry',
    );
    // The upload is kept (not aborted): it still counts at its declared size.
    expect((await storageUsage(twin, user)).usedBytes).toBe(video.length);

    // The connection is back; the user reloads and picks the same file again.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const sentAfterReload: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).searchParams.has('uploadId')) sentAfterReload.push(partNumberOf(request.url()));
    });
    await page.reload();
    await expect.poll(() => page.getByText('Step 1 of 4').isVisible(), settle).toBe(true);
    await fileInput(page).setInputFiles(path);

    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Resuming:' }).first().textContent(), settle).toBe('Resuming: 16.00 MB of 40.00 MB were already uploaded.');
    await expect.poll(() => nextButton(page).isEnabled(), settle).toBe(true);
    expect(sentAfterReload.sort()).toEqual([3, 4, 5]);
    expect(await page.getByRole('alert').count()).toBe(0);
    // Counted once: the finished file at its real size (and its thumbnail, when Chromium made one).
    const used = (await storageUsage(twin, user)).usedBytes;
    expect(used).toBeGreaterThanOrEqual(video.length);
    expect(used).toBeLessThan(video.length + 256 * 1024);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('oneclick_unfinished_uploads'))).toBe('[]');
    await context.close();
  }, 180_000);
});
