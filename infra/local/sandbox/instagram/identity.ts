import { digest, digits } from '../identity';

/** Who a sandbox account is on Instagram: ids shaped like the real ones, derived from the account name (../identity.ts). */

/** The Instagram professional account id (`user_id`): 17 digits starting 17841, like the real ones. */
export function instagramUserId(accountName: string): string {
  return `17841${digits(digest('instagram', accountName, 'user_id'), 12)}`;
}

/** The app-scoped Instagram user id (`id` on /me): 16 digits. */
export function instagramAppScopedId(accountName: string): string {
  return `2${digits(digest('instagram', accountName, 'id'), 15)}`;
}
