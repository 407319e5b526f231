import type { TFunction } from 'i18next';
import { platformNames, type Platform } from '../../../../../shared/platforms';
import { connectErrorCodes, type ConnectErrorCode } from '../../../../../shared/api/connections';

/**
 * The words for a failed connection, from its code only. The URL's `error_message` (or any
 * other text in the address) is never shown: anyone can craft a link to this page.
 */
export function connectErrorText(t: TFunction, code: string | null, platform: Platform | undefined, maxAccounts: number | null | undefined): string {
  if (!code || !(connectErrorCodes as readonly string[]).includes(code)) return t('accounts.errors.unknown');
  if (!platform && namesThePlatform.has(code as ConnectErrorCode)) return t('accounts.errors.unknown');
  return t(`accounts.errors.${code as ConnectErrorCode}`, { platform: platform ? platformNames[platform] : '', max: maxAccounts ?? 1 });
}

/** Codes whose words name the platform: without a known platform in the URL, the generic words. */
const namesThePlatform = new Set<ConnectErrorCode>(['access_denied', 'missing_scopes', 'not_configured', 'exchange_failed', 'no_accounts']);
