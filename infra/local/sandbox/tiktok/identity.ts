import { digest, uuidShape } from '../identity';

/** Who a sandbox account is on TikTok: ids shaped like the real ones, derived from the account name (../identity.ts). */

export function tiktokOpenId(accountName: string): string {
  return uuidShape(digest('tiktok', accountName, 'open_id'));
}

export function tiktokUnionId(accountName: string): string {
  return uuidShape(digest('tiktok', accountName, 'union_id'));
}
