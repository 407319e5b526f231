import type { RouteId } from '../../shared/api/routes';
import { AccountBeingDeleted, AccountDeleted } from '../errors';
import type { DeletedAccounts } from '../services/deletedAccounts';

/**
 * Deletion is final: once a user's deletion starts, every route refuses them — checked here,
 * once, for every route with a verified caller and for the module sessions acting for a user,
 * against the tombstone in the deleted-accounts table. The JWT authorizer cannot do it: it
 * accepts an ID token until it expires, whatever happened to the user.
 *
 * While the deletion runs, the caller may still read its progress and continue it; afterwards,
 * only read its (completed) progress, which creates nothing.
 */
export interface AccountGate {
  admit(userId: string, route: RouteId | 'moduleSession'): Promise<void>;
}

const WHILE_DELETING: ReadonlySet<string> = new Set<RouteId>(['getAccountDeletion', 'deleteAccount']);
const AFTER_DELETION: ReadonlySet<string> = new Set<RouteId>(['getAccountDeletion']);

export function createAccountGate(deletedAccounts: Pick<DeletedAccounts, 'get'>): AccountGate {
  return {
    async admit(userId, route) {
      const tombstone = await deletedAccounts.get(userId);
      if (!tombstone) return;
      if (tombstone.status === 'deleting' && !WHILE_DELETING.has(route)) throw new AccountBeingDeleted();
      if (tombstone.status === 'deleted' && !AFTER_DELETION.has(route)) throw new AccountDeleted();
    },
  };
}
