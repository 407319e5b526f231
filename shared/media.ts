/**
 * Media files as the spec accepts them: images (.png .jpg .jpeg .gif), videos (.mp4 .mov .avi)
 * and documents (.pdf, for the networks that post a document: LinkedIn), stored in the media
 * bucket as <userId>/images/<random>.<ext>, <userId>/videos/<random>.<ext> or
 * <userId>/documents/<random>.pdf.
 */
export const imageExtensions = ['png', 'jpg', 'jpeg', 'gif'] as const;
export const videoExtensions = ['mp4', 'mov', 'avi'] as const;
export const documentExtensions = ['pdf'] as const;

export const mediaKinds = ['image', 'video', 'document'] as const;
export type MediaKind = (typeof mediaKinds)[number];

const folders: Record<MediaKind, string> = { image: 'images', video: 'videos', document: 'documents' };
const extensionsOf: Record<MediaKind, readonly string[]> = { image: imageExtensions, video: videoExtensions, document: documentExtensions };

/** The bucket folder of a kind's files. */
export const mediaFolderOf = (kind: MediaKind): string => folders[kind];

/**
 * Whether a kind of file takes an alt text: an image or a video shows something to describe; a
 * document (a PDF) carries its own words, and no network takes an alt text for one. The wizard
 * asks for none, sends none, and the API refuses one (shared/api/posts.ts).
 */
export const takesAltText = (kind: MediaKind): boolean => kind !== 'document';

/** The alt text a file is sent with: trimmed, and none when blank or for a kind that takes none. */
export const sentAltText = (file: { kind: MediaKind; altText?: string | undefined }): string | undefined => (takesAltText(file.kind) ? file.altText?.trim() || undefined : undefined);

export const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  pdf: 'application/pdf',
};

const keyPattern = /^([A-Za-z0-9-]{1,64})\/(images|videos|documents)\/([A-Za-z0-9_-]{8,64})\.([a-z0-9]{2,4})$/;

export interface MediaKey {
  userId: string;
  kind: MediaKind;
  extension: string;
}

/** Parses a media key; undefined when it is not one of ours. */
export function parseMediaKey(key: string): MediaKey | undefined {
  const match = keyPattern.exec(key);
  if (!match) return undefined;
  const [, userId, folder, , extension] = match;
  const kind = mediaKinds.find((candidate) => folders[candidate] === folder)!;
  if (!extensionsOf[kind].includes(extension!)) return undefined;
  return { userId: userId!, kind, extension: extension! };
}

/**
 * A medium's small preview (a video's poster frame, an image's thumbnail): a JPEG the browser
 * made at upload, stored beside the medium as `<key>.thumb.jpg`. The suffix keeps it out of
 * parseMediaKey, so a thumbnail can never be posted as media.
 */
export const THUMBNAIL_SUFFIX = '.thumb.jpg';

export const thumbnailKeyOf = (mediaKey: string) => `${mediaKey}${THUMBNAIL_SUFFIX}`;

/** The medium a thumbnail key belongs to; undefined when `key` is not a thumbnail of one of ours. */
export function mediaKeyOfThumbnail(key: string): string | undefined {
  if (!key.endsWith(THUMBNAIL_SUFFIX)) return undefined;
  const mediaKey = key.slice(0, -THUMBNAIL_SUFFIX.length);
  return parseMediaKey(mediaKey) ? mediaKey : undefined;
}

/**
 * Media URLs in post answers are signed for a window: every answer within the same window carries
 * the same URL, so a list refreshed every few seconds while a post publishes does not make the
 * browser fetch its thumbnails and videos again (and a playing video keeps its source).
 */
export const MEDIA_LINK_WINDOW_SECONDS = 10 * 60;
/** How long a URL stays valid after its window starts: always at least this minus the window (10 minutes) after it was handed out. */
export const MEDIA_LINK_SECONDS = 20 * 60;
/** A list on screen refetches at least this often, so the media links it shows never expire under it. */
export const MEDIA_LINK_REFRESH_MS = ((MEDIA_LINK_SECONDS - MEDIA_LINK_WINDOW_SECONDS) * 1000) / 2;
