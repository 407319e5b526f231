import type { Me } from '../../../../shared/api/membership';

/** The spec's client user record in local storage: id, email, membership, isAdmin. */
export const storedUserKey = 'oneclick_user';

export function storeUser(me: Me): void {
  localStorage.setItem(
    storedUserKey,
    JSON.stringify({ id: me.userId, email: me.email, membership: me.membership.membershipType, isAdmin: me.isAdmin }),
  );
}

export function clearStoredUser(): void {
  localStorage.removeItem(storedUserKey);
}
