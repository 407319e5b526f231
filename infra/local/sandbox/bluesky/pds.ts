import { simulatedMetrics } from '../engagement';
import { isRecord, json, readJson, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import type { LimitDefinitions } from '../limits';
import { checkAccessToken } from '../oauth';
import type { AccountRecord } from '../store';
import { boundKeyOf } from './authServer';
import { validatePost } from './records';
import { cidOf, didOf, didWebOf, handleOf, randomId, type BlueskyState, type PostRecord } from './state';

/** How many people a sandbox Bluesky post typically reaches (engagement.ts scales likes and reposts from it). */
const TYPICAL_VIEWS = 900;

/**
 * The account's PDS (XRPC, atproto.com/specs/xrpc; errors are {error, message}). Every call
 * needs `Authorization: DPoP <token>` with a proof for it (ath, current nonce: otherwise 401
 * with WWW-Authenticate: DPoP error="use_dpop_nonce"); a token is honoured only with the key it
 * is bound to.
 *
 *   GET  app.bsky.actor.getProfile?actor                  (proxied to the AppView on Bluesky)
 *   GET  com.atproto.identity.resolveHandle?handle        400 when nobody has the handle
 *   POST com.atproto.repo.uploadBlob                      raw bytes, ≤ blobBytes → {blob}
 *   POST com.atproto.repo.createRecord                    {repo, collection, rkey?, record}; validated
 *                                                         as the lexicon says; an existing rkey → 500, as the PDS does
 *   GET  com.atproto.repo.getRecord?repo&collection&rkey  400 RecordNotFound
 *   GET  com.atproto.repo.listRecords?repo&collection&limit  newest first
 *   GET  app.bsky.feed.getPosts?uris=…                    ≤ 25; like/repost/reply/quote counts (engagement.ts)
 *   GET  com.atproto.server.getServiceAuth?aud&lxm&exp    a token for the video service
 *
 * Rate limits: createRecord counts 3 points of 5,000 per hour (setLimit pointsPerHour).
 */

const HOUR_MS = 3600_000;
const POST_COLLECTION = 'app.bsky.feed.post';

export const pdsLimits: LimitDefinitions = {
  pointsPerHour: { default: 5000, description: 'repo write points per account per hour (create = 3) → 429 RateLimitExceeded with ratelimit-* headers' },
  blobBytes: { default: 50_000_000, description: 'bytes per com.atproto.repo.uploadBlob → 400 BlobTooLarge' },
};

type Caller = { account: AccountRecord; did: string };

export const xrpcError = (status: number, error: string, message: string, headers: Record<string, string> = {}) => json(status, { error, message }, headers);

export function blueskyPds(state: BlueskyState) {
  const { context, dpop } = state;

  function authenticate(request: SandboxRequest): Caller | SandboxResponse {
    const match = /^DPoP\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match) {
      return /^Bearer\s/i.test(request.headers.authorization ?? '')
        ? xrpcError(401, 'InvalidToken', 'DPoP-bound token presented as a Bearer token')
        : xrpcError(401, 'AuthMissing', 'Authentication Required');
    }
    const token = match[1]!;
    const proof = dpop.check(request, `${state.pdsUrl()}${request.path}`, token);
    if (!proof.ok) {
      return xrpcError(401, proof.error, proof.description, { 'www-authenticate': `DPoP error="${proof.error}", error_description="${proof.description}"`, 'dpop-nonce': dpop.nonce() });
    }
    const access = checkAccessToken(context, token);
    if ('failure' in access) return xrpcError(401, access.failure === 'expired' ? 'ExpiredToken' : 'InvalidToken', access.failure === 'expired' ? 'Token has expired' : 'Token could not be verified');
    if (boundKeyOf(token) !== proof.jkt) return xrpcError(401, 'InvalidToken', 'DPoP key does not match the token');
    return { account: access.account, did: didOf(access.account.name) };
  }

  function authed(handler: (request: SandboxRequest, caller: Caller) => SandboxResponse | Promise<SandboxResponse>) {
    return async (request: SandboxRequest): Promise<SandboxResponse> => {
      const caller = authenticate(request);
      if ('status' in caller) return caller;
      const answer = await handler(request, caller);
      return { ...answer, headers: { ...answer.headers, 'dpop-nonce': dpop.nonce() } };
    };
  }

  /**
   * The post at this URI: from memory, or rebuilt from the persisted feed after a restart (text
   * and time; the embed's blobs are gone with the restart, as upload sessions are).
   */
  function findPost(uri: string): PostRecord | undefined {
    const kept = state.records.get(uri);
    if (kept) return kept;
    const [, , did = '', , rkey = ''] = uri.split('/');
    const account = accountByDid(did);
    const entry = account ? context.feed.list(context.platform, account.name).find((candidate) => candidate.id === uri) : undefined;
    if (!entry) return undefined;
    const value = { $type: POST_COLLECTION, text: entry.text, createdAt: new Date(entry.createdAt).toISOString() };
    return { uri, cid: cidOf(JSON.stringify(value)), did, rkey, value, indexedAt: entry.createdAt };
  }

  /** The account's posts, newest key first (memory and the persisted feed). */
  function postsOf(did: string): PostRecord[] {
    const account = accountByDid(did);
    const uris = new Set([...state.records.values()].filter((record) => record.did === did).map((record) => record.uri));
    for (const entry of account ? context.feed.list(context.platform, account.name) : []) uris.add(entry.id);
    return [...uris].flatMap((uri) => findPost(uri) ?? []).sort((left, right) => (left.rkey < right.rkey ? 1 : -1));
  }

  const accountByDid = (did: string) => context.store.accounts(context.platform).find((account) => didOf(account.name) === did);
  const ownRepo = (repo: string | null | undefined, caller: Caller) => repo === caller.did || repo === handleOf(caller.account.name);

  function profile(request: SandboxRequest): SandboxResponse {
    const actor = request.query.get('actor') ?? '';
    const account = accountByDid(actor) ?? context.store.accounts(context.platform).find((candidate) => handleOf(candidate.name) === actor);
    if (!account) return xrpcError(400, 'InvalidRequest', 'Profile not found');
    return json(200, { did: didOf(account.name), handle: handleOf(account.name), displayName: account.displayName, avatar: context.avatarUrl(didOf(account.name)), postsCount: context.feed.list(context.platform, account.name).length });
  }

  function resolveHandle(request: SandboxRequest): SandboxResponse {
    const handle = (request.query.get('handle') ?? '').toLowerCase();
    if (!handle) return xrpcError(400, 'InvalidRequest', 'Error: Params must have the property "handle"');
    const account = context.store.accounts(context.platform).find((candidate) => handleOf(candidate.name) === handle);
    return account ? json(200, { did: didOf(account.name) }) : xrpcError(400, 'InvalidRequest', 'Unable to resolve handle');
  }

  async function uploadBlob(request: SandboxRequest, caller: Caller): Promise<SandboxResponse> {
    const mimeType = request.headers['content-type'];
    if (!mimeType || mimeType === 'application/x-www-form-urlencoded') return xrpcError(400, 'InvalidRequest', 'A Content-Type header is required');
    const blobId = await context.media.create();
    const outcome = await context.media.write(blobId, 0, request.raw, context.limit('blobBytes'));
    if (outcome.overflow || outcome.written === 0) {
      await context.media.remove(blobId);
      return outcome.overflow ? xrpcError(400, 'BlobTooLarge', 'This file is too large') : xrpcError(400, 'InvalidRequest', 'The blob is empty');
    }
    const cid = cidOf(`${blobId}:${outcome.written}`);
    state.blobs.set(cid, { cid, did: caller.did, blobId, mimeType, size: outcome.written });
    return json(200, { blob: { $type: 'blob', ref: { $link: cid }, mimeType, size: outcome.written } });
  }

  function rateHeaders(key: string): Record<string, string> {
    const now = context.now();
    const used = context.events.since(key, now - HOUR_MS + 1);
    const limit = context.limit('pointsPerHour');
    return {
      'ratelimit-limit': String(limit),
      'ratelimit-remaining': String(Math.max(0, limit - used.length * 3)),
      'ratelimit-reset': String(Math.ceil(((used[0] ?? now) + HOUR_MS) / 1000)),
      'ratelimit-policy': `${limit};w=3600`,
    };
  }

  async function createRecord(request: SandboxRequest, caller: Caller): Promise<SandboxResponse> {
    const body = await readJson(request);
    if (!isRecord(body)) return xrpcError(400, 'InvalidRequest', 'Request body must be a JSON object');
    if (!ownRepo(body['repo'] as string, caller)) return xrpcError(403, 'InvalidRequest', 'Insufficient permissions: repo');
    if (body['collection'] !== POST_COLLECTION) return xrpcError(400, 'InvalidRequest', `The sandbox PDS takes ${POST_COLLECTION} records only`);
    const rkey = body['rkey'] === undefined ? undefined : body['rkey'];
    if (rkey !== undefined && (typeof rkey !== 'string' || !/^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/.test(rkey))) {
      return xrpcError(400, 'InvalidRequest', `Invalid record key for ${POST_COLLECTION}: must be a TID`);
    }
    const key = `writes/${caller.did}`;
    const points = context.events.since(key, context.now() - HOUR_MS + 1).length * 3;
    if (points + 3 > context.limit('pointsPerHour')) return xrpcError(429, 'RateLimitExceeded', 'Rate Limit Exceeded', rateHeaders(key));
    const problem = validatePost(body['record'], caller.did, state);
    if (problem) return xrpcError(400, 'InvalidRequest', `Invalid app.bsky.feed.post record: ${problem}`);
    // The PDS checks only the reference's shape; the AppView would never show a reply to a post
    // that is not there (or not that version), so the sandbox refuses one, for tests to see.
    // A reply's root is its thread's first post: the parent itself, or the parent's own root.
    const reply = (body['record'] as { reply?: { root: { uri: string; cid: string }; parent: { uri: string; cid: string } } }).reply;
    const parent = reply ? findPost(reply.parent.uri) : undefined;
    if (reply && parent?.cid !== reply.parent.cid) {
      return xrpcError(400, 'InvalidRequest', `Invalid app.bsky.feed.post record: Record/reply/parent does not point at an existing post: ${reply.parent.uri}`);
    }
    if (reply && parent) {
      const parentRoot = (parent.value['reply'] as { root?: { uri?: string; cid?: string } } | undefined)?.root ?? { uri: parent.uri, cid: parent.cid };
      if (reply.root.uri !== parentRoot.uri || reply.root.cid !== parentRoot.cid) {
        return xrpcError(400, 'InvalidRequest', `Invalid app.bsky.feed.post record: Record/reply/root is not the thread's first post (${String(parentRoot.uri)})`);
      }
    }
    const recordKey = (rkey as string | undefined) ?? randomTid(context.now());
    const uri = `at://${caller.did}/${POST_COLLECTION}/${recordKey}`;
    // The PDS answers a create on an existing key with a 500 (bluesky-social/atproto#3718).
    if (findPost(uri)) return xrpcError(500, 'InternalServerError', 'Internal Server Error');
    context.events.record(key, context.now());
    const value = body['record'] as Record<string, unknown>;
    const cid = cidOf(JSON.stringify(value));
    state.records.set(uri, { uri, cid, did: caller.did, rkey: recordKey, value, indexedAt: context.now() });
    const media = embeddedBlobs(value).map((blob) => ({ contentType: blob.mimeType, size: blob.size, blobId: blob.blobId }));
    const alts = embeddedAlts(value);
    context.feed.add({
      platform: context.platform,
      account: caller.account.name,
      id: uri,
      url: `https://bsky.app/profile/${handleOf(caller.account.name)}/post/${recordKey}`,
      text: String(value['text'] ?? ''),
      media,
      // The images' and the video's alt texts as the record carries them (an image's may be empty).
      ...(alts.length ? { settings: { alts } } : {}),
      ...(reply ? { replyTo: reply.parent.uri } : {}),
      createdAt: context.now(),
    });
    return json(200, { uri, cid, commit: { cid: cidOf(`${uri}:commit`), rev: recordKey }, validationStatus: 'valid' }, rateHeaders(key));
  }

  function embeddedAlts(value: Record<string, unknown>): string[] {
    const embed = value['embed'] as { images?: Array<{ alt?: unknown }>; alt?: unknown; video?: unknown } | undefined;
    if (embed?.images) return embed.images.map((image) => String(image.alt ?? ''));
    return embed?.video && typeof embed.alt === 'string' ? [embed.alt] : [];
  }

  function embeddedBlobs(value: Record<string, unknown>) {
    const embed = value['embed'] as { images?: Array<{ image?: { ref?: { $link?: string } } }>; video?: { ref?: { $link?: string } } } | undefined;
    const refs = [...(embed?.images ?? []).map((image) => image.image?.ref?.$link), embed?.video?.ref?.$link];
    return refs.flatMap((ref) => (ref && state.blobs.get(ref) ? [state.blobs.get(ref)!] : []));
  }

  function getRecord(request: SandboxRequest): SandboxResponse {
    const repo = request.query.get('repo') ?? '';
    const collection = request.query.get('collection') ?? '';
    const rkey = request.query.get('rkey') ?? '';
    const byHandle = context.store.accounts(context.platform).find((account) => handleOf(account.name) === repo);
    const did = byHandle ? didOf(byHandle.name) : repo;
    const uri = `at://${did}/${collection}/${rkey}`;
    const record = collection === POST_COLLECTION ? findPost(uri) : undefined;
    if (!record) return xrpcError(400, 'RecordNotFound', `Could not locate record: ${uri}`);
    return json(200, { uri, cid: record.cid, value: record.value });
  }

  function listRecords(request: SandboxRequest): SandboxResponse {
    const repo = request.query.get('repo') ?? '';
    const collection = request.query.get('collection') ?? '';
    const limit = Number(request.query.get('limit') ?? '50');
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return xrpcError(400, 'InvalidRequest', 'limit must be an integer from 1 to 100');
    const records = (collection === POST_COLLECTION ? postsOf(repo) : []).slice(0, limit);
    return json(200, { records: records.map((record) => ({ uri: record.uri, cid: record.cid, value: record.value })), ...(records.length === limit ? { cursor: records.at(-1)!.rkey } : {}) });
  }

  function getPosts(request: SandboxRequest): SandboxResponse {
    const uris = request.query.getAll('uris');
    if (uris.length === 0 || uris.length > 25) return xrpcError(400, 'InvalidRequest', 'uris must list 1 to 25 at:// URIs');
    const now = context.now();
    const posts = uris.flatMap((uri) => {
      const record = findPost(uri);
      const account = record ? accountByDid(record.did) : undefined;
      const entry = account ? context.feed.list(context.platform, account.name).find((candidate) => candidate.id === uri) : undefined;
      if (!record || !account || !entry) return [];
      const metrics = simulatedMetrics(entry, now, TYPICAL_VIEWS);
      const quotes = Math.floor(metrics.shares / 4);
      return [
        {
          uri,
          cid: record.cid,
          author: { did: record.did, handle: handleOf(account.name), displayName: account.displayName },
          record: record.value,
          likeCount: metrics.likes,
          repostCount: metrics.shares - quotes,
          replyCount: metrics.comments,
          quoteCount: quotes,
          indexedAt: new Date(record.indexedAt).toISOString(),
        },
      ];
    });
    return json(200, { posts });
  }

  function serviceAuth(request: SandboxRequest, caller: Caller): SandboxResponse {
    const aud = request.query.get('aud');
    const lxm = request.query.get('lxm') ?? '';
    if (!aud || !aud.startsWith('did:')) return xrpcError(400, 'InvalidRequest', 'aud must be a DID');
    const exp = Number(request.query.get('exp') ?? Math.floor(context.now() / 1000) + 60);
    if (!Number.isFinite(exp) || exp * 1000 > context.now() + HOUR_MS) return xrpcError(400, 'BadExpiration', 'expiration is too far in the future');
    const token = `svc.${randomId(24)}`;
    state.serviceTokens.set(token, { did: caller.did, aud, lxm, expiresAt: exp * 1000 });
    return json(200, { token });
  }

  const xrpc = (method: 'GET' | 'POST', nsid: string, handle: Route['handle']): Route => ({ method, hostKey: 'pds', path: `/xrpc/${nsid}`, handle });
  const routes: Route[] = [
    xrpc('GET', 'app.bsky.actor.getProfile', authed(profile)),
    xrpc('GET', 'com.atproto.identity.resolveHandle', authed(resolveHandle)),
    xrpc('POST', 'com.atproto.repo.uploadBlob', authed(uploadBlob)),
    xrpc('POST', 'com.atproto.repo.createRecord', authed(createRecord)),
    xrpc('GET', 'com.atproto.repo.getRecord', authed(getRecord)),
    xrpc('GET', 'com.atproto.repo.listRecords', authed(listRecords)),
    xrpc('GET', 'app.bsky.feed.getPosts', authed(getPosts)),
    xrpc('GET', 'com.atproto.server.getServiceAuth', authed(serviceAuth)),
  ];
  return { routes, didWeb: () => didWebOf(state.pdsUrl()) };
}

function randomTid(nowMs: number): string {
  const alphabet = '234567abcdefghijklmnopqrstuvwxyz';
  let value = (BigInt(nowMs) * 1000n) << 10n;
  let text = '';
  for (let index = 0; index < 13; index += 1) {
    text = alphabet[Number(value & 31n)]! + text;
    value >>= 5n;
  }
  return text;
}
