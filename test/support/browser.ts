import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { existsSync, readFileSync } from 'node:fs';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell, installed by .ci/run when
 * missing): the same Blink and V8 as Chromium without the browser's UI layer, which Playwright
 * itself uses for headless runs. The e2e files spent less than half the CPU in it (24 against 57
 * CPU-seconds for three files; docs/testing.md). CHROMIUM_PATH=/usr/bin/chromium runs them in
 * the full browser instead.
 */
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium-headless-shell';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}: run .ci/run, apt-get install chromium-headless-shell, or set CHROMIUM_PATH to another Chromium`);
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
      '--disable-quic',
    ],
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors and CSP violations seen so far. */
  problems: string[];
  /** Requests that got no answer or a status ≥ 400 (some are expected; told when a step fails). */
  failedRequests: string[];
}

export async function openSession(browser: Browser, options: BrowserContextOptions = {}): Promise<Session> {
  const context = await browser.newContext({ locale: 'en-US', ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  const failedRequests: string[] = [];
  page.on('requestfailed', (request) => failedRequests.push(`no answer: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`));
  page.on('response', (response) => {
    if (response.status() >= 400) failedRequests.push(`answered ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return { context, page, problems, failedRequests };
}

/**
 * Runs a browser step; when it fails, the error also says where the page was, what it showed in
 * its alerts, and what went wrong in the page so far — so a failed CI run names its cause.
 */
export async function explained<T>(session: Pick<Session, 'page' | 'problems' | 'failedRequests'>, step: string, action: () => Promise<T>, twinLogFile?: string): Promise<T> {
  try {
    return await action();
  } catch (error) {
    const alerts = await session.page
      .getByRole('alert')
      .allTextContents()
      .catch(() => ['(could not read the page)']);
    const seen = [
      `page at ${session.page.url()}`,
      `alerts: ${alerts.length ? alerts.map((text) => JSON.stringify(text)).join(', ') : 'none'}`,
      `problems: ${session.problems.length ? session.problems.slice(-10).join(' | ') : 'none'}`,
      `failed requests: ${session.failedRequests.length ? session.failedRequests.slice(-10).join(' | ') : 'none'}`,
      ...(twinLogFile ? [`the twin's last log lines:\n${lastLines(twinLogFile, 25)}`] : []),
    ];
    throw new Error(`${step} failed: ${error instanceof Error ? error.message : String(error)}\n${seen.join('\n')}`, { cause: error });
  }
}

/**
 * Waits until the element is shown (15 s at most), for asserting that it is. The app renders after
 * its requests, lazy modules and debounced counters, so an immediate `isVisible()` races it (a CI
 * run failed on one: the X counter of a first comment was not drawn yet). Lint forbids the
 * immediate form in test/e2e/.
 */
export async function shown(locator: Locator, timeout = 15_000): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

export async function signInThroughUi(page: Page, webUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${webUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${webUrl}/dashboard`);
}

function lastLines(file: string, count: number): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
  } catch (error) {
    return `(could not read ${file}: ${(error as Error).message})`;
  }
}
