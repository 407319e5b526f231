import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { platformNames, platforms, type Platform } from '../../shared/platforms';
import { launchBrowser, openSession, shown, signInThroughUi } from '../support/browser';
import { connectInBrowser } from '../support/connectInBrowser';
import { callApi, createUser } from '../support/users';
import { makeAdmin, sandboxAccountName } from '../support/connect';

const twin = inject('twin');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function card(page: Page, platform: Platform) {
  // Exact: "LinkedIn" is also the start of "LinkedIn Page".
  return page.getByRole('listitem', { name: platformNames[platform], exact: true });
}

describe('the Accounts page in Chromium', () => {
  // Eleven consents in the browser, one after another: past the default minute in a loaded run.
  it('connects each platform, shows the profile, disconnects and reconnects', { timeout: 150_000 }, async () => {
    const user = await createUser(twin);
    await makeAdmin(twin, user);
    const session = await openSession(browser);
    const { page, context } = session;
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await page.goto(`${twin.webUrl}/dashboard/accounts`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Accounts');
    await shown(page.getByRole('heading', { level: 2, name: 'Select Platforms:' }));
    expect(await page.getByTestId('sandbox-only').textContent()).toMatch(/^All verified only against OneClick’s platform sandbox/);

    const accounts: Partial<Record<Platform, string>> = {};
    for (const platform of platforms) {
      const account = sandboxAccountName(platform);
      accounts[platform] = account;
      await connectInBrowser(twin, session, platform, account);
      await expect.poll(() => card(page, platform).getByTestId(`status-${platform}`).textContent()).toBe('Connected');
      await expect.poll(() => card(page, platform).getByText(`${platformNames[platform]} ${account}`).isVisible()).toBe(true);
      expect(await card(page, platform).getByText(/^ID: /).textContent()).not.toBe('ID: ');
    }
    // Threads says what Meta's App Review decides; a network without such a limit says nothing of it.
    expect(await card(page, 'threads').getByTestId('access-threads').textContent()).toMatch(/^Until Meta approves this deployment's Threads app in App Review .*only the app's Threads testers can connect\.$/);
    expect(await card(page, 'facebook').getByTestId('access-facebook').textContent()).toMatch(/^Until Meta grants this deployment's Facebook app Advanced Access in App Review .*only people with a role on the app can connect their Pages\.$/);
    expect(await card(page, 'linkedinPage').getByTestId('access-linkedinPage').textContent()).toMatch(/^LinkedIn Pages need this deployment's own LinkedIn app approved for LinkedIn's Community Management API .*Development tier .*Standard tier can any Page admin connect\.$/);
    expect(await card(page, 'googleBusiness').getByTestId('access-googleBusiness').textContent()).toMatch(/^Google Business Profile needs this deployment's Google project granted access to the Business Profile APIs, .*only the project's test users can connect their locations\.$/);
    expect(await card(page, 'pinterest').getByTestId('access-pinterest').textContent()).toMatch(/^Until Pinterest upgrades this deployment's Pinterest app from Trial to Standard access .*at most 1,000 calls a day for all its users together\.$/);
    expect(await card(page, 'x').getByTestId('access-x').count()).toBe(0);

    const youtube = card(page, 'youtube');
    // Disconnecting asks first: Cancel (or Escape) keeps the account.
    await youtube.getByRole('button', { name: /^Disconnect / }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Disconnect YouTube account?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await youtube.getByTestId('status-youtube').textContent()).toBe('Connected');
    await youtube.getByRole('button', { name: /^Disconnect / }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await youtube.getByTestId('status-youtube').textContent()).toBe('Connected');
    await youtube.getByRole('button', { name: /^Disconnect / }).click();
    await confirm.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expect.poll(() => youtube.getByTestId('status-youtube').textContent()).toBe('Not connected');

    await connectInBrowser(twin, session, 'youtube', accounts.youtube!);
    await expect.poll(() => youtube.getByTestId('status-youtube').textContent()).toBe('Connected');
    await context.close();
  });

  it('refuses a second account on the free plan with a message', async () => {
    const user = await createUser(twin);
    const session = await openSession(browser);
    const { page, context } = session;
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await page.goto(`${twin.webUrl}/dashboard/accounts`);
    await connectInBrowser(twin, session, 'youtube', sandboxAccountName());
    await expect.poll(() => page.getByTestId('account-usage').textContent()).toBe('1 of 1 accounts connected');

    await page.getByRole('button', { name: 'Connect TikTok' }).click();

    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/limit of connected accounts \(1\) is reached/);
    expect(page.url()).toBe(`${twin.webUrl}/dashboard/accounts`);
    await context.close();
  });

  it('brings the user back with the reason after Deny on the consent page', async () => {
    const user = await createUser(twin);
    const session = await openSession(browser);
    const { page, context } = session;
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await page.goto(`${twin.webUrl}/dashboard/accounts`);

    await connectInBrowser(twin, session, 'linkedin', sandboxAccountName(), { decision: 'Deny' });

    await expect.poll(() => page.getByRole('alert').textContent()).toBe('You did not give OneClick access to your LinkedIn account.');
    await expect.poll(() => card(page, 'linkedin').getByTestId('status-linkedin').textContent()).toBe('Not connected');
    await context.close();
  });

  it('shows the reason in Turkish for a Turkish user', async () => {
    const user = await createUser(twin);
    const session = await openSession(browser, { locale: 'tr-TR' });
    const { page, context } = session;
    await page.goto(`${twin.webUrl}/login`);
    await page.getByLabel('E-posta').fill(user.email);
    await page.getByLabel('Şifre').fill(user.password);
    await page.getByRole('button', { name: 'Giriş yap' }).click();
    await page.waitForURL(`${twin.webUrl}/dashboard`);
    await page.goto(`${twin.webUrl}/dashboard/accounts?platform=x&error=auth_failed&error_code=access_denied&error_message=x`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe("OneClick'e X hesabınıza erişim izni vermediniz.");
    await context.close();
  });

  it('an attacker\'s consent link finished in the victim\'s browser connects nothing to either, and says why', async () => {
    const attacker = await createUser(twin);
    const victim = await createUser(twin);
    const attackerSession = await openSession(browser);
    await signInThroughUi(attackerSession.page, twin.webUrl, attacker.email, attacker.password);
    await attackerSession.page.goto(`${twin.webUrl}/dashboard/accounts`);
    await attackerSession.page.getByRole('button', { name: 'Connect YouTube' }).click();
    await attackerSession.page.waitForURL((url) => url.origin === twin.endpoints.sandbox);
    const consentLink = attackerSession.page.url();
    await attackerSession.context.close();

    const session = await openSession(browser);
    const { page, context } = session;
    await signInThroughUi(page, twin.webUrl, victim.email, victim.password);
    await page.goto(consentLink);
    await page.getByLabel('Sandbox account').fill(sandboxAccountName('victim'));
    await page.getByLabel('Display name').fill('Victim channel');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(/\/dashboard\/accounts/);

    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^This connection was finished in a different browser .* Nothing was connected\./);
    await expect.poll(() => card(page, 'youtube').getByTestId('status-youtube').textContent()).toBe('Not connected');
    for (const user of [attacker, victim]) {
      expect(((await callApi(twin, '/connections', user.idToken)).body as { connections: unknown[] }).connections).toEqual([]);
    }
    await context.close();
  });

  it('never shows text from the address: an unknown code gets the generic words, a known one ours', async () => {
    const user = await createUser(twin);
    const session = await openSession(browser);
    const { page, context } = session;
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    const planted = encodeURIComponent('Your account is suspended. Call +1 555 0100 now.');

    await page.goto(`${twin.webUrl}/dashboard/accounts?platform=x&error=auth_failed&error_code=made_up&error_message=${planted}`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('The account could not be connected. Nothing was changed. Please try again.');
    expect(await page.locator('body').textContent()).not.toContain('suspended');

    await page.goto(`${twin.webUrl}/dashboard/accounts?platform=x&error=auth_failed&error_code=exchange_failed&error_message=${planted}`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Failed to connect to X');
    expect(await page.locator('body').textContent()).not.toContain('suspended');

    await page.goto(`${twin.webUrl}/dashboard/accounts?error=auth_failed&error_message=${planted}`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('The account could not be connected. Nothing was changed. Please try again.');
    await context.close();
  });
});
