import { digest, digits } from '../identity';

/** Who a sandbox account is on Threads: an app-scoped Threads user id shaped like the real ones (../identity.ts). */

/** The Threads user id (`id` on /me, `user_id` of the code exchange): 17 digits. */
export function threadsUserId(accountName: string): string {
  return `2${digits(digest('threads', accountName, 'user_id'), 16)}`;
}
