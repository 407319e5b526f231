import type { Platform } from '../../../../shared/platforms';
import { connectErrorCodes, type ConnectErrorCode } from '../../../../shared/api/connections';
import { ApiError } from '../../lib/apiClient';

/**
 * Runs the confirm call and gives the query string the Accounts page shows the outcome from:
 * the API's own (`?platform=…&status=connected`), or `error=auth_failed` with a code — never
 * the server's or the URL's sentence, which the page does not display.
 */
export async function confirmedSearch(confirm: () => Promise<{ location: string }>, platform: Platform): Promise<string> {
  try {
    const { location } = await confirm();
    return new URL(location, globalThis.location?.origin ?? 'http://localhost').search;
  } catch (error) {
    const code: ConnectErrorCode | 'unknown' =
      error instanceof ApiError && error.status === 401
        ? 'signed_out'
        : error instanceof ApiError && (connectErrorCodes as readonly string[]).includes(error.code)
          ? (error.code as ConnectErrorCode)
          : 'unknown';
    return `?${new URLSearchParams({ platform, error: 'auth_failed', error_code: code }).toString()}`;
  }
}
