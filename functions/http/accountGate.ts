import type { RouteId } from '../../shared/api/routes';
import { AccountBeingDeleted, AccountDeleted } from '../errors';
import type { DeletedAccountRecord, DeletedAccounts } from '../services/deletedAccounts';

/**
 * Deletion is final: once a user's deletion starts, every route refuses them — checked here,
 * once, for every route with a verified caller and for the module sessions acting for a user,
 * against the tombstone in the deleted-accounts table. The JWT authorizer cannot do it: it
 * accepts an ID token until it expires, whatever happened to the user.
 *
 * While the deletion runs, the caller may still read its progress and continue it; afterwards,
 * only read its (completed) progress, which creates nothing.
 *
 * On an API call the rate limiter has already read the tombstone's status in the write that
 * counted the call (functions/http/rateLimit.ts) and passes it as `seen`: the gate then decides
 * without a read of its own.
 */
export interface AccountGate {
  admit(userId: string, route: RouteId | 'moduleSession', seen?: Seen): Promise<void>;
}

/** The account's deletion as read in the same request: its tombstone's status, or 'none'. */
export type Seen = DeletedAccountRecord['status'] | 'none';

const WHILE_DELETING: ReadonlySet<string> = new Set<RouteId>(['getAccountDeletion', 'deleteAccount']);
const AFTER_DELETION: ReadonlySet<string> = new Set<RouteId>(['getAccountDeletion']);

export function createAccountGate(deletedAccounts: Pick<DeletedAccounts, 'get'>): AccountGate {
  return {
    async admit(userId, route, seen) {
      const status = seen ?? (await deletedAccounts.get(userId))?.status ?? 'none';
      if (status === 'deleting' && !WHILE_DELETING.has(route)) throw new AccountBeingDeleted();
      if (status === 'deleted' && !AFTER_DELETION.has(route)) throw new AccountDeleted();
    },
  };
}
