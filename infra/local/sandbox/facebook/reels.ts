import { header, json, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import type { LimitDefinitions } from '../limits';
import { randomDigits } from '../oauth';
import type { PlatformContext } from '../platform';
import { progression, type Progression } from '../processing';
import { receiveBody } from '../uploads';
import { graphError, parameters, type PageAccess } from './api';

/**
 * Reels on a Page (Reels Publishing API; docs/platforms/facebook.md, "Reels"), with the Page's token:
 *
 *   POST graph /{page-id}/video_reels upload_phase=start        → {video_id, upload_url}
 *   POST rupload /video-upload/{version}/{video-id}             the bytes, headers Authorization: OAuth <token>,
 *        offset, file_size → {success: true}; sent again from an offset already received, overwrites from there
 *   POST graph /{page-id}/video_reels upload_phase=finish&video_id&video_state=PUBLISHED&description
 *        → {success: true}: the reel exists (in the feed) and is processed, then published;
 *        the 31st in a rolling 24 h per Page is refused (reelsPer24h, 30) with code 4
 *   GET  graph /{page-id}/video_reels                           the Page's reels, newest first (id, description, created_time)
 *   GET  graph /{video-id}?fields=status                        uploading_phase, processing_phase, publishing_phase
 *
 * setProcessing: `fail` → processing_phase error with the reason.
 */

const DAY_MS = 24 * 3600_000;
const MAX_REEL_BYTES = 1024 * 1024 * 1024;
const DEFAULT_READS = 1;

export const reelLimits: LimitDefinitions = {
  reelsPer24h: { default: 30, description: 'Reels published per Page per rolling 24 h (finish) → 400 code 4' },
};

interface Reel {
  id: string;
  page: string;
  blobId: string;
  size?: number;
  received: number;
  finishedAt?: number;
  description?: string;
  processing?: Progression;
}

export interface FacebookReels {
  routes: Route[];
  reset(): void;
  read(id: string, page: string, fields: string[]): Record<string, unknown> | undefined;
}

const time = (epochMs: number) => new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, '+0000');

export function facebookReels(context: PlatformContext, pageAccess: PageAccess): FacebookReels {
  let reels = new Map<string, Reel>();
  const publishedWithin = (page: string, now: number) => [...reels.values()].filter((reel) => reel.page === page && reel.finishedAt !== undefined && reel.finishedAt > now - DAY_MS);

  async function videoReels(request: SandboxRequest): Promise<SandboxResponse> {
    const access = await pageAccess(request, request.params['page']);
    if ('status' in access) return access;
    if (!access.token.scopes.includes('pages_manage_posts')) return graphError(200, '(#200) The permission(s) pages_manage_posts are not available or have not been granted.');
    const params = await parameters(request);
    const page = access.account.name;
    switch (params.get('upload_phase')) {
      case 'start': {
        const reel: Reel = { id: randomDigits(16), page, blobId: await context.media.create(), received: 0 };
        reels.set(reel.id, reel);
        return json(200, { video_id: reel.id, upload_url: `${context.hostUrl('rupload')}/video-upload/v24.0/${reel.id}` });
      }
      case 'finish': {
        const reel = reels.get(params.get('video_id') ?? '');
        if (!reel || reel.page !== page) return graphError(100, '(#100) Invalid video_id');
        if (reel.finishedAt !== undefined) return graphError(100, '(#100) This reel has already been published');
        if (reel.size === undefined || reel.received !== reel.size) return graphError(6000, 'There was a problem uploading your video file: the upload is not complete', 1363030);
        if (params.get('video_state') !== 'PUBLISHED') return graphError(100, '(#100) video_state must be PUBLISHED (OneClick does not use DRAFT or SCHEDULED)');
        const now = context.now();
        if (publishedWithin(page, now).length >= context.limit('reelsPer24h')) {
          return graphError(4, `(#4) Reels publishing limit reached: at most ${context.limit('reelsPer24h')} API-published reels per Page in 24 hours`);
        }
        reel.finishedAt = now;
        reel.description = params.get('description') ?? '';
        reel.processing = progression(context.nextProcessing(DEFAULT_READS, page));
        context.feed.add({
          platform: 'facebook',
          account: page,
          id: reel.id,
          url: `https://www.facebook.com/reel/${reel.id}`,
          text: reel.description,
          media: [{ contentType: 'video/mp4', size: reel.size, blobId: reel.blobId }],
          createdAt: now,
          settings: { product: 'REELS' },
        });
        return json(200, { success: true });
      }
      default:
        return graphError(100, '(#100) upload_phase must be start or finish');
    }
  }

  async function listReels(request: SandboxRequest): Promise<SandboxResponse> {
    const access = await pageAccess(request, request.params['page']);
    if ('status' in access) return access;
    const published = [...reels.values()].filter((reel) => reel.page === access.account.name && reel.finishedAt !== undefined).sort((a, b) => b.finishedAt! - a.finishedAt!);
    return json(200, { data: published.map((reel) => ({ id: reel.id, description: reel.description, created_time: time(reel.finishedAt!) })), paging: { cursors: { before: 'QVFI', after: 'QVFI' } } });
  }

  async function upload(request: SandboxRequest): Promise<SandboxResponse> {
    const reel = reels.get(request.params['id']!);
    const token = /^OAuth\s+(\S+)$/i.exec(header(request, 'authorization') ?? '')?.[1];
    const access = await pageAccess({ ...request, headers: { ...request.headers, authorization: token ? `Bearer ${token}` : '' } });
    if ('status' in access) return access;
    if (!reel || reel.page !== access.account.name) return json(400, { debug_info: { type: 'NotFoundError', message: 'The video was not found' } });
    const offset = Number(header(request, 'offset') ?? '0');
    const size = Number(header(request, 'file_size'));
    if (!Number.isInteger(size) || size <= 0 || size > MAX_REEL_BYTES) return json(400, { debug_info: { type: 'ProcessingFailedError', message: 'file_size must be the whole file\'s size, at most 1 GiB' } });
    if (!Number.isInteger(offset) || offset < 0 || offset > reel.received) return json(400, { debug_info: { type: 'ProcessingFailedError', message: `offset ${offset} does not match ${reel.received}` } });
    reel.size = size;
    await context.media.truncate(reel.blobId, offset);
    const received = await receiveBody(context.media, request, reel.blobId, offset, size - offset);
    if (received.result !== 'ok') {
      reel.received = offset;
      return json(400, { debug_info: { type: 'ProcessingFailedError', message: `the upload was ${received.result}` } });
    }
    reel.received = size;
    return json(200, { success: true });
  }

  function read(reel: Reel, fields: string[]): Record<string, unknown> {
    let status: Record<string, unknown>;
    const uploading = { status: reel.size !== undefined && reel.received === reel.size ? 'complete' : 'in_progress', bytes_transferred: reel.received };
    if (reel.finishedAt === undefined) {
      status = { video_status: uploading.status === 'complete' ? 'upload_complete' : 'uploading', uploading_phase: uploading, processing_phase: { status: 'not_started' }, publishing_phase: { status: 'not_started' } };
    } else {
      const done = reel.processing!.finished || reel.processing!.read();
      const failed = done && reel.processing!.plan.outcome !== 'succeed';
      if (failed) context.feed.annotate('facebook', reel.id, `Reel processing failed: ${reel.processing!.plan.reason ?? 'the file could not be processed'}`);
      status = !done
        ? { video_status: 'processing', uploading_phase: uploading, processing_phase: { status: 'in_progress' }, publishing_phase: { status: 'not_started' } }
        : failed
          ? { video_status: 'error', uploading_phase: uploading, processing_phase: { status: 'error', error: { message: reel.processing!.plan.reason ?? 'The reel could not be processed.' } }, publishing_phase: { status: 'not_started' } }
          : { video_status: 'ready', uploading_phase: uploading, processing_phase: { status: 'complete' }, publishing_phase: { status: 'complete', publish_status: 'published', publish_time: time(reel.finishedAt) } };
    }
    const values: Record<string, unknown> = { id: reel.id, status, permalink_url: `/reel/${reel.id}/` };
    return Object.fromEntries(['id', ...fields].filter((field) => field in values).map((field) => [field, values[field]]));
  }

  return {
    routes: [
      { method: 'POST', hostKey: 'graph', path: '/{page}/video_reels', handle: videoReels },
      { method: 'GET', hostKey: 'graph', path: '/{page}/video_reels', handle: listReels },
      { method: 'POST', hostKey: 'rupload', path: '/video-upload/{version}/{id}', handle: upload },
    ],
    reset() {
      reels = new Map();
    },
    read(id, page, fields) {
      const reel = reels.get(id);
      return reel?.page === page ? read(reel, fields) : undefined;
    },
  };
}
