import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { tableKeys, tables, type TableKey } from '../../shared/resources/tables';
import { bucketKeys, buckets, type BucketKey } from '../../shared/resources/buckets';
import type { OpenedObject, Row, UserData } from './userData';
import { publishingWorkPrefix } from '../platforms/progressAttachments';

/**
 * Attributes never written to an archive: the encrypted platform tokens (and their refresh
 * lease), PKCE verifiers and token hashes (an MCP connection's among them). A connection's tokens are ciphertext, but they are
 * still ours to keep, not something to hand out; the API never returns them either.
 */
export const SECRET_ATTRIBUTES = ['tokens', 'refreshLeaseUntil', 'codeVerifier', 'flowData', 'tokenHash', 'sessionToken', 'grantTokens'] as const;

export function withoutSecrets(row: Row): Row {
  const copy: Row = { ...row };
  for (const name of SECRET_ATTRIBUTES) delete copy[name];
  return copy;
}

/** The tables and buckets an archive holds: those whose declaration says export. */
export const exportedTables: TableKey[] = tableKeys.filter((key) => {
  const location = tables[key].userData;
  return location.by !== 'none' && location.export;
});
export const exportedBuckets: BucketKey[] = bucketKeys.filter((key) => buckets[key].userData.export);

const fileOfTable = (key: TableKey) => `data/${tables[key].name}.json`;

/** Why an archive could not be prepared, in words the user sees in Settings. */
export class ExportFailed extends Error {
  override name = 'ExportFailed';
}

/** The reason an export failed, as Settings shows it. */
export function exportFailureReason(error: unknown): string {
  const cause = error instanceof ExportFailed ? error.message : 'Something went wrong on our side while preparing it.';
  return `${cause} Please try again.`;
}

export interface ArchiveContents {
  rows: Record<string, number>;
  files: Record<string, number>;
  /** Files listed at the start but deleted before they were read (names as in the archive). */
  vanished: string[];
  /** The shared workspaces the user owns, each in its own folder: its records and files counted. */
  workspaces: Array<{ workspaceId: string; name: string; rows: number; files: number }>;
}

/** A shared workspace the user owns: its data goes in the archive under workspaces/<id>/. */
export interface OwnedWorkspace {
  workspaceId: string;
  name: string;
}

const workspaceFolder = (workspaceId: string) => `workspaces/${workspaceId}/`;

export function archiveReadme(user: { userId: string; email: string }, exportedAt: string, counts: ArchiveContents): string {
  const lines = [
    'OneClick: your data',
    '===================',
    '',
    `Account: ${user.email} (user id ${user.userId})`,
    `Prepared: ${exportedAt}`,
    '',
    'This archive holds everything OneClick keeps about you, as it is stored.',
    '',
    'data/ — one JSON file per table, each a list of records:',
    ...exportedTables.map((key) => `  ${fileOfTable(key)} (${counts.rows[key] ?? 0} records): ${tables[key].purpose}`),
    '',
    '  memberships.json holds your membership ("membership"), your settings ("settings"), the posts',
    '  counted per month ("usage#YYYY-MM") and the state of this export ("export").',
    '  posts.json holds each post with its targets (one per connected account) and their results:',
    '  status, the link to the published post, or the platform\'s reason for a failure. Records whose',
    '  postId starts with "notification#" are the notifications about scheduled posts.',
    '  connections.json lists your connected accounts WITHOUT their access or refresh tokens: OneClick',
    '  never hands tokens out. metrics.json holds the engagement numbers read for your published posts.',
    '',
    'files/ — your files, by where they are kept:',
    ...exportedBuckets.map((key) => `  files/${buckets[key].name}/ (${counts.files[key] ?? 0} files): ${buckets[key].purpose}`),
    '',
    ...(counts.vanished.length
      ? [
          `Not included: ${counts.vanished.length} file(s) deleted while this archive was being prepared (they no longer exist):`,
          ...counts.vanished.map((name) => `  ${name}`),
          '',
        ]
      : []),
    ...(counts.workspaces.length
      ? [
          'workspaces/ — the shared workspaces you own, each in a folder of its own laid out as above',
          '  (data/ and files/; its activity.json says who did what and when in it):',
          ...counts.workspaces.map((workspace) => `  ${workspaceFolder(workspace.workspaceId)} "${workspace.name}": ${workspace.rows} records, ${workspace.files} files`),
          '  Workspaces you are a member of but do not own are their owners\' to export.',
          '',
        ]
      : []),
    'Times are in UTC (ISO 8601). To delete your account and all of this, use Settings → Delete my account.',
    '',
  ];
  return lines.join('\r\n');
}

/**
 * Writes the user's archive (a ZIP) to a temporary file and returns its path and size: one JSON
 * file per exported table (secrets removed), every object under the user's prefix of every
 * exported bucket (streamed, one at a time), the same for each shared workspace the user owns
 * (under workspaces/<id>/), and README.txt explaining the files.
 *
 * A file deleted between the listing and its reading (the user deleted a content item meanwhile)
 * is skipped and named in the README. Any other failure — a file that cannot be read, a stream
 * that breaks, the disk — rejects with an ExportFailed in words; nothing is left unhandled
 * (yazl reports broken input as an `error` event, which without a listener ends the process).
 */
export async function writeArchive(
  userData: UserData,
  user: { userId: string; email: string },
  exportedAt: string,
  ownedWorkspaces: readonly OwnedWorkspace[] = [],
): Promise<{ path: string; size: number; contents: ArchiveContents; cleanup: () => Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 'oneclick-export-'));
  const path = join(directory, 'archive.zip');
  const cleanup = () => rm(directory, { recursive: true, force: true });
  const zip = new yazl.ZipFile();
  const zipFailed = new Promise<never>((_resolve, reject) => zip.on('error', reject));
  const written = pipeline(zip.outputStream, createWriteStream(path));
  // Both are awaited below (raced); these keep an early rejection from being reported as unhandled.
  zipFailed.catch(() => undefined);
  written.catch(() => undefined);
  try {
    const contents: ArchiveContents = { rows: {}, files: {}, vanished: [], workspaces: [] };
    const mtime = new Date(exportedAt);
    /** One partition's tables and files, in `folder` ('' for the personal workspace's). */
    const addPartition = async (partitionId: string, folder: string, rowCounts: Record<string, number>, fileCounts: Record<string, number>) => {
      for (const key of exportedTables) {
        const rows = (await userData.rows(key, partitionId)).map(withoutSecrets);
        rowCounts[key] = rows.length;
        zip.addBuffer(Buffer.from(`${JSON.stringify(rows, null, 2)}\n`), `${folder}${fileOfTable(key)}`, { mtime });
      }
      for (const key of exportedBuckets) {
        fileCounts[key] = 0;
        // The publishing engine's working state (e.g. a LinkedIn upload's part URLs) is not the user's file.
        const files = (await userData.objects(key, partitionId)).filter((object) => !object.key.startsWith(publishingWorkPrefix(partitionId)));
        for (const object of files) {
          const name = `${folder}files/${buckets[key].name}/${object.key.slice(partitionId.length + 1)}`;
          if (await addFile(zip, zipFailed, name, mtime, () => userData.readObject(key, object.key))) fileCounts[key]!++;
          else contents.vanished.push(name);
        }
      }
    };
    await addPartition(user.userId, '', contents.rows, contents.files);
    const sum = (counts: Record<string, number>) => Object.values(counts).reduce((total, count) => total + count, 0);
    for (const workspace of ownedWorkspaces) {
      const rows: Record<string, number> = {};
      const files: Record<string, number> = {};
      await addPartition(workspace.workspaceId, workspaceFolder(workspace.workspaceId), rows, files);
      contents.workspaces.push({ workspaceId: workspace.workspaceId, name: workspace.name, rows: sum(rows), files: sum(files) });
    }
    zip.addBuffer(Buffer.from(archiveReadme(user, exportedAt, contents)), 'README.txt', { mtime });
    zip.end();
    await Promise.race([written, zipFailed]).catch((error: Error) => {
      throw error instanceof ExportFailed ? error : new ExportFailed(`The archive could not be written (${error.message}).`);
    });
    const { size } = await stat(path);
    return { path, size, contents, cleanup };
  } catch (error) {
    (zip.outputStream as unknown as Readable).destroy();
    await cleanup();
    throw error;
  }
}

/**
 * Adds one stored file and waits until the archive has taken all of it, so one S3 stream is open
 * at a time whatever the number of files. False when the file no longer exists.
 */
async function addFile(
  zip: yazl.ZipFile,
  zipFailed: Promise<never>,
  name: string,
  mtime: Date,
  open: () => Promise<OpenedObject | undefined>,
): Promise<boolean> {
  let opened: OpenedObject | undefined;
  try {
    opened = await open();
  } catch (error) {
    throw new ExportFailed(`The file ${name} could not be read (${(error as Error).message}).`);
  }
  if (!opened) return false;
  const { stream, size } = opened;
  zip.addReadStream(stream, name, { mtime, size });
  try {
    await Promise.race([finished(stream), zipFailed]);
  } catch (error) {
    stream.destroy();
    throw new ExportFailed(`Reading the file ${name} stopped halfway (${(error as Error).message}).`);
  }
  return true;
}
