import { AdminDeleteUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { bucketKeys } from '../../shared/resources/buckets';
import { tableKeys, tables, type TableKey } from '../../shared/resources/tables';
import type { AccountDeletion } from '../../shared/api/account';
import type { Platform } from '../../shared/platforms';
import type { Clock } from '../clock';
import { DomainError, InvalidInput } from '../errors';
import type { Adapters } from '../platforms/registry';
import type { ConnectionItem, ConnectionStore } from './connectionStore';
import type { ConnectionService } from './connections';
import type { PublishExecutions } from './executions';
import type { UserIdentity } from './memberships';
import type { PostItem } from './postStore';
import { NOTIFICATION_PREFIX } from './postStore';
import type { PostService } from './posts';
import type { UserData } from './userData';

const MEMBERSHIP_RECORD = 'membership';

/** Deletes the user's sign-in (idempotent: a user already gone is fine). */
export interface UserDirectory {
  deleteUser(user: UserIdentity): Promise<void>;
}

/**
 * Cognito: AdminDeleteUser. The pool signs users in by e-mail, so the user name is the `sub`;
 * the e-mail is tried too (pools where the user name is the e-mail, as cognito-local keeps it).
 */
export function createCognitoDirectory(client: CognitoIdentityProviderClient, userPoolId: string): UserDirectory {
  return {
    async deleteUser(user) {
      for (const username of [user.userId, user.email].filter(Boolean)) {
        try {
          await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
          return;
        } catch (error) {
          if ((error as Error).name !== 'UserNotFoundException') throw error;
        }
      }
    },
  };
}

export interface AccountDeletionDeps {
  db: DynamoDBDocumentClient;
  membershipsTable: string;
  userData: UserData;
  posts: PostService;
  executions: PublishExecutions;
  connections: ConnectionService;
  connectionStore: ConnectionStore;
  adapters: Adapters;
  directory: UserDirectory;
  clock: Clock;
  warn: (message: string, details: Record<string, unknown>) => void;
}

export const CONFIRMATION_MISMATCH = 'To delete your account, type your e-mail address exactly as it is shown.';

/**
 * Deleting an account, in an order that can be resumed: every step is idempotent, and the
 * membership row (which carries the "being deleted" mark) and the sign-in go last, so a
 * deletion that stopped halfway is finished by confirming again.
 *  1. mark the account as being deleted (every other call is refused from then on);
 *  2. cancel its scheduled posts through the posts service (their executions stop) and stop
 *     the executions of posts publishing now;
 *  3. revoke each connection at its platform where the platform can (the disconnect path) and
 *     delete the tokens;
 *  4. delete its rows in every table that declares user data, and its objects in every bucket;
 *  5. delete the membership row, then the Cognito user.
 */
export function createAccountDeletion(deps: AccountDeletionDeps) {
  const { db, membershipsTable, userData, clock } = deps;

  async function emailOf(user: UserIdentity): Promise<string> {
    if (user.email) return user.email;
    const { Item } = await db.send(new GetCommand({ TableName: membershipsTable, Key: { userId: user.userId, record: MEMBERSHIP_RECORD }, ConsistentRead: true }));
    return String(Item?.['userEmail'] ?? '');
  }

  async function markDeleting(userId: string): Promise<void> {
    await db.send(
      new UpdateCommand({
        TableName: membershipsTable,
        Key: { userId, record: MEMBERSHIP_RECORD },
        UpdateExpression: 'SET deletingSince = if_not_exists(deletingSince, :now)',
        ExpressionAttributeValues: { ':now': clock.now().toISOString() },
      }),
    );
  }

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

  return {
    async delete(user: UserIdentity, confirmation: string): Promise<AccountDeletion> {
      const email = await emailOf(user);
      if (!email || confirmation.trim().toLowerCase() !== email.toLowerCase()) {
        throw new InvalidInput(CONFIRMATION_MISMATCH, [{ path: 'body.confirmation', message: CONFIRMATION_MISMATCH }]);
      }
      await markDeleting(user.userId);
      const identity = { userId: user.userId, email };
      const cancelledPosts = await stopPosts(identity);
      const revokedConnections = await revokeConnections(identity);

      let deletedRows = 0;
      const dataTables = tableKeys.filter((key) => tables[key].userData.by !== 'none');
      for (const key of dataTables.filter((key): key is Exclude<TableKey, 'memberships'> => key !== 'memberships')) {
        deletedRows += await userData.deleteRows(key, user.userId);
      }
      let deletedObjects = 0;
      for (const key of bucketKeys) deletedObjects += await userData.deleteObjects(key, user.userId);
      // The membership row keeps the mark until everything else is gone.
      deletedRows += await userData.deleteRows('memberships', user.userId, (row) => row['record'] === MEMBERSHIP_RECORD);
      deletedRows += await userData.deleteRows('memberships', user.userId);
      await deps.directory.deleteUser(identity);
      return { deleted: true, cancelledPosts, revokedConnections, deletedRows, deletedObjects };
    },
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletion>;
