import { digest, digits, handle } from '../identity';

/** Who a sandbox account is on X: ids shaped like the real ones, derived from the account name (../identity.ts). */

/** X user id: a 19-digit snowflake. */
export function xUserId(accountName: string): string {
  return `1${digits(digest('x', accountName, 'id'), 18)}`;
}

/** X username: at most 15 letters, digits and `_`. */
export function xUsername(accountName: string): string {
  return handle(accountName, 15).replace(/\./g, '_');
}
