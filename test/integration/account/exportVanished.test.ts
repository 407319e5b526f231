import { S3Client } from '@aws-sdk/client-s3';
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { writeArchive } from '../../../functions/services/dataExport';
import { createUserData, type UserData } from '../../../functions/services/userData';
import { localBucketNames, localCredentials, localRegion } from '../../../infra/local/environment';
import { callApi, createUser, documentClient } from '../../support/users';
import { moduleSessionFor, registerContent, sampleCartoon } from '../../support/content';
import { tinyJpeg, uploadMedia } from '../../support/posts';
import { readZip } from '../../support/zip';

const twin = inject('twin');

describe('an export survives an object deleted while it runs', () => {
  it('skips a My Content item deleted between the listing and the reading, names it in README.txt, and the process carries on', async () => {
    const user = await createUser(twin);
    await callApi(twin, '/me', user.idToken);
    const mediaKey = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const item = await registerContent(twin, await moduleSessionFor(twin, user), { type: 'video', fileName: 'gone.mp4', contentType: 'video/mp4', body: sampleCartoon });

    const s3 = new S3Client({ endpoint: twin.endpoints.s3, region: localRegion, credentials: localCredentials, forcePathStyle: true });
    const real = createUserData({ db: documentClient(twin), s3, tableNames: twin.tableNames, bucketNames: localBucketNames });
    // The hook: right after the content bucket is listed, the user deletes the item in My Content.
    const racing: UserData = {
      ...real,
      objects: async (key, userId) => {
        const listed = await real.objects(key, userId);
        if (key === 'content') {
          const deleted = await callApi(twin, `/content/${item.contentId}`, user.idToken, { method: 'DELETE' });
          expect(deleted.status).toBe(204);
        }
        return listed;
      },
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', onUnhandled);
    process.on('unhandledRejection', onUnhandled);
    try {
      const archive = await writeArchive(racing, user, new Date().toISOString());
      try {
        const entries = readZip(await readFile(archive.path));
        const gone = `files/content/videos/${item.contentId}.mp4`;
        expect(entries.has(gone)).toBe(false);
        expect(entries.get(`files/media/${mediaKey.slice(user.userId.length + 1)}`)?.equals(tinyJpeg)).toBe(true);
        expect(archive.contents.vanished).toEqual([gone]);
        expect(entries.get('README.txt')!.toString('utf8')).toContain(`deleted while this archive was being prepared (they no longer exist):\r\n  ${gone}`);
      } finally {
        await archive.cleanup();
      }
      expect(unhandled).toEqual([]);
    } finally {
      process.off('uncaughtException', onUnhandled);
      process.off('unhandledRejection', onUnhandled);
      s3.destroy();
    }
  });
});
