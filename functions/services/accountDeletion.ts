import { bucketKeys } from '../../shared/resources/buckets';
import { tableKeys, tables, type TableKey } from '../../shared/resources/tables';
import { deletionSteps, type AccountDeletion, type DeletionStep } from '../../shared/api/account';
import type { Platform } from '../../shared/platforms';
import { DomainError } from '../errors';
import type { Adapters } from '../platforms/registry';
import type { ConnectionItem, ConnectionStore } from './connectionStore';
import type { ConnectionService } from './connections';
import type { PublishExecutions } from './executions';
import type { UserIdentity } from './memberships';
import type { PostItem } from './postStore';
import { NOTIFICATION_PREFIX } from './postStore';
import type { PostService } from './posts';
import type { DeletedAccounts } from './deletedAccounts';
import type { UserData } from './userData';
import type { UserDirectory } from './userDirectory';
import type { WorkspaceService } from './workspaces';

const MEMBERSHIP_RECORD = 'membership';

export interface AccountDeletionDeps {
  deletedAccounts: DeletedAccounts;
  userData: UserData;
  posts: PostService;
  executions: PublishExecutions;
  connections: ConnectionService;
  connectionStore: ConnectionStore;
  adapters: Adapters;
  /** The task signs out and deletes; turning sign-in off is the request's (accountDeletionRequests.ts). */
  directory: Pick<UserDirectory, 'signOutEverywhere' | 'deleteUser'>;
  /** The shared workspaces the user owns alone (deleted with the account) and those they are a member of (left). */
  workspaces: Pick<WorkspaceService, 'membershipsOf' | 'removeMember'>;
  warn: (message: string, details: Record<string, unknown>) => void;
}

/** What each step does, for the reason a stopped deletion shows. */
const STEP_DOING: Record<DeletionStep, string> = {
  signOut: 'signing you out everywhere',
  posts: 'cancelling your scheduled posts',
  connections: 'disconnecting your accounts at the platforms',
  data: 'deleting your posts, content, files and other records',
  membership: 'deleting your membership',
  signIn: 'deleting your sign-in',
};

/**
 * Tables whose records let someone act for the user (OAuth states, module tokens and sessions)
 * go first, so nothing started before the deletion can add data behind it.
 */
const dataTables = (tableKeys.filter((key) => tables[key].userData.by !== 'none' && key !== 'memberships') as TableKey[]).sort(
  (a, b) => Number(tables[b].userData.by === 'attribute') - Number(tables[a].userData.by === 'attribute'),
);

/**
 * The deletion task: runs the steps in order, records each one done in the tombstone, and can
 * be run again any number of times (every step is idempotent; done steps are skipped), which is
 * how Settings continues a deletion that stopped. The membership row (which carries the "being
 * deleted" mark) and the sign-in go last.
 *  1. sign the user out everywhere (Cognito global sign-out: no new ID token can be had; the
 *     request turned their sign-in off before it answered, so no password gets one either);
 *  2. cancel the scheduled posts through the posts service (their executions stop) and stop
 *     the executions of posts publishing now;
 *  3. revoke each connection at its platform where the platform can (the disconnect path) and
 *     delete the tokens;
 *  4. delete the user's rows in every table that declares user data, and objects in every bucket;
 *  5. delete the membership partition; 6. delete the Cognito user.
 */
export function createAccountDeletion(deps: AccountDeletionDeps) {
  const { deletedAccounts, userData } = deps;

  /** Scheduled posts are cancelled (nothing publishes); posts publishing now have their execution stopped. */
  async function stopPosts(user: UserIdentity): Promise<number> {
    const rows = (await userData.rows('posts', user.userId)) as unknown as PostItem[];
    let cancelled = 0;
    for (const post of rows) {
      if (post.postId.startsWith(NOTIFICATION_PREFIX)) continue;
      if (post.status === 'scheduled') {
        try {
          await deps.posts.cancel(user, post.postId);
          cancelled++;
          continue;
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          // Already moving (or YouTube holds it): stop its execution directly below.
        }
      }
      if (post.status === 'scheduled' || post.status === 'publishing') {
        for (const name of new Set([post.currentExecution, ...(post.executions ?? [])].filter((name): name is string => Boolean(name)))) {
          await deps.executions.stop(name, 'The account is being deleted');
        }
        if (post.status === 'scheduled') cancelled++;
      }
    }
    return cancelled;
  }

  /** Revokes each live connection at its platform (the disconnect path) and deletes its tokens. */
  async function revokeConnections(user: UserIdentity): Promise<number> {
    const items = await deps.connectionStore.list(user.userId);
    let revoked = 0;
    for (const item of items.filter((connection) => connection.status !== 'disconnected')) {
      try {
        await deps.connections.disconnect(user, item.platform, item.platformUserId);
      } catch (error) {
        // The disconnect transaction also frees the account slot; if that could not be done,
        // revoke directly: the row (and its tokens) is deleted with the rest just after.
        deps.warn('Disconnect failed while deleting the account; revoking directly', { platform: item.platform, error: (error as Error).message });
        await revokeDirectly(item);
      }
      revoked++;
    }
    return revoked;
  }

  async function revokeDirectly(item: ConnectionItem): Promise<void> {
    try {
      const tokens = await deps.connectionStore.tokensOf(item);
      if (tokens) await deps.adapters[item.platform as Platform]?.revoke(tokens);
    } catch (error) {
      deps.warn('Revoking at the platform failed; our copy of the tokens is deleted anyway', { platform: item.platform, error: (error as Error).message });
    }
  }

  async function deleteData(user: UserIdentity): Promise<number> {
    let deleted = 0;
    for (const key of dataTables) deleted += await userData.deleteRows(key, user.userId);
    for (const key of bucketKeys) deleted += await userData.deleteObjects(key, user.userId);
    return deleted;
  }

  /**
   * The partitions an account's deletion empties: the personal workspace's, and each shared
   * workspace the user owns with no other member (the request refused a deletion while one had
   * others: they transfer it first). Read again on every run, until the membership step deletes
   * the rows it is read from.
   */
  async function partitionsOf(user: UserIdentity): Promise<UserIdentity[]> {
    const owned = (await deps.workspaces.membershipsOf(user.userId)).filter((workspace) => workspace.owned && workspace.memberCount <= 1);
    return [user, ...owned.map((workspace) => ({ userId: workspace.workspaceId, email: user.email }))];
  }

  const inEveryPartition =
    (step: (partition: UserIdentity) => Promise<number>) =>
    async (user: UserIdentity): Promise<number> => {
      let count = 0;
      for (const partition of await partitionsOf(user)) count += await step(partition);
      return count;
    };

  /** Leaves the workspaces the user is a member of, then deletes the workspaces' and the user's own records. */
  async function deleteMemberships(user: UserIdentity): Promise<number> {
    let count = 0;
    for (const workspace of await deps.workspaces.membershipsOf(user.userId)) {
      if (workspace.owned) continue;
      try {
        await deps.workspaces.removeMember({ workspaceId: workspace.workspaceId, role: 'owner', personal: false }, user.userId);
      } catch (error) {
        // Already removed (a run before this one, or an admin): nothing of theirs is left there.
        if (!(error instanceof DomainError)) throw error;
      }
      count++;
    }
    for (const partition of (await partitionsOf(user)).reverse()) {
      count += await userData.deleteRows('memberships', partition.userId, (row) => row['record'] === MEMBERSHIP_RECORD);
      count += await userData.deleteRows('memberships', partition.userId);
    }
    return count;
  }

  const steps: Record<DeletionStep, (user: UserIdentity) => Promise<number | null>> = {
    signOut: async (user) => (await deps.directory.signOutEverywhere(user), null),
    posts: inEveryPartition(stopPosts),
    connections: inEveryPartition(revokeConnections),
    data: inEveryPartition(deleteData),
    // The membership row keeps the mark until everything else of the partition is gone. An
    // export that was running stored its archive only while its record existed: the exports
    // bucket is swept once more after the record is gone (the task deletes what it stores later).
    // The user's own partition goes last: its rows name the workspaces the steps above emptied.
    membership: async (user) => (await deleteMemberships(user)) + (await userData.deleteObjects('exports', user.userId)),
    signIn: async (user) => (await deps.directory.deleteUser(user), null),
  };

  return {
    /**
     * One run of the deletion task. Resolves with the progress; a step that fails records why
     * (in words, shown in Settings with "Continue deletion") and rejects.
     */
    async run(userId: string): Promise<AccountDeletion> {
      const record = await deletedAccounts.get(userId);
      if (!record || record.status === 'deleted') return deletedAccounts.describe(record);
      const user = { userId, email: record.email };
      for (const step of deletionSteps) {
        if (record.steps[step]) continue;
        try {
          const count = await steps[step](user);
          await deletedAccounts.stepDone(userId, step, count);
        } catch (error) {
          deps.warn('Account deletion stopped', { step, error: (error as Error).message });
          const cause = error instanceof DomainError ? ` (${error.message})` : '';
          await deletedAccounts.failed(userId, `The deletion stopped while ${STEP_DOING[step]}${cause}. Continue the deletion to finish it.`);
          throw error;
        }
      }
      await deletedAccounts.completed(userId);
      return deletedAccounts.describe(await deletedAccounts.get(userId));
    },
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletion>;
