import { expect } from 'vitest';
import { capabilities, platformNames, type Platform } from '../../shared/platforms';
import { sandboxServer } from './connect';
import { explained, type Session } from './browser';
import type { TwinInfo } from './twinInfo';

/**
 * Clicks the platform's connect button on the Accounts page and answers the sandbox's consent
 * page as a person would. Where one consent manages several accounts (Facebook Pages, LinkedIn
 * organizations) the picker comes first: it is checked to offer two and to refuse an empty
 * choice, then `pick` is picked (by default the account named `<platform name> <account>`, the
 * sandbox's first). Where the account lives on a server the user names (Mastodon), the sandbox's
 * first instance is typed into the card's server field first.
 */
export async function connectInBrowser(
  twin: TwinInfo,
  session: Session,
  platform: Platform,
  account: string,
  { decision = 'Allow', pick }: { decision?: 'Allow' | 'Deny'; pick?: string } = {},
) {
  const { page } = session;
  const name = platformNames[platform];
  if (capabilities[platform].connectServer) {
    await page.getByRole('listitem', { name, exact: true }).getByLabel(`Your ${name} server`).fill(sandboxServer(twin, platform)!);
  }
  await page.getByRole('button', { name: new RegExp(`^(Connect ${name}|Connect another ${name} account|Reconnect)$`) }).click();
  await explained(session, `Opening ${name}'s consent page`, () => page.waitForURL((url) => url.origin === twin.endpoints.sandbox), twin.logFile);
  await page.getByLabel('Sandbox account').fill(account);
  await page.getByLabel('Display name').fill(`${name} ${account}`);
  await page.getByRole('button', { name: decision }).click();
  await explained(session, `Coming back from ${name}'s consent page`, async () => {
    await page.waitForURL(/\/auth\/callback/);
    const picker = page.getByRole('form', { name: /^Choose the .+ to connect$/ });
    await Promise.race([page.waitForURL(/\/dashboard\/accounts/), picker.waitFor()]);
    if (decision === 'Allow' && (await picker.isVisible())) {
      const choices = picker.getByRole('checkbox');
      expect(await choices.count()).toBe(2);
      await picker.getByRole('button', { name: 'Connect selected' }).click();
      await expect.poll(() => picker.getByRole('alert').textContent()).toBe('Choose at least one account.');
      await picker.getByRole('checkbox', { name: pick ?? `${name} ${account}`, exact: true }).check();
      await picker.getByRole('button', { name: 'Connect selected' }).click();
    }
    await page.waitForURL(/\/dashboard\/accounts/);
  }, twin.logFile);
}
