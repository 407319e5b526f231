import { createReadStream } from 'node:fs';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { readBucketNames, readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger, createS3Client } from '../composition';
import { tableKeys } from '../../shared/resources/tables';
import { bucketKeys } from '../../shared/resources/buckets';
import { backgroundTasks } from './groups';
import { createAccountService, exportKeyOf, type ExportTaskPayload } from '../services/account';
import { ExportFailed, exportFailureReason, writeArchive } from '../services/dataExport';
import { createMembershipService } from '../services/memberships';
import { createUserData } from '../services/userData';

const logger = createLogger('export-data');
const db = createDocumentClient();
const s3 = createS3Client(process.env);
const needs = backgroundTasks.exportData.needs;
const tableNames = readTableNames(process.env, tableKeys.filter((key) => key in needs.tables));
const bucketNames = readBucketNames(process.env, bucketKeys.filter((key) => key in needs.buckets));
const userData = createUserData({ db, s3, tableNames, bucketNames });
const account = createAccountService({
  db,
  membershipsTable: tableNames.memberships!,
  memberships: createMembershipService({ db, tableName: tableNames.memberships!, clock: systemClock }),
  s3,
  exportsBucket: bucketNames.exports!,
  exportTask: { start: () => Promise.reject(new Error('The export task starts no tasks')) },
  clock: systemClock,
});

/**
 * Background task (an asynchronous invoke from the account function; in-process offline):
 * prepares the user's archive in the exports bucket and records it ready, or failed in words.
 * A task for an export that is no longer the current one (a newer request, or the account
 * deleted meanwhile) leaves nothing behind.
 */
export async function handler(event: ExportTaskPayload): Promise<{ status: string }> {
  const { userId, email, exportId } = event;
  const current = await account.currentExport(userId);
  if (!current || current.exportId !== exportId || current.status !== 'preparing') return { status: 'superseded' };
  const key = exportKeyOf(userId, exportId);
  let archive: Awaited<ReturnType<typeof writeArchive>> | undefined;
  try {
    archive = await writeArchive(userData, { userId, email }, systemClock.now().toISOString());
    await storeArchive(key, archive);
    const recorded = await account.finishExport(userId, exportId, { status: 'ready', key, size: archive.size });
    if (!recorded) {
      await s3.send(new DeleteObjectCommand({ Bucket: bucketNames.exports!, Key: key }));
      return { status: 'superseded' };
    }
    logger.info('Export ready', { exportId, size: archive.size, vanished: archive.contents.vanished.length });
    return { status: 'ready' };
  } catch (error) {
    logger.error('Export failed', { exportId, error: error as Error });
    await account.finishExport(userId, exportId, { status: 'failed', error: exportFailureReason(error) });
    return { status: 'failed' };
  } finally {
    await archive?.cleanup();
  }
}

async function storeArchive(key: string, archive: { path: string; size: number }): Promise<void> {
  try {
    await s3.send(
      new PutObjectCommand({
        Bucket: bucketNames.exports!,
        Key: key,
        Body: createReadStream(archive.path),
        ContentLength: archive.size,
        ContentType: 'application/zip',
      }),
    );
  } catch (error) {
    throw new ExportFailed(`The finished archive could not be stored (${(error as Error).message}).`);
  }
}
