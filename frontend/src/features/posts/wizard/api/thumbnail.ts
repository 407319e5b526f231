import { MAX_THUMBNAIL_BYTES, THUMBNAIL_MAX_HEIGHT, THUMBNAIL_MAX_WIDTH } from '../../../../../../shared/api/uploads';
import type { ApiCall } from '../../../../lib/apiClient';

/** The video's frame at this second (or its middle, when shorter) becomes its poster. */
export const POSTER_SECOND = 1;
/** A file the browser cannot decode in this time gets no thumbnail (the lists show an icon). */
export const CAPTURE_TIMEOUT_MS = 8_000;
const QUALITIES = [0.82, 0.65, 0.45];

/** Why no thumbnail could be made in this browser (the file cannot be decoded here, no canvas...). */
export class ThumbnailUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ThumbnailUnavailable';
  }
}

/** The largest size with the same proportions within THUMBNAIL_MAX_WIDTH × THUMBNAIL_MAX_HEIGHT (never enlarged). */
export function fitWithin(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, THUMBNAIL_MAX_WIDTH / width, THUMBNAIL_MAX_HEIGHT / height);
  return {
    width: Math.min(THUMBNAIL_MAX_WIDTH, Math.max(1, Math.round(width * scale))),
    height: Math.min(THUMBNAIL_MAX_HEIGHT, Math.max(1, Math.round(height * scale))),
  };
}

/** Waits for one of `events` on `target`; rejects on `error` or when the signal aborts. */
function once(target: HTMLMediaElement, event: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      target.removeEventListener(event, onEvent);
      target.removeEventListener('error', onError);
      signal.removeEventListener('abort', onAbort);
    };
    const onEvent = () => {
      cleanup();
      resolve();
    };
    const onError = () => {
      cleanup();
      reject(new ThumbnailUnavailable('This browser cannot decode the file.'));
    };
    const onAbort = () => {
      cleanup();
      reject(new ThumbnailUnavailable('Making the preview took too long.'));
    };
    target.addEventListener(event, onEvent);
    target.addEventListener('error', onError);
    signal.addEventListener('abort', onAbort);
  });
}

/** Draws the source scaled down on a canvas and encodes a JPEG within MAX_THUMBNAIL_BYTES. */
async function toJpeg(source: CanvasImageSource, width: number, height: number, background: string): Promise<Blob> {
  if (!width || !height) throw new ThumbnailUnavailable('The file has no picture to show.');
  const size = fitWithin(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new ThumbnailUnavailable('This browser cannot draw the preview.');
  // JPEG has no transparency: a transparent PNG or GIF is shown on this background.
  context.fillStyle = background;
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(source, 0, 0, size.width, size.height);
  for (const quality of QUALITIES) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (blob && blob.size <= MAX_THUMBNAIL_BYTES) return blob;
  }
  throw new ThumbnailUnavailable('The preview could not be made small enough.');
}

async function videoPoster(file: File, signal: AbortSignal): Promise<Blob> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    const loaded = once(video, 'loadeddata', signal);
    video.src = url;
    await loaded;
    const duration = Number.isFinite(video.duration) ? video.duration : 0;
    const at = Math.min(POSTER_SECOND, duration / 2);
    if (at > 0) {
      const seeked = once(video, 'seeked', signal);
      video.currentTime = at;
      await seeked;
    }
    return await toJpeg(video, video.videoWidth, video.videoHeight, '#000');
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

async function imageThumbnail(file: File): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ThumbnailUnavailable('This browser cannot decode the image.');
  }
  try {
    return await toJpeg(bitmap, bitmap.width, bitmap.height, '#fff');
  } finally {
    bitmap.close();
  }
}

/** A JPEG thumbnail of the file made in this browser: a video's frame at about 1 s, an image made small. */
export async function captureThumbnail(file: File, kind: 'image' | 'video', signal?: AbortSignal): Promise<Blob> {
  // The upload's own signal (the file was removed) or the time limit, whichever comes first.
  const stop = new AbortController();
  const abort = () => stop.abort();
  const timer = setTimeout(abort, CAPTURE_TIMEOUT_MS);
  signal?.addEventListener('abort', abort, { once: true });
  try {
    return await (kind === 'video' ? videoPoster(file, stop.signal) : imageThumbnail(file));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new ThumbnailUnavailable('The preview could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/**
 * Makes the uploaded file's thumbnail and stores it beside it (PUT /uploads/thumbnail). Throws
 * ThumbnailUnavailable when this browser cannot make one, or the API's error when it refuses it.
 */
export async function storeThumbnail(api: ApiCall, file: File, kind: 'image' | 'video', key: string, signal?: AbortSignal): Promise<void> {
  const image = await base64Of(await captureThumbnail(file, kind, signal));
  await api('putThumbnail', { body: { key, image } });
}
