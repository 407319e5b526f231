import { createHash } from 'node:crypto';
import { json, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import type { LimitDefinitions } from '../limits';
import { progression, type Progression } from '../processing';
import { xrpcError } from './pds';
import { cidOf, didOf, didWebOf, randomId, type BlueskyState } from './state';

/**
 * Bluesky's video service (docs.bsky.app, "Uploading video"):
 *
 *   POST /xrpc/app.bsky.video.uploadVideo?did&name   Bearer service-auth token from the PDS (aud the
 *        PDS's did:web, lxm com.atproto.repo.uploadBlob); video/mp4 bytes → {jobStatus}; the same
 *        bytes again → 409 already_exists with the job id
 *   GET  /xrpc/app.bsky.video.getJobStatus?jobId     JOB_STATE_ENCODING… → JOB_STATE_COMPLETED with
 *        the blob (now on the account's PDS), or JOB_STATE_FAILED with error
 *
 * setProcessing applies to the next job: `fail` → JOB_STATE_FAILED with the reason; `expire` → the
 * job is unknown. Each status read advances it by one step of the plan.
 */

export const videoLimits: LimitDefinitions = {
  videoBytes: { default: 100 * 1024 * 1024, description: 'bytes per uploadVideo → 400 file_too_large' },
  videosPerDay: { default: 25, description: 'videos per account per day → 400 upload_limit_exceeded' },
};

interface Job {
  jobId: string;
  did: string;
  hash: string;
  blobId: string;
  size: number;
  progression: Progression;
  expired: boolean;
}

const DAY_MS = 24 * 3600_000;

export function blueskyVideoService(state: BlueskyState) {
  const { context } = state;
  const jobs = new Map<string, Job>();

  async function uploadVideo(request: SandboxRequest): Promise<SandboxResponse> {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const grant = token ? state.serviceTokens.get(token) : undefined;
    if (!grant || grant.expiresAt <= context.now()) return xrpcError(401, 'AuthenticationRequired', 'A valid service token is required');
    if (grant.aud !== didWebOf(state.pdsUrl()) || grant.lxm !== 'com.atproto.repo.uploadBlob') return xrpcError(401, 'BadJwtAudience', 'The token is not for uploading to this PDS');
    if (request.query.get('did') !== grant.did) return xrpcError(400, 'InvalidRequest', 'did does not match the token');
    if (request.headers['content-type'] !== 'video/mp4') return xrpcError(400, 'InvalidRequest', 'Video must be video/mp4');
    const account = context.store.accounts(context.platform).find((candidate) => didOf(candidate.name) === grant.did);
    const key = `videos/${grant.did}`;
    if (context.events.since(key, context.now() - DAY_MS + 1).length >= context.limit('videosPerDay')) {
      return xrpcError(400, 'upload_limit_exceeded', 'You have exceeded your daily upload limit');
    }
    const blobId = await context.media.create();
    const outcome = await context.media.write(blobId, 0, request.raw, context.limit('videoBytes'));
    if (outcome.overflow || outcome.written === 0) {
      await context.media.remove(blobId);
      return outcome.overflow ? xrpcError(400, 'file_too_large', 'The video is too large') : xrpcError(400, 'InvalidRequest', 'The video is empty');
    }
    const hash = await digestOf(blobId);
    const existing = [...jobs.values()].find((job) => job.did === grant.did && job.hash === hash && !job.expired);
    if (existing) {
      await context.media.remove(blobId);
      return json(409, { error: 'already_exists', message: 'Video already processed', jobId: existing.jobId });
    }
    context.events.record(key, context.now());
    const plan = context.nextProcessing(2, account?.name);
    const job: Job = { jobId: randomId(), did: grant.did, hash, blobId, size: outcome.written, progression: progression(plan), expired: plan.outcome === 'expire' };
    jobs.set(job.jobId, job);
    return json(200, { jobStatus: { jobId: job.jobId, did: job.did, state: 'JOB_STATE_CREATED', progress: 0 } });
  }

  async function digestOf(blobId: string): Promise<string> {
    const hash = createHash('sha256');
    for await (const chunk of context.media.read(blobId)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }

  function jobStatus(request: SandboxRequest): SandboxResponse {
    const job = jobs.get(request.query.get('jobId') ?? '');
    if (!job || job.expired) return xrpcError(404, 'NotFound', 'Job not found');
    const base = { jobId: job.jobId, did: job.did };
    if (!job.progression.read()) return json(200, { jobStatus: { ...base, state: 'JOB_STATE_ENCODING', progress: 50 } });
    if (job.progression.plan.outcome === 'fail') {
      return json(200, { jobStatus: { ...base, state: 'JOB_STATE_FAILED', error: job.progression.plan.reason ?? 'Video processing failed', failureCode: 'encoding_failure' } });
    }
    const cid = cidOf(`${job.blobId}:video`);
    state.blobs.set(cid, { cid, did: job.did, blobId: job.blobId, mimeType: 'video/mp4', size: job.size });
    return json(200, { jobStatus: { ...base, state: 'JOB_STATE_COMPLETED', progress: 100, blob: { $type: 'blob', ref: { $link: cid }, mimeType: 'video/mp4', size: job.size } } });
  }

  const routes: Route[] = [
    { method: 'POST', hostKey: 'video', path: '/xrpc/app.bsky.video.uploadVideo', handle: uploadVideo },
    { method: 'GET', hostKey: 'video', path: '/xrpc/app.bsky.video.getJobStatus', handle: jobStatus },
  ];
  return { routes, reset: () => jobs.clear() };
}
