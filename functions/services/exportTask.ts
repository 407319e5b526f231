import { createReadStream } from 'node:fs';
import { DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Clock } from '../clock';
import { exportKeyOf, type AccountService, type ExportTaskPayload } from './account';
import { ExportFailed, exportFailureReason, writeArchive } from './dataExport';
import type { UserData } from './userData';
import type { WorkspaceService } from './workspaces';

export interface ExportTaskDeps {
  account: Pick<AccountService, 'currentExport' | 'finishExport'>;
  userData: UserData;
  /** The shared workspaces the user owns: their data is the user's to export too. */
  workspaces: Pick<WorkspaceService, 'membershipsOf'>;
  s3: S3Client;
  exportsBucket: string;
  clock: Clock;
  log: {
    info(message: string, details: Record<string, unknown>): void;
    error(message: string, details: Record<string, unknown>): void;
  };
}

/**
 * One run of "Download my data": prepares the user's archive in the exports bucket and records
 * it ready, or failed in words. A run for an export that is no longer the current one (a newer
 * request, or the account deleted meanwhile) leaves nothing behind.
 */
export function createExportTask({ account, userData, workspaces, s3, exportsBucket, clock, log }: ExportTaskDeps) {
  async function storeArchive(key: string, archive: { path: string; size: number }): Promise<void> {
    try {
      await s3.send(
        new PutObjectCommand({
          Bucket: exportsBucket,
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

  return {
    async run({ userId, email, exportId }: ExportTaskPayload): Promise<{ status: 'superseded' | 'ready' | 'failed' }> {
      const current = await account.currentExport(userId);
      if (!current || current.exportId !== exportId || current.status !== 'preparing') return { status: 'superseded' };
      const key = exportKeyOf(userId, exportId);
      let archive: Awaited<ReturnType<typeof writeArchive>> | undefined;
      try {
        const owned = (await workspaces.membershipsOf(userId)).filter((workspace) => workspace.owned);
        archive = await writeArchive(userData, { userId, email }, clock.now().toISOString(), owned);
        await storeArchive(key, archive);
        const recorded = await account.finishExport(userId, exportId, { status: 'ready', key, size: archive.size });
        if (!recorded) {
          await s3.send(new DeleteObjectCommand({ Bucket: exportsBucket, Key: key }));
          return { status: 'superseded' };
        }
        log.info('Export ready', { exportId, size: archive.size, vanished: archive.contents.vanished.length });
        return { status: 'ready' };
      } catch (error) {
        log.error('Export failed', { exportId, error: error as Error });
        await account.finishExport(userId, exportId, { status: 'failed', error: exportFailureReason(error) });
        return { status: 'failed' };
      } finally {
        await archive?.cleanup();
      }
    },
  };
}

export type ExportTask = ReturnType<typeof createExportTask>;
