import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { buckets } from '../../shared/resources/buckets';
import type { Account, AccountSettings, DataExport } from '../../shared/api/account';
import type { Clock } from '../clock';
import { writeIf } from './conditionalWrite';
import type { MembershipService, UserIdentity } from './memberships';

/** Records of the user's partition in the memberships table, beside "membership" and "usage#…". */
export const SETTINGS_RECORD = 'settings';
export const EXPORT_RECORD = 'export';

/** How long a download link works (the page asks for a fresh one when it needs it). */
export const EXPORT_LINK_SECONDS = 15 * 60;
/** An export still "preparing" after this long is taken as lost (the task died): a new one may start. */
export const EXPORT_STALE_MS = 15 * 60_000;
export const EXPORT_ARCHIVE_DAYS = buckets.exports.expireObjectsAfterDays;

export interface ExportRecord {
  userId: string;
  record: typeof EXPORT_RECORD;
  exportId: string;
  status: 'preparing' | 'ready' | 'failed';
  requestedAt: string;
  readyAt?: string;
  key?: string;
  size?: number;
  error?: string;
}

/** Starts a background task without waiting for it (a Lambda Event invoke; in-process offline). */
export interface TaskStarter {
  start(payload: Record<string, unknown>): Promise<void>;
}

export interface ExportTaskPayload {
  userId: string;
  email: string;
  exportId: string;
}

export interface AccountServiceDeps {
  db: DynamoDBDocumentClient;
  membershipsTable: string;
  memberships: MembershipService;
  s3: S3Client;
  exportsBucket: string;
  exportTask: TaskStarter;
  clock: Clock;
}

export const exportKeyOf = (userId: string, exportId: string) => `${userId}/${exportId}.zip`;

export function archiveExpiresAt(readyAt: string): string {
  return new Date(new Date(readyAt).getTime() + EXPORT_ARCHIVE_DAYS * 24 * 3600_000).toISOString();
}

export function createAccountService({ db, membershipsTable, memberships, s3, exportsBucket, exportTask, clock }: AccountServiceDeps) {
  const monthOf = (date: Date) => date.toISOString().slice(0, 7);

  async function record<T>(userId: string, name: string): Promise<T | undefined> {
    const { Item } = await db.send(new GetCommand({ TableName: membershipsTable, Key: { userId, record: name }, ConsistentRead: true }));
    return Item as T | undefined;
  }

  async function describeExport(item: ExportRecord | undefined): Promise<DataExport> {
    const none: DataExport = {
      status: 'none',
      exportId: null,
      requestedAt: null,
      readyAt: null,
      size: null,
      downloadUrl: null,
      downloadUrlExpiresAt: null,
      archiveExpiresAt: null,
      error: null,
    };
    if (!item) return none;
    const now = clock.now();
    const base: DataExport = { ...none, status: item.status, exportId: item.exportId, requestedAt: item.requestedAt, error: item.error ?? null };
    if (item.status !== 'ready' || !item.readyAt || !item.key) return base;
    const expires = archiveExpiresAt(item.readyAt);
    // The lifecycle rule has deleted (or is about to delete) the archive: nothing to download.
    if (new Date(expires).getTime() <= now.getTime()) return none;
    const url = await getSignedUrl(
      s3,
      new GetObjectCommand({
        Bucket: exportsBucket,
        Key: item.key,
        ResponseContentDisposition: `attachment; filename="oneclick-data-${item.readyAt.slice(0, 10)}.zip"`,
        ResponseContentType: 'application/zip',
      }),
      { expiresIn: EXPORT_LINK_SECONDS, signingDate: now },
    );
    return {
      ...base,
      readyAt: item.readyAt,
      size: item.size ?? null,
      downloadUrl: url,
      downloadUrlExpiresAt: new Date(now.getTime() + EXPORT_LINK_SECONDS * 1000).toISOString(),
      archiveExpiresAt: expires,
    };
  }

  return {
    async get(user: UserIdentity): Promise<Account> {
      const membership = await memberships.ensure(user);
      const now = clock.now();
      const [settings, posts, usage] = await Promise.all([
        record<AccountSettings & { userId: string; record: string }>(user.userId, SETTINGS_RECORD),
        memberships.postsThisMonth(user.userId, monthOf(now)),
        memberships.accountUsage(user),
      ]);
      return {
        userId: user.userId,
        email: membership.userEmail,
        settings: settings ? { language: settings.language, timeZone: settings.timeZone, theme: settings.theme } : null,
        membership,
        usage: { month: monthOf(now), postsThisMonth: posts, connectedAccounts: usage.connectedAccounts },
      };
    },

    async saveSettings(user: UserIdentity, settings: AccountSettings): Promise<Account> {
      await memberships.ensure(user);
      await db.send(
        new PutCommand({
          TableName: membershipsTable,
          Item: { userId: user.userId, record: SETTINGS_RECORD, ...settings, updatedAt: clock.now().toISOString() },
        }),
      );
      return this.get(user);
    },

    async exportStatus(user: UserIdentity): Promise<DataExport> {
      await memberships.ensure(user);
      return describeExport(await record<ExportRecord>(user.userId, EXPORT_RECORD));
    },

    /**
     * Starts preparing an archive in the background. One at a time: while one is being prepared
     * (and not stale), asking again answers that one.
     */
    async startExport(user: UserIdentity): Promise<DataExport> {
      await memberships.ensure(user);
      const now = clock.now();
      const current = await record<ExportRecord>(user.userId, EXPORT_RECORD);
      if (current?.status === 'preparing' && now.getTime() - new Date(current.requestedAt).getTime() < EXPORT_STALE_MS) {
        return describeExport(current);
      }
      const item: ExportRecord = { userId: user.userId, record: EXPORT_RECORD, exportId: ulid(now.getTime()), status: 'preparing', requestedAt: now.toISOString() };
      const written = await writeIf(
        db.send(
          new PutCommand({
            TableName: membershipsTable,
            Item: item,
            // Two clicks at once start one export: the second finds the first's record.
            ConditionExpression: 'attribute_not_exists(exportId) OR exportId = :previous',
            ExpressionAttributeValues: { ':previous': current?.exportId ?? '' },
          }),
        ),
      );
      if (!written) return describeExport(await record<ExportRecord>(user.userId, EXPORT_RECORD));
      try {
        await exportTask.start({ userId: user.userId, email: user.email, exportId: item.exportId } satisfies ExportTaskPayload);
      } catch (error) {
        await this.finishExport(user.userId, item.exportId, { status: 'failed', error: 'The export could not be started. Please try again.' });
        throw error;
      }
      return describeExport(item);
    },

    /** The task's outcome; only for the export still current (a newer request wins). */
    async finishExport(userId: string, exportId: string, outcome: { status: 'ready'; key: string; size: number } | { status: 'failed'; error: string }): Promise<boolean> {
      const now = clock.now().toISOString();
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName: membershipsTable,
            Key: { userId, record: EXPORT_RECORD },
            UpdateExpression:
              outcome.status === 'ready'
                ? 'SET #status = :status, readyAt = :now, #key = :key, #size = :size REMOVE #error'
                : 'SET #status = :status, #error = :error',
            ConditionExpression: 'exportId = :exportId',
            ExpressionAttributeNames: { '#status': 'status', '#error': 'error', ...(outcome.status === 'ready' ? { '#key': 'key', '#size': 'size' } : {}) },
            ExpressionAttributeValues: {
              ':status': outcome.status,
              ':exportId': exportId,
              ...(outcome.status === 'ready' ? { ':now': now, ':key': outcome.key, ':size': outcome.size } : { ':error': outcome.error }),
            },
          }),
        ),
      );
    },

    /** The export this task was started for, if it is still the current one. */
    currentExport: (userId: string) => record<ExportRecord>(userId, EXPORT_RECORD),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
