import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { ProgressAttachments } from './publisher';

/**
 * Where a target's large progress lives: `<userId>/publishing/<postId>/<targetId>/<name>.json` in
 * the media bucket. Under the user's prefix, so account deletion removes it with the rest; the
 * post item keeps only the key (docs/publishing.md, "Large progress").
 */
export function attachmentPrefix(userId: string, postId: string, targetId?: string): string {
  return `${publishingWorkPrefix(userId)}${postId}/${targetId === undefined ? '' : `${encodeURIComponent(targetId)}/`}`;
}

/** The engine's working state of all a user's posts: not the user's files (the export leaves it out). */
export function publishingWorkPrefix(userId: string): string {
  return `${userId}/publishing/`;
}

const NAME = /^[a-z0-9-]{1,64}$/;

/** S3-backed attachments of one target (the engine gives each step its own). */
export function s3ProgressAttachments(s3: S3Client, bucket: string, target: { userId: string; postId: string; targetId: string }): ProgressAttachments {
  const prefix = attachmentPrefix(target.userId, target.postId, target.targetId);
  return {
    async save(name, value) {
      if (!NAME.test(name)) throw new Error(`Not an attachment name: ${name}`);
      const key = `${prefix}${name}.json`;
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: JSON.stringify(value), ContentType: 'application/json' }));
      return key;
    },
    async load(reference) {
      // Only this target's own attachments: a reference is never followed elsewhere.
      if (!reference.startsWith(prefix)) throw new Error(`The attachment ${reference} does not belong to this target`);
      try {
        const { Body } = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: reference }));
        if (!Body) throw new Error(`The attachment ${reference} is empty`);
        return JSON.parse(await Body.transformToString('utf8')) as unknown;
      } catch (error) {
        if (error instanceof NoSuchKey) throw new Error(`The saved upload progress ${reference} is gone`, { cause: error });
        throw error;
      }
    },
  };
}

/** Deletes the attachments a post's targets reference (their keys are in each target's progress). */
export async function deleteAttachments(s3: S3Client, bucket: string, userId: string, postId: string, progresses: Array<Record<string, unknown>>): Promise<void> {
  const prefix = attachmentPrefix(userId, postId);
  const keys = progresses.flatMap((progress) => Object.values(progress)).filter((value): value is string => typeof value === 'string' && value.startsWith(prefix));
  for (const key of new Set(keys)) await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}

/** In memory, for running a publisher outside the engine (unit tests, benchmarks). */
export function memoryAttachments(): ProgressAttachments & { stored: Map<string, string> } {
  const stored = new Map<string, string>();
  return {
    stored,
    async save(name, value) {
      const key = `memory/${name}.json`;
      stored.set(key, JSON.stringify(value));
      return key;
    },
    async load(reference) {
      const text = stored.get(reference);
      if (text === undefined) throw new Error(`The saved upload progress ${reference} is gone`);
      return JSON.parse(text) as unknown;
    },
  };
}
