import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ExportFailed, exportFailureReason, writeArchive, withoutSecrets } from '../../../../functions/services/dataExport';
import type { UserData } from '../../../../functions/services/userData';
import { readZip } from '../../../support/zip';

const userId = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ciphertext = 'v1.SEALED-TOKENS-ciphertext-AAAAAAAAAAAAAAAAAAAAAA';

/** A user's stored data as the tables and buckets would answer it. */
function fakeUserData(): UserData {
  const rows: Record<string, Array<Record<string, unknown>>> = {
    memberships: [{ userId, record: 'membership', membershipType: 'free' }, { userId, record: 'settings', timeZone: 'Europe/Istanbul' }],
    posts: [{ userId, postId: '01J0', description: 'Hello', targets: { 'x#1': { status: 'published', postUrl: 'https://x.com/a/status/1' } } }],
    connections: [{ userId, connectionId: 'x#1', platform: 'x', displayName: 'Me', tokens: ciphertext, tokenVersion: 2, refreshLeaseUntil: '2026-01-01T00:00:00Z' }],
    content: [{ userId, contentId: '01J1', fileName: 'clip.mp4' }],
    metrics: [],
    activity: [{ userId, activityId: '01J2', kind: 'post.created', at: '2026-11-22T11:00:00.000Z', actor: { type: 'member', userId, email: 'me@example.com' }, target: { postId: '01J0' } }],
    oauthStates: [{ state: 'x_abc', userId, codeVerifier: 'verifier-secret' }],
    moduleTokens: [{ tokenHash: 'hash-secret', userId }],
  };
  const objects: Record<string, Array<{ key: string; body: Buffer }>> = {
    media: [
      { key: `${userId}/images/a.jpg`, body: Buffer.from('jpeg bytes') },
      // The publishing engine's working state (a LinkedIn upload's presigned part URLs): not the user's file.
      { key: `${userId}/publishing/01J0/linkedin%231/parts.json`, body: Buffer.from('["https://upload.example/part?signature=presigned-secret"]') },
    ],
    content: [{ key: `${userId}/videos/01J1.mp4`, body: Buffer.from('mp4 bytes') }],
    exports: [{ key: `${userId}/old.zip`, body: Buffer.from('an older archive') }],
  };
  return {
    rows: async (key: string) => rows[key] ?? [],
    objects: async (key: string) => (objects[key] ?? []).map((object) => ({ key: object.key, size: object.body.length })),
    readObject: async (key: string, objectKey: string) => {
      const body = objects[key]!.find((object) => object.key === objectKey)!.body;
      return { stream: Readable.from([body]), size: body.length };
    },
  } as unknown as UserData;
}

/** The same data, with one object's reading replaced (what happens between the listing and the read). */
function withReading(objectKey: string, read: () => Promise<unknown>): UserData {
  const data = fakeUserData();
  const readObject = data.readObject;
  return { ...data, readObject: (key, requested) => (requested === objectKey ? (read() as ReturnType<UserData['readObject']>) : readObject(key, requested)) };
}

describe('the data archive', () => {
  it('holds one JSON file per exported table, the files under their bucket, and a README', async () => {
    const archive = await writeArchive(fakeUserData(), { userId, email: 'me@example.com' }, '2026-11-22T12:00:00.000Z');
    try {
      const entries = readZip(await readFile(archive.path));
      expect([...entries.keys()].sort()).toEqual(
        ['README.txt', 'data/activity.json', 'data/connections.json', 'data/content.json', 'data/memberships.json', 'data/metrics.json', 'data/posts.json', 'files/content/videos/01J1.mp4', 'files/media/images/a.jpg'].sort(),
      );
      // The activity log of the user's workspace: who did what and when.
      expect(JSON.parse(entries.get('data/activity.json')!.toString())).toEqual([expect.objectContaining({ kind: 'post.created', target: { postId: '01J0' } })]);
      expect(JSON.parse(entries.get('data/posts.json')!.toString())[0].targets['x#1']).toEqual({ status: 'published', postUrl: 'https://x.com/a/status/1' });
      expect(entries.get('files/media/images/a.jpg')!.toString()).toBe('jpeg bytes');
      expect(entries.get('README.txt')!.toString()).toMatch(/me@example\.com[\s\S]*data\/posts\.json \(1 records\)[\s\S]*files\/content\/ \(1 files\)/);
      expect(archive.size).toBe((await readFile(archive.path)).length);
    } finally {
      await archive.cleanup();
    }
  });

  it('never holds a token: neither the stored ciphertext nor a verifier or token hash, in the bytes or any entry', async () => {
    const archive = await writeArchive(fakeUserData(), { userId, email: 'me@example.com' }, '2026-11-22T12:00:00.000Z');
    try {
      const bytes = await readFile(archive.path);
      const entries = readZip(bytes);
      for (const secret of [ciphertext, 'verifier-secret', 'hash-secret', 'presigned-secret']) {
        expect(bytes.includes(Buffer.from(secret))).toBe(false);
        for (const [name, entry] of entries) expect(entry.includes(Buffer.from(secret)), name).toBe(false);
      }
      const connection = JSON.parse(entries.get('data/connections.json')!.toString())[0];
      expect(connection).toEqual({ userId, connectionId: 'x#1', platform: 'x', displayName: 'Me', tokenVersion: 2 });
      expect(entries.has('data/oauth-states.json')).toBe(false);
      expect(entries.has('data/module-tokens.json')).toBe(false);
      expect([...entries.keys()].some((name) => name.startsWith('files/exports/'))).toBe(false);
    } finally {
      await archive.cleanup();
    }
  });

  it('skips a file deleted after it was listed, names it in README.txt, and keeps everything else', async () => {
    // The content item is deleted between the listing and the read: S3 answers NoSuchKey, readObject undefined.
    const archive = await writeArchive(withReading(`${userId}/videos/01J1.mp4`, async () => undefined), { userId, email: 'me@example.com' }, '2026-11-22T12:00:00.000Z');
    try {
      const entries = readZip(await readFile(archive.path));
      expect(entries.has('files/content/videos/01J1.mp4')).toBe(false);
      expect(entries.get('files/media/images/a.jpg')!.toString()).toBe('jpeg bytes');
      expect(archive.contents.vanished).toEqual(['files/content/videos/01J1.mp4']);
      const readme = entries.get('README.txt')!.toString();
      expect(readme).toMatch(/files\/content\/ \(0 files\)/);
      expect(readme).toMatch(/Not included: 1 file\(s\) deleted while this archive was being prepared[^\n]*\r\n {2}files\/content\/videos\/01J1\.mp4/);
    } finally {
      await archive.cleanup();
    }
  });

  it('fails in words, without an unhandled error, when a file stream breaks halfway', async () => {
    // The first read gives half the bytes, the next one finds the connection gone.
    let reads = 0;
    const broken = new Readable({
      read() {
        if (reads++ === 0) this.push(Buffer.from('half of the'));
        else this.destroy(new Error('socket hang up'));
      },
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', onUnhandled);
    process.on('unhandledRejection', onUnhandled);
    try {
      const failure = writeArchive(withReading(`${userId}/images/a.jpg`, async () => ({ stream: broken, size: 100 })), { userId, email: 'me@example.com' }, '2026-11-22T12:00:00.000Z');
      await expect(failure).rejects.toBeInstanceOf(ExportFailed);
      await expect(failure).rejects.toThrow('Reading the file files/media/images/a.jpg stopped halfway (socket hang up).');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('uncaughtException', onUnhandled);
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('fails in words when a file cannot be opened, and when its size changed under it', async () => {
    await expect(
      writeArchive(withReading(`${userId}/images/a.jpg`, async () => Promise.reject(new Error('Access Denied'))), { userId, email: 'me@example.com' }, '2026-11-22T12:00:00.000Z'),
    ).rejects.toThrow('The file files/media/images/a.jpg could not be read (Access Denied).');
    await expect(
      writeArchive(withReading(`${userId}/images/a.jpg`, async () => ({ stream: Readable.from([Buffer.from('short')]), size: 999 })), { userId, email: 'me@example.com' }, '2026-11-22T12:00:00.000Z'),
    ).rejects.toBeInstanceOf(ExportFailed);
  });

  it('words every failure for Settings, without internals for an unexpected one', () => {
    expect(exportFailureReason(new ExportFailed('The file files/media/a.jpg could not be read (Access Denied).'))).toBe(
      'The file files/media/a.jpg could not be read (Access Denied). Please try again.',
    );
    expect(exportFailureReason(new Error('ECONNRESET 10.0.0.1'))).toBe('Something went wrong on our side while preparing it. Please try again.');
  });

  it('withoutSecrets removes only the secret attributes', () => {
    expect(withoutSecrets({ a: 1, tokens: 'x', codeVerifier: 'y', tokenHash: 'z', refreshLeaseUntil: 't' })).toEqual({ a: 1 });
  });
});
