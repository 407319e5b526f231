import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { codesSentTo } from '../../infra/local/cognito/cognito';
import { generatePassword } from '../../infra/local/demoAccount';
import { launchBrowser, openSession, signInThroughUi } from '../support/browser';
import { createUser, uniqueEmail } from '../support/users';

const twin = inject('twin');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The next code e-mailed to the address after `before` codes (read from the twin's outbox).
 * The click that sends it may first load the sign-in code chunk, which on a loaded machine
 * takes seconds: wait as long as the suite's other polls do.
 */
async function waitForCode(email: string, before = 0, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const codes = codesSentTo(twin.cognitoDataDir, email);
    if (codes.length > before) return codes[codes.length - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No new code was delivered to ${email} within ${timeoutMs / 1000} s`);
}

describe('signing up, in and out in Chromium', () => {
  it('signs up with the emailed code, signs in, and sees the dashboard with a free membership', async () => {
    const { page, problems, context } = await openSession(browser);
    const email = uniqueEmail('signup');
    const password = generatePassword();

    await page.goto(`${twin.webUrl}/login`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL(/\/confirm\?email=/);
    await expect.poll(() => page.getByText(`We sent a confirmation code to ${email}`).isVisible()).toBe(true);
    await page.getByLabel('Confirmation code').fill(await waitForCode(email));
    await page.getByRole('button', { name: 'Confirm' }).click();

    await page.waitForURL(`${twin.webUrl}/login`);
    await expect.poll(() => page.getByText('Your email is confirmed. Sign in to continue.').isVisible()).toBe(true);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL(`${twin.webUrl}/dashboard`);
    await expect.poll(() => page.getByTestId('signed-in-email').textContent()).toBe(email);
    // The membership comes from GET /me, which a loaded twin may take seconds to answer for a new user.
    await expect.poll(() => page.getByText('Free plan').isVisible(), { timeout: 15_000 }).toBe(true);
    // The app keeps the signed-in user after it draws them: wait for the stored copy too.
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('oneclick_user') ?? 'null'))).toMatchObject({ email, membership: 'free', isAdmin: false });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows "Invalid email or password" for a wrong password', async () => {
    const user = await createUser(twin);
    const { page, context } = await openSession(browser);

    await page.goto(`${twin.webUrl}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('Wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid email or password');
    expect(page.url()).toBe(`${twin.webUrl}/login`);
    await context.close();
  });

  it('says what is missing instead of sending an empty form', async () => {
    const { page, context } = await openSession(browser);
    await page.goto(`${twin.webUrl}/login`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('Enter your email address.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Enter your password.').isVisible()).toBe(true);
    await context.close();
  });

  it('resets a forgotten password with the emailed code', async () => {
    const user = await createUser(twin);
    const { page, context } = await openSession(browser);
    const newPassword = generatePassword();

    await page.goto(`${twin.webUrl}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The reset page loads on demand and the login page (with its own Email field) stays until it
    // has: wait for the reset page, or the email goes into the login form that is about to go.
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor({ timeout: 15_000 });
    await page.getByLabel('Email').fill(user.email);
    const codesBefore = codesSentTo(twin.cognitoDataDir, user.email).length;
    await page.getByRole('button', { name: 'Send code' }).click();
    // The first auth call loads Amplify on demand: wait for the code step (or say what the page said instead).
    const codeField = page.getByLabel('Confirmation code');
    const alert = page.getByRole('alert');
    await expect
      .poll(async () => ((await codeField.isVisible()) ? 'code step' : ((await alert.count()) ? `alert: ${await alert.first().textContent()}` : 'waiting')), { timeout: 30_000 })
      .toBe('code step');
    await codeField.fill(await waitForCode(user.email, codesBefore));
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();

    await page.waitForURL(`${twin.webUrl}/login`);
    await expect.poll(() => page.getByText('Your password has been changed.', { exact: false }).isVisible()).toBe(true);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${twin.webUrl}/dashboard`);
    await context.close();
  });

  it('signs out, clears the stored user, and guards the dashboard again', async () => {
    const user = await createUser(twin);
    const { page, context } = await openSession(browser);
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('oneclick_user')), { timeout: 15_000 }).not.toBeNull();

    await page.getByRole('button', { name: 'Sign Out' }).click();

    await page.waitForURL(`${twin.webUrl}/login`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('oneclick_user'))).toBeNull();
    await page.goto(`${twin.webUrl}/dashboard/posts`);
    await page.waitForURL(`${twin.webUrl}/login`);
    await context.close();
  });
});

describe('route guards and redirects', () => {
  it('sends a signed-out visitor of a dashboard route to /login', async () => {
    const { page, context } = await openSession(browser);
    await page.goto(`${twin.webUrl}/dashboard/scheduled`);
    await page.waitForURL(`${twin.webUrl}/login`);
    await context.close();
  });

  it('sends a signed-in user from /, /login to /dashboard', async () => {
    const user = await createUser(twin);
    const { page, context } = await openSession(browser);
    await signInThroughUi(page, twin.webUrl, user.email, user.password);

    await page.goto(`${twin.webUrl}/`);
    await page.waitForURL(`${twin.webUrl}/dashboard`);
    await page.goto(`${twin.webUrl}/login`);
    await page.waitForURL(`${twin.webUrl}/dashboard`);
    await context.close();
  });

  it('replaces /accounts with /dashboard/accounts, keeping the query string', async () => {
    const user = await createUser(twin);
    const { page, context } = await openSession(browser);
    await signInThroughUi(page, twin.webUrl, user.email, user.password);

    await page.goto(`${twin.webUrl}/accounts?error=auth_failed&error_message=Denied`);

    await page.waitForURL(`${twin.webUrl}/dashboard/accounts?error=auth_failed&error_message=Denied`);
    await page.goBack();
    await page.waitForURL(`${twin.webUrl}/dashboard`);
    await context.close();
  });

  it('shows the connecting message on /auth/callback, then goes to the Accounts page', async () => {
    const user = await createUser(twin);
    const { page, context } = await openSession(browser);
    await signInThroughUi(page, twin.webUrl, user.email, user.password);

    await page.goto(`${twin.webUrl}/auth/callback?platform=youtube`);
    await expect.poll(() => page.getByText('Your account is being connected. Please wait...').isVisible()).toBe(true);
    await page.waitForURL(`${twin.webUrl}/dashboard/accounts?platform=youtube`, { timeout: 5000 });
    await context.close();
  });
});
