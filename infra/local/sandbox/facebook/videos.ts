import type { FeedMedia } from '../feed';
import { header, json, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import { parseMultipart } from '../multipart';
import { randomDigits } from '../oauth';
import type { PlatformContext } from '../platform';
import { progression, type Progression } from '../processing';
import { graphError, parameters, type PageAccess } from './api';
import { facebookPageId } from './identity';

/**
 * A Page video through the chunked upload on graph-video.facebook.com (host key `video`;
 * docs/platforms/facebook.md, "Video"), with the Page's token:
 *
 *   POST /{page-id}/videos upload_phase=start&file_size=…   → {video_id, upload_session_id, start_offset, end_offset}
 *   POST /{page-id}/videos upload_phase=transfer (multipart: upload_session_id, start_offset,
 *        video_file_chunk)                                   → {start_offset, end_offset} of the next chunk
 *   POST /{page-id}/videos upload_phase=finish&upload_session_id&description&title → {success: true}:
 *        the post exists from here (it is in the feed), its video processing
 *   GET  /{video-id}?fields=status,permalink_url (graph)    status.video_status: upload_complete (before
 *        finish), processing, ready, error; uploading_phase, processing_phase, publishing_phase
 *
 * Chunks are at most 4 MiB; a chunk sent again at an offset already received overwrites from there
 * (a retried transfer). setProcessing: `fail` → error with the reason. Videos: at most 1 GiB here.
 */

const CHUNK = 4 * 1024 * 1024;
const MAX_VIDEO_BYTES = 1024 * 1024 * 1024;
const SITE = 'https://www.facebook.com';
const DEFAULT_READS = 1;

interface Video {
  id: string;
  page: string;
  sessionId: string;
  size: number;
  blobId: string;
  received: number;
  contentType: string;
  finished: boolean;
  processing?: Progression;
}

export interface FacebookVideos {
  routes: Route[];
  reset(): void;
  /** The Page's video with this id, with these fields (a status read), or undefined. */
  read(id: string, page: string, fields: string[]): Record<string, unknown> | undefined;
}

export function facebookVideos(context: PlatformContext, pageAccess: PageAccess): FacebookVideos {
  let videos = new Map<string, Video>();
  const bySession = (sessionId: string | null) => [...videos.values()].find((video) => video.sessionId === sessionId);
  const offsets = (video: Video) => ({ start_offset: String(video.received), end_offset: String(Math.min(video.size, video.received + CHUNK)) });

  async function upload(request: SandboxRequest): Promise<SandboxResponse> {
    const pageId = request.params['page']!;
    const access = await pageAccess(request, pageId);
    if ('status' in access) return access;
    if (!access.token.scopes.includes('pages_manage_posts')) return graphError(200, '(#200) The permission(s) pages_manage_posts are not available or have not been granted.');
    const multipart = parseMultipart(header(request, 'content-type'), await request.body());
    const params = multipart ? new URLSearchParams([...multipart].filter(([, part]) => part.filename === undefined).map(([name, part]) => [name, part.value.toString('utf8')])) : await parameters(request);
    switch (params.get('upload_phase')) {
      case 'start': {
        const size = Number(params.get('file_size'));
        if (!Number.isInteger(size) || size <= 0) return graphError(100, '(#100) file_size must be a positive integer');
        if (size > MAX_VIDEO_BYTES) return graphError(6000, 'There was a problem uploading your video file: the file is too large', 1363023);
        const video: Video = { id: randomDigits(16), page: access.account.name, sessionId: randomDigits(17), size, blobId: await context.media.create(), received: 0, contentType: 'video/mp4', finished: false };
        videos.set(video.id, video);
        return json(200, { video_id: video.id, upload_session_id: video.sessionId, ...offsets(video) });
      }
      case 'transfer': {
        const video = bySession(params.get('upload_session_id'));
        if (!video || video.page !== access.account.name) return graphError(100, '(#100) Invalid upload_session_id');
        if (video.finished) return graphError(6000, 'There was a problem uploading your video file: the upload session is finished', 1363037);
        const start = Number(params.get('start_offset'));
        const chunk = multipart?.get('video_file_chunk')?.value;
        if (!chunk) return graphError(100, '(#100) video_file_chunk is required');
        if (!Number.isInteger(start) || start < 0 || start > video.received) {
          return graphError(6001, `There was a problem uploading your video file: start_offset ${start} does not match ${video.received}`, 1363037, { error_user_msg: `Expected offset ${video.received}` });
        }
        if (start + chunk.length > video.size || chunk.length > CHUNK) return graphError(6001, 'There was a problem uploading your video file: the chunk does not fit the file', 1363019);
        await context.media.truncate(video.blobId, start);
        await context.media.write(video.blobId, start, chunk, chunk.length);
        video.received = start + chunk.length;
        return json(200, offsets(video));
      }
      case 'finish': {
        const video = bySession(params.get('upload_session_id'));
        if (!video || video.page !== access.account.name) return graphError(100, '(#100) Invalid upload_session_id');
        if (video.received !== video.size) return graphError(6000, `There was a problem uploading your video file: ${video.received} of ${video.size} bytes received`, 1363030);
        if (video.finished) return graphError(6000, 'There was a problem uploading your video file: the upload session is finished', 1363037);
        video.finished = true;
        video.processing = progression(context.nextProcessing(DEFAULT_READS, access.account.name));
        const media: FeedMedia = { contentType: video.contentType, size: video.size, blobId: video.blobId };
        context.feed.add({
          platform: 'facebook',
          account: video.page,
          id: video.id,
          url: `${SITE}/${facebookPageId(video.page)}/videos/${video.id}/`,
          text: params.get('description') ?? '',
          ...(params.get('title') ? { title: params.get('title')! } : {}),
          media: [media],
          createdAt: context.now(),
        });
        return json(200, { success: true });
      }
      default:
        return graphError(100, '(#100) upload_phase must be one of start, transfer, finish');
    }
  }

  /** GET /{video-id}: its status (each read is a status read while processing) and permalink. */
  function read(video: Video, fields: string[]): Record<string, unknown> {
    let status: Record<string, unknown>;
    if (!video.finished) {
      status = { video_status: video.received === video.size ? 'upload_complete' : 'uploading', uploading_phase: { status: video.received === video.size ? 'complete' : 'in_progress', bytes_transferred: video.received }, processing_phase: { status: 'not_started' }, publishing_phase: { status: 'not_started' } };
    } else {
      const done = video.processing!.finished || video.processing!.read();
      const failed = done && video.processing!.plan.outcome !== 'succeed';
      if (failed) context.feed.annotate('facebook', video.id, `Video processing failed: ${video.processing!.plan.reason ?? 'the file could not be processed'}`);
      status = done
        ? failed
          ? { video_status: 'error', uploading_phase: { status: 'complete' }, processing_phase: { status: 'error', error: { message: video.processing!.plan.reason ?? 'The video file could not be processed.' } }, publishing_phase: { status: 'not_started' } }
          : { video_status: 'ready', uploading_phase: { status: 'complete' }, processing_phase: { status: 'complete' }, publishing_phase: { status: 'complete', publish_status: 'published', publish_time: new Date(context.now()).toISOString() } }
        : { video_status: 'processing', uploading_phase: { status: 'complete' }, processing_phase: { status: 'in_progress' }, publishing_phase: { status: 'not_started' } };
    }
    const values: Record<string, unknown> = { id: video.id, status, permalink_url: `/${facebookPageId(video.page)}/videos/${video.id}/` };
    return Object.fromEntries(['id', ...fields].filter((field) => field in values).map((field) => [field, values[field]]));
  }

  return {
    routes: [{ method: 'POST', hostKey: 'video', path: '/{page}/videos', handle: upload }],
    reset() {
      videos = new Map();
    },
    read(id, page, fields) {
      const video = videos.get(id);
      return video?.page === page ? read(video, fields) : undefined;
    },
  };
}
