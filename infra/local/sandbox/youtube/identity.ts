import { base64url, characters, digest, digits } from '../identity';

/** Who a sandbox account is on YouTube (a Google account with a channel): ids shaped like the real ones, derived from the account name (../identity.ts). */

/** YouTube channel id: "UC" + 22 base64url characters. */
export function youtubeChannelId(accountName: string): string {
  return `UC${characters(digest('youtube', accountName, 'channel'), 22, base64url)}`;
}

/** Google account id: 21 digits, starting with 1. */
export function googleUserId(accountName: string): string {
  return `1${digits(digest('youtube', accountName, 'user'), 20)}`;
}
