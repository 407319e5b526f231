import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  membershipAllowances,
  type Membership,
  type MembershipType,
} from '../../shared/api/membership';
import type { Clock } from '../clock';
import { AccountBeingDeleted } from '../errors';

const MEMBERSHIP_RECORD = 'membership';

export interface MembershipServiceDeps {
  db: DynamoDBDocumentClient;
  tableName: string;
  clock: Clock;
}

export interface UserIdentity {
  userId: string;
  email: string;
}

interface MembershipItem extends Omit<Membership, 'maxPosts' | 'maxAccounts' | 'maxStorageBytes'> {
  record: typeof MEMBERSHIP_RECORD;
  maxPosts: number | null;
  maxAccounts: number | null;
  /** Absent on memberships made before storage quotas: the type's allowance applies. */
  maxStorageBytes?: number | null;
  /** Connections counted against maxAccounts (connected or needing reconnect). */
  connectedAccounts: number;
  updatedAt: string;
  /** A shared workspace's plan record (functions/services/workspaces.ts), not a person's. */
  workspace?: true;
  /** Set when the user asked to delete the account: every call that reads the membership is refused. */
  deletingSince?: string;
}

function toMembership(item: MembershipItem): Membership {
  return {
    userId: item.userId,
    userEmail: item.userEmail,
    membershipType: item.membershipType,
    maxPosts: item.maxPosts,
    canSchedule: item.canSchedule,
    maxAccounts: item.maxAccounts,
    maxStorageBytes: storageLimitOf(item),
    createdAt: item.createdAt,
  };
}

function storageLimitOf(item: Pick<MembershipItem, 'membershipType' | 'maxStorageBytes'>): number | null {
  return item.maxStorageBytes !== undefined ? item.maxStorageBytes : membershipAllowances[item.membershipType].maxStorageBytes;
}

export function createMembershipService({ db, tableName, clock }: MembershipServiceDeps) {
  async function find(userId: string): Promise<MembershipItem | undefined> {
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName, Key: { userId, record: MEMBERSHIP_RECORD }, ConsistentRead: true }),
    );
    return Item as MembershipItem | undefined;
  }

  async function createDefault(user: UserIdentity): Promise<MembershipItem | undefined> {
    const now = clock.now().toISOString();
    const item: MembershipItem = {
      userId: user.userId,
      record: MEMBERSHIP_RECORD,
      userEmail: user.email,
      membershipType: 'free',
      ...membershipAllowances.free,
      connectedAccounts: 0,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: item,
          ConditionExpression: 'attribute_not_exists(userId)',
        }),
      );
      return item;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }

  async function updateEmail(item: MembershipItem, email: string): Promise<MembershipItem> {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { userId: item.userId, record: MEMBERSHIP_RECORD },
        UpdateExpression: 'SET userEmail = :email, updatedAt = :now',
        ExpressionAttributeValues: { ':email': email, ':now': clock.now().toISOString() },
      }),
    );
    return { ...item, userEmail: email };
  }

  return {
    /**
     * Returns the user's membership, creating the default free one on first call. Concurrent
     * first calls create exactly one row: the create is conditional, and the loser reads the
     * winner's row.
     */
    async ensure(user: UserIdentity): Promise<Membership> {
      let item = (await find(user.userId)) ?? (await createDefault(user)) ?? (await find(user.userId));
      if (!item) throw new Error(`Membership for ${user.userId} vanished while being created`);
      if (item.deletingSince) throw new AccountBeingDeleted();
      // A shared workspace's plan record keeps its owner's address, whoever of its members calls.
      if (user.email && item.userEmail !== user.email && !item.workspace) item = await updateEmail(item, user.email);
      return toMembership(item);
    },

    /** The user's account usage against the membership's limit. */
    async accountUsage(user: UserIdentity): Promise<{ connectedAccounts: number; maxAccounts: number | null }> {
      await this.ensure(user);
      const item = await find(user.userId);
      return { connectedAccounts: Number(item?.connectedAccounts ?? 0), maxAccounts: item?.maxAccounts ?? null };
    },

    /**
     * A transaction step that takes one account slot, failing (condition) when the membership
     * is at its limit. `maxAccounts` null means unlimited.
     */
    reserveAccountSlot(userId: string) {
      return {
        Update: {
          TableName: tableName,
          Key: { userId, record: MEMBERSHIP_RECORD },
          UpdateExpression: 'SET connectedAccounts = if_not_exists(connectedAccounts, :zero) + :one',
          ConditionExpression:
            'attribute_exists(userId) AND (attribute_type(maxAccounts, :null) OR attribute_not_exists(connectedAccounts) OR connectedAccounts < maxAccounts)',
          ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':null': 'NULL' },
        },
      };
    },

    /**
     * A transaction step that takes `count` account slots at once (one consent connecting several
     * accounts), for a membership read with `maxAccounts` as its limit: it fails (condition) when
     * fewer slots are left, or when the limit changed since it was read (the caller reads again).
     */
    reserveAccountSlots(userId: string, count: number, maxAccounts: number | null) {
      if (count === 1) return this.reserveAccountSlot(userId);
      return {
        Update: {
          TableName: tableName,
          Key: { userId, record: MEMBERSHIP_RECORD },
          UpdateExpression: 'SET connectedAccounts = if_not_exists(connectedAccounts, :zero) + :count',
          ConditionExpression:
            maxAccounts === null
              ? 'attribute_exists(userId) AND attribute_type(maxAccounts, :null)'
              : 'attribute_exists(userId) AND maxAccounts = :max AND (attribute_not_exists(connectedAccounts) OR connectedAccounts <= :last)',
          ExpressionAttributeValues:
            maxAccounts === null
              ? { ':count': count, ':zero': 0, ':null': 'NULL' }
              : { ':count': count, ':zero': 0, ':max': maxAccounts, ':last': maxAccounts - count },
        },
      };
    },

    /** A transaction step that gives an account slot back. */
    releaseAccountSlot(userId: string) {
      return {
        Update: {
          TableName: tableName,
          Key: { userId, record: MEMBERSHIP_RECORD },
          UpdateExpression: 'SET connectedAccounts = connectedAccounts - :one',
          ConditionExpression: 'connectedAccounts > :zero',
          ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
        },
      };
    },

    /**
     * A transaction step that counts one post against the calendar month's (UTC) allowance;
     * it fails (condition) when the month's posts are used up. `maxPosts` null: unlimited.
     */
    reservePostSlot(userId: string, month: string, maxPosts: number | null) {
      return {
        Update: {
          TableName: tableName,
          Key: { userId, record: `usage#${month}` },
          UpdateExpression: 'SET posts = if_not_exists(posts, :zero) + :one',
          ...(maxPosts === null
            ? { ExpressionAttributeValues: { ':one': 1, ':zero': 0 } }
            : {
                ConditionExpression: 'attribute_not_exists(posts) OR posts < :max',
                ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':max': maxPosts },
              }),
        },
      };
    },

    /** Posts counted this calendar month (UTC). */
    async postsThisMonth(userId: string, month: string): Promise<number> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { userId, record: `usage#${month}` }, ConsistentRead: true }));
      return Number(Item?.['posts'] ?? 0);
    },

    /**
     * The user's storage limit in bytes (null: none), read without creating anything: a module
     * session's user, or a sweep, may have no membership row (the free plan's limit applies).
     */
    async storageLimit(userId: string): Promise<number | null> {
      const item = await find(userId);
      return item ? storageLimitOf(item) : membershipAllowances.free.maxStorageBytes;
    },

    /** Operator action: set a user's membership type and the allowances that come with it. */
    async setType(user: UserIdentity, membershipType: MembershipType): Promise<Membership> {
      const now = clock.now().toISOString();
      const allowances = membershipAllowances[membershipType];
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId: user.userId, record: MEMBERSHIP_RECORD },
          UpdateExpression:
            'SET userEmail = :email, membershipType = :type, maxPosts = :maxPosts, canSchedule = :canSchedule, ' +
            'maxAccounts = :maxAccounts, maxStorageBytes = :maxStorageBytes, updatedAt = :now, createdAt = if_not_exists(createdAt, :now), ' +
            'connectedAccounts = if_not_exists(connectedAccounts, :zero)',
          ExpressionAttributeValues: {
            ':email': user.email,
            ':type': membershipType,
            ':maxPosts': allowances.maxPosts,
            ':canSchedule': allowances.canSchedule,
            ':maxAccounts': allowances.maxAccounts,
            ':maxStorageBytes': allowances.maxStorageBytes,
            ':now': now,
            ':zero': 0,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toMembership(Attributes as MembershipItem);
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
