import { capabilities, platformNames, platforms, type Platform } from '../../../../shared/platforms';
import { commentRules } from '../../../../shared/platforms/comments';
import { mediaForPlatform } from '../../../../shared/platformRules';
import { createAdapters, createPublishers, platformHosts } from '../../../../functions/platforms/registry';
import { createOnceWith } from '../../../../functions/platforms/createOnce';
import { memoryAttachments } from '../../../../functions/platforms/progressAttachments';
import { Rejected, Retryable } from '../../../../functions/platforms/errors';
import type { CommentResult, PlatformPublisher, PublishProgress, PublishRequest, StepResult } from '../../../../functions/platforms/publisher';
import type { TokenSet } from '../../../../functions/platforms/adapter';
import type { RecordedCall, Sandbox } from '../../../../infra/local/sandbox/sandbox';
import { syntheticMp4 } from '../../../support/mp4';
import { accessTokenFor, clients, publishingScopes, startFileServer, startTestSandbox, testBytes, testClock } from '../../sandbox/harness';
import { defaultOptions, memoryMedia } from './harness';
import { blueskyConnect } from '../../sandbox/bluesky.harness';
import { mastodonTokens } from '../../sandbox/mastodon.harness';
import { testOptions } from '../../../support/postOptions';

/**
 * Publishing through the publisher registry against the platform sandbox, driven as the state
 * machine drives a target (start, status while processing, publish; Retryable tried again), with
 * createOnce guarding an armed mark that lives across the attempts as the target's does. Shared by
 * the exactly-once tests over the registry (createOnce.*.test.ts).
 */

export type Kind = 'video' | 'image' | 'second image' | 'document';

/**
 * What the first request after a lost answer gets instead of the platform's (the look-up that
 * asks whether the post exists, or whatever the retried step calls first). The bodies carry
 * LOOK_UP_FAULT, so a message that repeats them shows.
 */
export type LookUpFault = '404' | '500' | 'malformed body' | 'timeout';
export const lookUpFaults: readonly LookUpFault[] = ['404', '500', 'malformed body', 'timeout'];
export const LOOK_UP_FAULT = 'look-up fault';

function lookUpAnswer(fault: LookUpFault): Response {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  switch (fault) {
    case '404':
      return json(404, { error: { code: 'not_found', message: `Not found (${LOOK_UP_FAULT})` }, status: 404, message: LOOK_UP_FAULT });
    case '500':
      return json(500, { error: { message: `An unknown error occurred (${LOOK_UP_FAULT})`, code: 1 } });
    case 'malformed body':
      return json(200, { unexpected: LOOK_UP_FAULT });
    case 'timeout':
      throw new DOMException(`The operation was aborted due to timeout (${LOOK_UP_FAULT})`, 'TimeoutError');
  }
}

export interface Run<Result> {
  result: Result | Rejected;
  /** Requests made inside a createOnce send, as the sandbox's log names them. */
  createCalls: RecordedCall[];
  /** Requests outside any send after which the post count had grown with no send begun. */
  unguarded: string[];
  /** Whether a send's answer was lost and the request after it got `lookUpFault`. */
  lookUpFaulted: boolean;
}

export interface Setup {
  settings: Parameters<typeof createPublishers>[0];
  tokens: TokenSet;
  account: { platformUserId: string; username?: string };
}

/** The sandbox and a file server for the platforms that pull media; `stop` when done. */
export async function startRegistrySandbox() {
  /** The sandbox's clock: the driver moves it on by each wait the state machine would make. */
  const platformClock = testClock(Date.now());
  /** Our side reads the same clock (DPoP proofs carry their time, and the sandbox checks it against its own). */
  const clock = { now: () => new Date(platformClock.now()) };
  // The sandbox's clock is today's: LinkedIn refuses a LinkedIn-Version from its future.
  const { sandbox } = await startTestSandbox({ clock: platformClock });
  const files = await startFileServer();
  const video = syntheticMp4({ durationSeconds: 10, payloadBytes: 200_000 });
  files.put('/image.jpg', testBytes(2000, 'jpeg'), 'image/jpeg');
  files.put('/second.jpg', testBytes(3000, 'jpeg'), 'image/jpeg');
  files.put('/video.mp4', video, 'video/mp4');
  for (const platform of platforms) {
    for (const name of Object.keys(await sandbox.control.limits(platform))) {
      if (name !== 'unauditedCreatorsPer24h') await sandbox.control.setLimit(platform, name, 1_000_000);
    }
  }
  return { sandbox, files, video, platformClock, clock, stop: async () => (await sandbox.stop(), await files.stop()) };
}

export type RegistrySandbox = Awaited<ReturnType<typeof startRegistrySandbox>>;

/**
 * The posts each platform is published with: a video, an image, two images where it takes
 * several, and a video with an image where it takes both together (a carousel) — each as the
 * engine selects them (mediaForPlatform).
 */
export function cases(platform: Platform): Array<{ name: string; kinds: Kind[] }> {
  const { media } = capabilities[platform];
  const found: Array<{ name: string; kinds: Kind[] }> = (['video', 'image'] as const).filter((kind) => media[kind]).map((kind) => ({ name: kind, kinds: [kind] }));
  if ((media.image?.maxCount ?? 0) >= 2) found.push({ name: '2 images', kinds: ['image', 'second image'] });
  const mixed = mediaForPlatform(platform, [{ kind: 'video' as const, name: 'video' as Kind }, { kind: 'image' as const, name: 'image' as Kind }]);
  if (mixed.length > 1) found.push({ name: 'a video and an image', kinds: mixed.map((item) => item.name) });
  if (media.document) found.push({ name: 'document', kinds: ['document'] });
  return found;
}

/** A connected account: its tokens (with the comment permission where the network asks for one) and its id on the platform. */
export async function setUp(registry: RegistrySandbox, platform: Platform, account: string): Promise<Setup> {
  const { sandbox, clock } = registry;
  const settings = {
    [platform]: {
      credentials: clients[platform],
      hosts: Object.fromEntries(Object.keys(platformHosts[platform]).map((key) => [key, sandbox.hostUrl(platform, key)])),
      options: defaultOptions(platform),
      // A server a user names (a Mastodon instance) is the sandbox's: let through as the twin does.
      outboundAllowedOrigins: [new URL(sandbox.url).origin],
    },
  };
  const commentScope = commentRules[platform].scope;
  const scope = commentScope ? `${publishingScopes[platform]}${platform === 'instagram' ? ',' : ' '}${commentScope}` : publishingScopes[platform];
  // Bluesky's tokens are DPoP-bound to a key kept with them: connected through the adapter.
  const tokens =
    platform === 'bluesky'
      ? (await blueskyConnect(sandbox, createAdapters(settings, clock).bluesky!, account)).tokens
      : platform === 'mastodon'
        ? await mastodonTokens(sandbox, account)
        : { accessToken: await accessTokenFor(sandbox, platform, account, scope), accessTokenIssuedAt: new Date().toISOString(), scopes: commentScope ? [commentScope] : [] };
  // The id the platform knows the account by (X, Instagram and LinkedIn put it in paths); TikTok needs none.
  const adapter = createAdapters(settings, clock)[platform]!;
  const connected = await adapter.fetchProfile(tokens).then(
    (profile) => ({ profile, tokens }),
    // Tokens that act for several accounts (a LinkedIn member's organizations): the first one offered, as the picker connects it.
    async () => (adapter.listAccounts ? (await adapter.listAccounts(tokens))[0] : undefined) ?? { profile: { platformUserId: account, username: account }, tokens },
  );
  const { profile } = connected;
  return { settings, tokens: connected.tokens, account: { platformUserId: profile.platformUserId, ...(profile.username ? { username: profile.username } : {}) } };
}

/**
 * A publisher whose requests are watched: which go inside a createOnce send, which make a post
 * appear outside one, and (with `lookUpFault`) a send whose answer was lost — the sandbox dropped
 * it after acting — followed by the next request getting the fault.
 */
function watchedPublisher(registry: RegistrySandbox, platform: Platform, setup: Setup, account: string, marker: string, lookUpFault?: LookUpFault) {
  const { sandbox, clock } = registry;
  const watch = { createCalls: [] as RecordedCall[], unguarded: [] as string[], lookUpFaulted: false, sending: 0, sendsBegun: 0, lost: false };
  const posts = async () => (await sandbox.control.feed(platform, account)).posts.filter((post) => post.text.includes(marker) || (post.title ?? '').includes(marker)).length;
  const fetchImpl = async (url: string, init: RequestInit) => {
    if (lookUpFault && watch.lost && !watch.lookUpFaulted) {
      watch.lookUpFaulted = true;
      return lookUpAnswer(lookUpFault);
    }
    const before = await posts();
    const inside = watch.sending > 0;
    try {
      return await fetch(url, init);
    } catch (error) {
      if (inside) watch.lost = true;
      throw error;
    } finally {
      const last = (await sandbox.control.requests(platform)).at(-1);
      if (inside && last) watch.createCalls.push(last);
      if (!inside && watch.sendsBegun === 0 && (await posts()) > before) watch.unguarded.push(`${init.method ?? 'GET'} ${url}`);
    }
  };
  const publisher: PlatformPublisher = createPublishers(setup.settings, clock, fetchImpl)[platform]!;
  return { publisher, watch };
}

/** createOnce over an armed mark kept in `state` (a target's), counting sends in `watch`. */
function guarded(platform: Platform, state: { armed: boolean; progress: PublishProgress }, watch: { sending: number; sendsBegun: number }): PublishRequest['createOnce'] {
  const guard = createOnceWith(
    {
      arm: async (at) => {
        state.progress = at;
        if (state.armed) return false;
        state.armed = true;
        return true;
      },
      disarm: async () => void (state.armed = false),
    },
    platformNames[platform],
  );
  return (call) =>
    guard({
      ...call,
      send: async () => {
        watch.sending++;
        watch.sendsBegun++;
        try {
          return await call.send();
        } finally {
          watch.sending--;
        }
      },
    });
}

/** Publishes as the state machine drives the steps: start, status while processing, publish; Retryable is retried. */
export async function publishOnce(
  registry: RegistrySandbox,
  platform: Platform,
  kinds: Kind[],
  account: string,
  marker: string,
  lookUpFault?: LookUpFault,
  /** The target's choices, where a test asks for others than the platform's usual ones (testOptions). */
  options?: Record<string, unknown>,
): Promise<Run<StepResult>> {
  const { files, video, platformClock } = registry;
  const setup = await setUp(registry, platform, account);
  const { publisher, watch } = watchedPublisher(registry, platform, setup, account, marker, lookUpFault);
  const state = { armed: false, progress: {} as PublishProgress };
  const createOnce = guarded(platform, state, watch);
  const media = kinds.map((kind) =>
    kind === 'video'
      ? memoryMedia({ kind: 'video', bytes: new Uint8Array(video), durationSeconds: 10, url: files.url('/video.mp4') })
      : kind === 'image'
        ? memoryMedia({ kind: 'image', bytes: new Uint8Array(testBytes(2000, 'jpeg')), url: files.url('/image.jpg') })
        : kind === 'document'
          ? memoryMedia({ kind: 'document', contentType: 'application/pdf', extension: 'pdf', bytes: new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.7\n'), testBytes(2000)])) })
          : memoryMedia({ kind: 'image', bytes: new Uint8Array(testBytes(3000, 'jpeg')), url: files.url('/second.jpg') }),
  );
  const attachments = memoryAttachments();
  const run = (result: StepResult | Rejected): Run<StepResult> => ({ result, createCalls: watch.createCalls, unguarded: watch.unguarded, lookUpFaulted: watch.lookUpFaulted });
  let action: 'start' | 'status' | 'publish' = 'start';
  let last = '';
  for (let attempt = 0; attempt < 80; attempt++) {
    const request: PublishRequest = {
      text: `Registry ${marker}`,
      ...(platform === 'youtube' ? { title: `Registry ${marker}` } : {}),
      // The choices a platform asks for (as the API stores them with the target).
      // A document goes with its title (LinkedIn requires one).
      ...(options ? { options } : kinds.includes('document') ? { options: { documentTitle: `Registry ${marker}` } } : testOptions(platform)),
      media,
      account: setup.account,
      tokens: setup.tokens,
      progress: state.progress,
      saveProgress: async (saved) => void (state.progress = saved),
      createOnce,
      // As the engine says it: the target's mark from an earlier attempt.
      ...(state.armed ? { createArmed: true } : {}),
      attachments,
    };
    try {
      const result: StepResult = action === 'start' ? await publisher.start(request) : action === 'status' ? await publisher.checkStatus(request) : await publisher.publish(request);
      state.progress = result.progress;
      if (result.state === 'published') return run(result);
      if (result.state === 'processing') platformClock.advance(result.waitSeconds * 1000);
      action = result.state === 'ready' ? 'publish' : 'status';
    } catch (error) {
      if (error instanceof Rejected) return run(error);
      if (!(error instanceof Retryable)) throw error;
      last = error.message;
    }
  }
  throw new Error(`${platform} ${kinds.join(' + ')} did not finish (${action}: ${last})`);
}

/**
 * A follow-up under a published post — its first comment, or post 2 of a thread — tried as the
 * engine tries it (Retryable tried again), under its own armed mark.
 */
export async function followUpOnce(
  registry: RegistrySandbox,
  platform: Platform,
  kind: 'firstComment' | 'threadPart',
  published: { platformPostId: string; postUrl: string; progress: PublishProgress },
  account: string,
  marker: string,
  lookUpFault?: LookUpFault,
): Promise<Run<CommentResult>> {
  const setup = await setUp(registry, platform, account);
  const { publisher, watch } = watchedPublisher(registry, platform, setup, account, marker, lookUpFault);
  const state = { armed: false, progress: published.progress };
  const createOnce = guarded(platform, state, watch);
  const post = { platformPostId: published.platformPostId, postUrl: published.postUrl };
  const run = (result: CommentResult | Rejected): Run<CommentResult> => ({ result, createCalls: watch.createCalls, unguarded: watch.unguarded, lookUpFaulted: watch.lookUpFaulted });
  let last = '';
  for (let attempt = 0; attempt < 10; attempt++) {
    const request = { text: `Reply ${marker}`, post, account: setup.account, tokens: setup.tokens, progress: state.progress, saveProgress: async (saved: PublishProgress) => void (state.progress = saved), createOnce };
    try {
      const result = kind === 'firstComment' ? await publisher.firstComment!(request) : await publisher.threadPart!({ ...request, part: 2, root: post });
      return run(result);
    } catch (error) {
      if (error instanceof Rejected) return run(error);
      if (!(error instanceof Retryable)) throw error;
      last = error.message;
    }
  }
  throw new Error(`${platform} ${kind} did not finish: ${last}`);
}

/** The posts on the platform whose text or title carries `marker`. */
export async function postsWith(sandbox: Sandbox, platform: Platform, account: string, marker: string) {
  return (await sandbox.control.feed(platform, account)).posts.filter((post) => post.text.includes(marker) || (post.title ?? '').includes(marker));
}
