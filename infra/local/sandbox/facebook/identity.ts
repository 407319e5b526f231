import { digest, digits } from '../identity';

/**
 * Who a sandbox account is on Facebook (ids shaped like the real ones, derived from the name).
 * The name typed on the consent page is a Facebook user who manages two Pages: the first is the
 * account of the same name (its feed at /facebook/_feed/<name>, its display name the user's),
 * the second the account `<name>.page-2` ("<display name> (Page 2)"). A user whose name starts
 * with `nopages` manages none. Which token acts for the user and which for a Page is told by the
 * token itself (a Page token starts EAAP, a User token EAAU), as Facebook tells them apart.
 */

export function managedPages(userName: string): string[] {
  return userName.startsWith('nopages') ? [] : [userName, `${userName}.page-2`];
}

/** A Page's display name, from the display name of the user who manages it. */
export function pageDisplayName(userName: string, userDisplayName: string, pageName: string): string {
  return pageName === userName ? userDisplayName : `${userDisplayName} (Page 2)`;
}

export const USER_TOKEN_PREFIX = 'EAAU';
export const PAGE_TOKEN_PREFIX = 'EAAP';

export function isPageToken(token: string | undefined): boolean {
  return token?.startsWith(PAGE_TOKEN_PREFIX) ?? false;
}

/** A Page id: 15 digits starting 1000, like the real ones. */
export function facebookPageId(pageName: string): string {
  return `1000${digits(digest('facebook', pageName, 'page'), 11)}`;
}

/** An app-scoped user id: 16 digits. */
export function facebookUserId(userName: string): string {
  return `2${digits(digest('facebook', userName, 'user'), 15)}`;
}
