import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openSession, signInThroughUi } from '../support/browser';
import { createUser } from '../support/users';
import { dashboardPages, publicPages } from '../support/pages';

/**
 * The production build under the real response headers (the twin's web server sends the same
 * CSP, HSTS, framing and referrer headers as CloudFront): the app must work with the CSP
 * enforced, must not be frameable by another site, and the API must not answer other origins.
 */
const twin = inject('twin');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Records every CSP violation the page reports, from before the app's first script runs. */
const recordViolations = () => {
  const seen: string[] = [];
  (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} blocked ${event.blockedURI}`));
};

describe('web security', () => {
  it('every page works under the enforced Content-Security-Policy: no violation, no console error', async () => {
    const user = await createUser(twin);
    const { page, context, problems } = await openSession(browser);
    await page.addInitScript(recordViolations);
    const violations = async () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations ?? []);

    for (const path of publicPages) {
      const response = await page.goto(`${twin.webUrl}${path}`);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await violations(), path).toEqual([]);
    }
    await signInThroughUi(page, twin.webUrl, user.email, user.password);
    for (const path of dashboardPages) {
      await page.goto(`${twin.webUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(300);
      expect(await violations(), path).toEqual([]);
    }
    expect(problems.filter((problem) => /Content Security Policy|Refused to/i.test(problem))).toEqual([]);
    await context.close();
  });

  it('another site cannot frame the app (frame-ancestors none, X-Frame-Options DENY)', async () => {
    const { page, context, problems } = await openSession(browser);
    // A page on another origin (the sandbox's) that tries to embed the app.
    await page.goto(`${twin.endpoints.sandbox}/_sandbox/feed-page-that-does-not-exist`).catch(() => undefined);
    await page.setContent(`<iframe id="victim" src="${twin.webUrl}/login" width="400" height="300"></iframe>`);
    await page.waitForTimeout(1500);

    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    const loginRendered = await framed
      ?.locator('input[type="password"]')
      .count()
      .catch(() => 0);

    expect(loginRendered ?? 0).toBe(0);
    expect(problems.join('\n')).toMatch(/frame-ancestors|X-Frame-Options|Refused to (display|frame)/i);
    await context.close();
  });

  it("the API answers no other origin: no CORS headers, so a browser on another site cannot read it", async () => {
    const user = await createUser(twin);
    const preflight = await fetch(`${twin.apiUrl}/me`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();

    const direct = await fetch(`${twin.apiUrl}/me`, { headers: { origin: 'https://evil.example', authorization: `Bearer ${user.idToken}` } });
    expect(direct.headers.get('access-control-allow-origin')).toBeNull();
    expect(direct.headers.get('access-control-allow-credentials')).toBeNull();

    // The same request from a page on another origin fails in the browser.
    const { page, context } = await openSession(browser);
    await page.goto(`${twin.endpoints.sandbox}/_sandbox/feed-page-that-does-not-exist`).catch(() => undefined);
    const outcome = await page.evaluate(
      async ({ url, token }) => {
        try {
          const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
          return `read ${response.status}`;
        } catch (error) {
          return `blocked: ${(error as Error).name}`;
        }
      },
      { url: `${twin.apiUrl}/me`, token: user.idToken },
    );
    expect(outcome).toMatch(/^blocked/);
    await context.close();
  });
});
