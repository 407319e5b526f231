import { capabilities, type Platform } from '../../shared/platforms';
import { CannotTell } from './createOnce';
import { PlatformError, Rejected, Retryable } from './errors';
import type { PlatformResponse } from './http';
import type { MediaSource, PublishProgress, StepResult } from './publisher';

/**
 * What every publisher's steps share: reading `progress`, the published result, the media a
 * platform takes, and ranged reads. The published post is recorded under the same two keys on
 * every platform, so `publish` can answer from `progress` without calling the platform again.
 */

export const isOk = (response: PlatformResponse) => response.status >= 200 && response.status < 300;

/**
 * The list a look-up's answer holds under `key` (a reconcile after a lost answer). An answer
 * without it (a malformed body) cannot tell: read as "nothing there", it would create again.
 */
export function listedIn<Item>(response: PlatformResponse, key: string, what: string): Item[] {
  const list = (response.body as Record<string, unknown> | null | undefined)?.[key];
  if (!Array.isArray(list)) throw new CannotTell(`its answer listed no ${what}`);
  return list as Item[];
}

export function progressText(progress: PublishProgress, key: string): string | undefined {
  const value = progress[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function progressNumber(progress: PublishProgress, key: string): number | undefined {
  const value = progress[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function progressList(progress: PublishProgress, key: string): string[] {
  const value = progress[key];
  return Array.isArray(value) ? value : [];
}

export function publishedResult(progress: PublishProgress, platformPostId: string, postUrl: string): StepResult {
  return { state: 'published', progress: { ...progress, platformPostId, postUrl }, platformPostId, postUrl };
}

/** The published result when an earlier step already recorded the post. */
export function alreadyPublished(progress: PublishProgress): StepResult | undefined {
  const platformPostId = progressText(progress, 'platformPostId');
  const postUrl = progressText(progress, 'postUrl');
  return platformPostId && postUrl ? publishedResult(progress, platformPostId, postUrl) : undefined;
}

export type PostMedia = { kind: 'video'; video: MediaSource } | { kind: 'image'; images: MediaSource[] };

/** The post's document (a PDF) where the platform posts documents and the post is one; undefined when it carries none. */
export function postDocument(platform: Platform, media: MediaSource[]): MediaSource | undefined {
  const document = media.find((item) => item.kind === 'document');
  if (!document) return undefined;
  if (!capabilities[platform].media.document) throw new Rejected(`${capabilities[platform].name} does not post documents (PDF)`);
  if (media.length > 1) throw new Rejected('A document (PDF) is posted on its own, without other files');
  return document;
}

/** One video, or as many images as the platform takes in one post (shared/platforms/<id>.ts); a document is refused (postDocument). */
export function postMedia(platform: Platform, media: MediaSource[]): PostMedia {
  const { name, media: rules } = capabilities[platform];
  const [first] = media;
  if (!first) throw new Rejected(`${name} needs a video or an image to publish`);
  if (media.some((item) => item.kind === 'document')) throw new Rejected(`${name} does not post documents (PDF) with a video or images`);
  if (media.some((item) => item.kind === 'video')) {
    if (media.length > 1) throw new Rejected(`${name} takes one video per post, without other media`);
    if (!rules.video) throw new Rejected(`${name} does not publish videos`);
    return { kind: 'video', video: first };
  }
  if (!rules.image) throw new Rejected(`${name} publishes videos only: images cannot be posted to ${name}`);
  if (media.length > rules.image.maxCount) throw new Rejected(`${name} takes at most ${rules.image.maxCount} image${rules.image.maxCount === 1 ? '' : 's'} per post`);
  return { kind: 'image', images: media };
}

/** Bytes start..endInclusive of the media, checked to be exactly that long. */
export async function readRange(media: MediaSource, start: number, endInclusive: number): Promise<Uint8Array> {
  let bytes: Uint8Array;
  try {
    bytes = await media.read(start, endInclusive);
  } catch (error) {
    if (error instanceof PlatformError) throw error;
    throw new Retryable(`The media file could not be read: ${(error as Error).message}`);
  }
  if (bytes.byteLength !== endInclusive - start + 1) {
    throw new Rejected(`The media file could not be read: bytes ${start}-${endInclusive} gave ${bytes.byteLength} bytes`);
  }
  return bytes;
}
