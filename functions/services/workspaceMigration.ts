import { GetCommand, PutCommand, ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../clock';
import { SETTINGS_RECORD } from './account';
import { createMaillessWorkspaceService } from './workspaces';

/**
 * The move to workspaces. A personal workspace's id is its user's id, so every row a user has
 * (posts, drafts, connections, content, metrics, notifications, counters, quotas, uploads) is
 * already in it, and nothing is copied, moved or rewritten: the migration adds each user's
 * workspace and owner rows (functions/services/workspaces.ts) and carries their scheduling time
 * zone from Settings onto the workspace.
 *
 * Idempotent (each user's rows are written together, once, by a conditional write) and
 * resumable: the scan's position is saved after every page, and a run starts where the last
 * one stopped; a finished run starts over (and finds everything present).
 */
const PROGRESS_KEY = { userId: 'migration#workspaces', record: 'progress' };

export interface MigrationReport {
  /** Users whose personal workspace this run created. */
  created: number;
  /** Their ids (for the operator's log and the test: a run against a live table may meet users made meanwhile). */
  createdUserIds: string[];
  /** Users whose personal workspace was already there. */
  present: number;
  /** Pages of the table scanned by this run. */
  pages: number;
  finished: boolean;
}

export async function migrateToWorkspaces({
  db,
  tableName,
  clock,
  pageSize = 100,
  maxPages = Number.POSITIVE_INFINITY,
}: {
  db: DynamoDBDocumentClient;
  tableName: string;
  clock: Clock;
  pageSize?: number;
  /** Stops after this many pages (a test's interruption; an operator's short run). */
  maxPages?: number;
}): Promise<MigrationReport> {
  const workspaces = createMaillessWorkspaceService({ db, tableName, clock }, 'The migration');
  const { Item: progress } = await db.send(new GetCommand({ TableName: tableName, Key: PROGRESS_KEY, ConsistentRead: true }));
  let start = progress?.['finished'] ? undefined : (progress?.['lastKey'] as Record<string, unknown> | undefined);
  const report: MigrationReport = { created: 0, createdUserIds: [], present: 0, pages: 0, finished: false };
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName,
        // A person's plan record; a shared workspace's has `workspace` set.
        FilterExpression: '#record = :membership AND attribute_not_exists(workspace)',
        ExpressionAttributeNames: { '#record': 'record' },
        ExpressionAttributeValues: { ':membership': 'membership' },
        Limit: pageSize,
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    for (const item of page.Items ?? []) {
      const userId = item['userId'] as string;
      const { Item: settings } = await db.send(new GetCommand({ TableName: tableName, Key: { userId, record: SETTINGS_RECORD }, ConsistentRead: true }));
      const outcome = await workspaces.ensurePersonal({ userId, email: String(item['userEmail'] ?? '') }, (settings?.['timeZone'] as string | undefined) ?? null);
      report[outcome === 'created' ? 'created' : 'present'] += 1;
      if (outcome === 'created') report.createdUserIds.push(userId);
    }
    start = page.LastEvaluatedKey;
    report.pages += 1;
    await db.send(
      new PutCommand({ TableName: tableName, Item: { ...PROGRESS_KEY, ...(start ? { lastKey: start } : { finished: true }), updatedAt: clock.now().toISOString() } }),
    );
  } while (start && report.pages < maxPages);
  report.finished = start === undefined;
  return report;
}
