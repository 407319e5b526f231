import type { Platform } from '../../../../shared/platforms';
import { connectErrorCodes, type Confirmation, type ConnectErrorCode } from '../../../../shared/api/connections';
import { ApiError } from '../../lib/apiClient';

/** A confirm's outcome: the query string the Accounts page shows it from, or accounts to pick. */
export type ConfirmOutcome = { search: string } | Extract<Confirmation, { choice: unknown }>;

/** `error=auth_failed` with a code — never the server's or the URL's sentence, which the page does not display. */
function failureSearch(error: unknown, platform: Platform): string {
  const code: ConnectErrorCode | 'unknown' =
    error instanceof ApiError && error.status === 401
      ? 'signed_out'
      : error instanceof ApiError && (connectErrorCodes as readonly string[]).includes(error.code)
        ? (error.code as ConnectErrorCode)
        : 'unknown';
  return `?${new URLSearchParams({ platform, error: 'auth_failed', error_code: code }).toString()}`;
}

const searchOf = (location: string) => new URL(location, globalThis.location?.origin ?? 'http://localhost').search;

/**
 * Runs the confirm call and gives the query string the Accounts page shows the outcome from
 * (the API's own `?platform=…&status=connected`, or a failure's code), or — where one consent
 * manages several accounts — the accounts to pick from.
 */
export async function confirmedOutcome(confirm: () => Promise<Confirmation>, platform: Platform): Promise<ConfirmOutcome> {
  try {
    const confirmation = await confirm();
    return 'choice' in confirmation ? confirmation : { search: searchOf(confirmation.location) };
  } catch (error) {
    return { search: failureSearch(error, platform) };
  }
}

/** Runs the call that connects the picked accounts; the query string the Accounts page shows its outcome from. */
export async function confirmedSearch(confirm: () => Promise<{ location: string }>, platform: Platform): Promise<string> {
  try {
    return searchOf((await confirm()).location);
  } catch (error) {
    return failureSearch(error, platform);
  }
}
