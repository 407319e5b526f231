import { base62, characters, digest } from '../identity';

/** Who a sandbox account is on LinkedIn: ids shaped like the real ones, derived from the account name (../identity.ts). */

/** LinkedIn OpenID `sub`: 10 alphanumerics (the author URN is urn:li:person:{sub}). */
export function linkedinSub(accountName: string): string {
  return characters(digest('linkedin', accountName, 'sub'), 10, base62);
}
