import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AccountDeletion } from '../../shared/api/account';
import type { Clock } from '../clock';
import { AccountDeleted, Conflict, InvalidInput } from '../errors';
import type { TaskStarter } from './account';
import type { DeletedAccounts } from './deletedAccounts';
import type { UserIdentity } from './memberships';
import type { UserDirectory } from './userDirectory';
import type { WorkspaceService } from './workspaces';

const MEMBERSHIP_RECORD = 'membership';

export const CONFIRMATION_MISMATCH = 'To delete your account, type your e-mail address exactly as it is shown.';
export const DELETION_NOT_STARTED = 'The deletion could not be started. Press "Continue deletion" to try again.';

export interface DeletionTaskPayload {
  userId: string;
}

export interface AccountDeletionRequestsDeps {
  db: DynamoDBDocumentClient;
  membershipsTable: string;
  deletedAccounts: DeletedAccounts;
  deletionTask: TaskStarter;
  /** Turns the user's sign-in off before the answer (AdminDisableUser). */
  directory: Pick<UserDirectory, 'disableSignIn'>;
  /** A deletion waits while the user owns a shared workspace others work in. */
  workspaces: Pick<WorkspaceService, 'membershipsOf'>;
  clock: Clock;
}

/**
 * The API side of "Delete my account": checks the typed confirmation, writes the tombstone (from
 * then on every route refuses the user: functions/http/accountGate.ts), turns the user's sign-in
 * off (from then on the password gets no token, for as long as the deletion runs or waits to be
 * continued), marks the membership, and starts the deletion task without waiting for it (an
 * asynchronous Lambda invoke, like the export). Asking again while it runs answers its progress;
 * asking after it stopped (it failed, or its run outlived a Lambda's 15 minutes) continues it. No
 * second confirmation is needed.
 */
export function createAccountDeletionRequests({ db, membershipsTable, deletedAccounts, deletionTask, directory, workspaces, clock }: AccountDeletionRequestsDeps) {
  async function emailOf(user: UserIdentity): Promise<string> {
    if (user.email) return user.email;
    const { Item } = await db.send(new GetCommand({ TableName: membershipsTable, Key: { userId: user.userId, record: MEMBERSHIP_RECORD }, ConsistentRead: true }));
    return String(Item?.['userEmail'] ?? '');
  }

  /** The membership keeps a "being deleted" mark too (memberships.ensure refuses it). */
  async function markMembership(userId: string): Promise<void> {
    await db.send(
      new UpdateCommand({
        TableName: membershipsTable,
        Key: { userId, record: MEMBERSHIP_RECORD },
        UpdateExpression: 'SET deletingSince = if_not_exists(deletingSince, :now)',
        ExpressionAttributeValues: { ':now': clock.now().toISOString() },
      }),
    );
  }

  /**
   * Turns sign-in off (again, when continuing: every call is idempotent) and starts a run of the
   * task; if either fails, the deletion shows as stopped (with Continue) at once.
   */
  async function startTask(user: UserIdentity, prepare: () => Promise<void> = async () => undefined): Promise<void> {
    try {
      await directory.disableSignIn(user);
      await prepare();
      await deletionTask.start({ userId: user.userId } satisfies DeletionTaskPayload);
    } catch (error) {
      await deletedAccounts.failed(user.userId, DELETION_NOT_STARTED);
      throw error;
    }
  }

  return {
    async status(user: UserIdentity): Promise<AccountDeletion> {
      return deletedAccounts.describe(await deletedAccounts.get(user.userId));
    },

    async start(user: UserIdentity, confirmation: string): Promise<AccountDeletion> {
      const existing = await deletedAccounts.get(user.userId);
      if (existing?.status === 'deleted') throw new AccountDeleted();
      if (existing) {
        if (!deletedAccounts.describe(existing).stalled) return deletedAccounts.describe(existing);
        if (await deletedAccounts.resume(user.userId)) await startTask({ userId: user.userId, email: existing.email });
        return deletedAccounts.describe(await deletedAccounts.get(user.userId));
      }
      const email = await emailOf(user);
      if (!email || confirmation.trim().toLowerCase() !== email.toLowerCase()) {
        throw new InvalidInput(CONFIRMATION_MISMATCH, [{ path: 'body.confirmation', message: CONFIRMATION_MISMATCH }]);
      }
      // Deleting the owner would delete a workspace others work in: they hand it over first.
      const shared = (await workspaces.membershipsOf(user.userId)).filter((workspace) => workspace.owned && workspace.memberCount > 1);
      if (shared.length > 0) {
        throw new Conflict(
          `You own ${shared.map((workspace) => `"${workspace.name}"`).join(', ')}, where others work too. Transfer ${shared.length > 1 ? 'their' : 'its'} ownership to another member (Workspace page), or remove the other members, before deleting your account. Workspaces you own alone are deleted with it.`,
        );
      }
      // Two confirmations at once start one deletion: the second finds the first's tombstone.
      if (await deletedAccounts.begin({ userId: user.userId, email })) {
        await startTask({ userId: user.userId, email }, () => markMembership(user.userId));
      }
      return deletedAccounts.describe(await deletedAccounts.get(user.userId));
    },
  };
}

export type AccountDeletionRequests = ReturnType<typeof createAccountDeletionRequests>;
