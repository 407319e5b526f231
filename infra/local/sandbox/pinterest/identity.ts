import { digest, digits, handle } from '../identity';

/** Who a sandbox account is on Pinterest: an account id of 18 digits, as /v5/user_account gives it (../identity.ts). */
export function pinterestUserId(accountName: string): string {
  return `9${digits(digest('pinterest', accountName, 'user_account'), 17)}`;
}

export function pinterestUsername(accountName: string): string {
  return handle(accountName, 30);
}

/** The account's first board, which every sandbox account has (an 18-digit id). */
export function firstBoardId(accountName: string): string {
  return `8${digits(digest('pinterest', accountName, 'board'), 17)}`;
}
