import { digest, digits } from '../identity';

/**
 * Who a sandbox account is on Google Business Profile (ids shaped like the real ones, derived
 * from the name). The name typed on the consent page is a Google user who manages one business
 * account with two locations: the first is the sandbox account of the same name (its feed at
 * /googleBusiness/_feed/<name>, its title the user's display name), the second the account
 * `<name>.location-2` ("<display name> (second location)"). A user whose name starts with
 * `nolocations` manages none.
 */

export function managedLocations(userName: string): string[] {
  return userName.startsWith('nolocations') ? [] : [userName, `${userName}.location-2`];
}

/** A location's title, from the display name of the user who manages it. */
export function locationTitle(userName: string, userDisplayName: string, locationName: string): string {
  return locationName === userName ? userDisplayName : `${userDisplayName} (second location)`;
}

/** A business account id (accounts/{id}): 21 digits. */
export function businessAccountId(userName: string): string {
  return `1${digits(digest('googleBusiness', userName, 'account'), 20)}`;
}

/** A location id (locations/{id}): 19 digits. */
export function locationId(locationName: string): string {
  return `1${digits(digest('googleBusiness', locationName, 'location'), 18)}`;
}
