import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { ACTIVITY_PAGE_SIZE, type ActivityActor, type ActivityEntry, type ActivityKind, type ActivityPage, type ActivityTarget } from '../../shared/api/activity';
import type { Clock } from '../clock';
import { InvalidInput } from '../errors';

/** One action, as it is stored in the activity table (partition: the workspace). */
export interface ActivityItem extends ActivityEntry {
  /** The workspace's id (a personal workspace's is its owner's user id). */
  userId: string;
  /** The acting member's user id, for the filter by member; absent for a client or OneClick. */
  actorId?: string;
}

export interface ActivityRecord {
  workspaceId: string;
  kind: ActivityKind;
  actor: ActivityActor;
  target?: ActivityTarget;
}

export interface ActivityFilter {
  kind?: ActivityKind | undefined;
  member?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** Reads a page at most this many times to fill it when a filter skips most items. */
const MAX_READS_PER_PAGE = 10;

const encodeCursor = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeCursor(cursor: string, workspaceId: string): Record<string, unknown> {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    // A cursor names a place in this workspace's log only: another partition's key is refused.
    if (key['userId'] === workspaceId && typeof key['activityId'] === 'string' && Object.keys(key).length === 2) return key;
  } catch {
    // Not ours: refused below.
  }
  throw new InvalidInput('This page of the activity log cannot be continued: open the log again.');
}

/**
 * The workspace's activity log, in its own table: every API function may add to it (one PutItem
 * per action, never an update), and only the workspace's readers list it. Newest first, by ULID.
 */
export function createActivityLog({ db, tableName, clock }: { db: DynamoDBDocumentClient; tableName: string; clock: Clock }) {
  return {
    async record({ workspaceId, kind, actor, target = {} }: ActivityRecord): Promise<ActivityEntry> {
      const now = clock.now();
      const item: ActivityItem = {
        userId: workspaceId,
        activityId: ulid(now.getTime()),
        kind,
        at: now.toISOString(),
        actor,
        target,
        ...(actor.type === 'member' ? { actorId: actor.userId } : {}),
      };
      await db.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(activityId)' }));
      return toEntry(item);
    },

    /** A page of the log, newest first; the filters apply before the page is counted. */
    async list(workspaceId: string, filter: ActivityFilter = {}): Promise<ActivityPage> {
      const limit = filter.limit ?? ACTIVITY_PAGE_SIZE;
      const entries: ActivityEntry[] = [];
      const conditions: string[] = [];
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = { ':workspace': workspaceId };
      if (filter.kind) {
        conditions.push('#kind = :kind');
        names['#kind'] = 'kind';
        values[':kind'] = filter.kind;
      }
      if (filter.member) {
        conditions.push('actorId = :member');
        values[':member'] = filter.member;
      }
      let startKey = filter.cursor ? decodeCursor(filter.cursor, workspaceId) : undefined;
      for (let reads = 0; reads < MAX_READS_PER_PAGE && entries.length < limit; reads++) {
        const page = await db.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'userId = :workspace',
            ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
            ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
            ExpressionAttributeValues: values,
            ScanIndexForward: false,
            Limit: limit - entries.length,
            ...(startKey ? { ExclusiveStartKey: startKey } : {}),
          }),
        );
        entries.push(...((page.Items ?? []) as ActivityItem[]).map(toEntry));
        startKey = page.LastEvaluatedKey;
        if (!startKey) break;
      }
      return { entries, nextCursor: startKey ? encodeCursor(startKey) : null };
    },
  };
}

function toEntry(item: ActivityItem): ActivityEntry {
  return { activityId: item.activityId, kind: item.kind, at: item.at, actor: item.actor, target: item.target };
}

export type ActivityLog = ReturnType<typeof createActivityLog>;
