import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { tableKeys, tables, type TableKey } from '../../shared/resources/tables';
import { bucketKeys, buckets, type BucketKey } from '../../shared/resources/buckets';
import type { Row, UserData } from './userData';

/**
 * Attributes never written to an archive: the encrypted platform tokens (and their refresh
 * lease), PKCE verifiers and token hashes. A connection's tokens are ciphertext, but they are
 * still ours to keep, not something to hand out; the API never returns them either.
 */
export const SECRET_ATTRIBUTES = ['tokens', 'refreshLeaseUntil', 'codeVerifier', 'tokenHash', 'sessionToken'] as const;

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

export function archiveReadme(user: { userId: string; email: string }, exportedAt: string, counts: { rows: Record<string, number>; files: Record<string, number> }): string {
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
    'Times are in UTC (ISO 8601). To delete your account and all of this, use Settings → Delete my account.',
    '',
  ];
  return lines.join('\r\n');
}

/**
 * Writes the user's archive (a ZIP) to a temporary file and returns its path and size: one JSON
 * file per exported table (secrets removed), every object under the user's prefix of every
 * exported bucket (streamed, one at a time), and README.txt explaining the files.
 */
export async function writeArchive(
  userData: UserData,
  user: { userId: string; email: string },
  exportedAt: string,
): Promise<{ path: string; size: number; cleanup: () => Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 'oneclick-export-'));
  const path = join(directory, 'archive.zip');
  try {
    const zip = new yazl.ZipFile();
    const written = pipeline(zip.outputStream, createWriteStream(path));
    const counts = { rows: {} as Record<string, number>, files: {} as Record<string, number> };
    const mtime = new Date(exportedAt);
    for (const key of exportedTables) {
      const rows = (await userData.rows(key, user.userId)).map(withoutSecrets);
      counts.rows[key] = rows.length;
      zip.addBuffer(Buffer.from(`${JSON.stringify(rows, null, 2)}\n`), fileOfTable(key), { mtime });
    }
    for (const key of exportedBuckets) {
      const objects = await userData.objects(key, user.userId);
      counts.files[key] = objects.length;
      for (const object of objects) {
        const name = `files/${buckets[key].name}/${object.key.slice(user.userId.length + 1)}`;
        // Opened only when yazl reaches it: one S3 stream at a time, whatever the number of files.
        zip.addReadStreamLazy(name, { mtime, size: object.size }, (callback) => {
          userData.readObject(key, object.key).then(
            (stream) => callback(null, stream),
            (error: Error) => callback(error, undefined as never),
          );
        });
      }
    }
    zip.addBuffer(Buffer.from(archiveReadme(user, exportedAt, counts)), 'README.txt', { mtime });
    zip.end();
    await written;
    const { size } = await stat(path);
    return { path, size, cleanup: () => rm(directory, { recursive: true, force: true }) };
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}
