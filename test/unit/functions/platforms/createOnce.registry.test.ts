import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capabilities, platformNames, platforms, type Platform } from '../../../../shared/platforms';
import { mediaForPlatform } from '../../../../shared/platformRules';
import { createAdapters, createPublishers, platformHosts } from '../../../../functions/platforms/registry';
import { createOnceWith } from '../../../../functions/platforms/createOnce';
import { memoryAttachments } from '../../../../functions/platforms/progressAttachments';
import { Rejected, Retryable } from '../../../../functions/platforms/errors';
import type { PlatformPublisher, PublishProgress, PublishRequest, StepResult } from '../../../../functions/platforms/publisher';
import type { RecordedCall, Sandbox } from '../../../../infra/local/sandbox/sandbox';
import { syntheticMp4 } from '../../../support/mp4';
import { accessTokenFor, clients, startFileServer, startTestSandbox, testBytes, testClock } from '../../sandbox/harness';
import { defaultOptions, memoryMedia } from './harness';
import { blueskyConnect } from '../../sandbox/bluesky.harness';
import { testOptions } from '../../../support/postOptions';

/**
 * The exactly-once rule, checked over the publisher registry against the platform sandbox: for
 * every platform and media kind a publisher takes, (1) no request made outside a createOnce
 * `send` makes a post appear on the platform, and (2) each call made inside one, with its
 * answer lost after the platform acted, still leaves at most one post (published, or failed
 * with "check your account"). A new platform is covered by adding it to the registry.
 */

let sandbox: Sandbox;
/** The sandbox's clock: the driver moves it on by each wait the state machine would make. */
const platformClock = testClock(Date.now());
let files: Awaited<ReturnType<typeof startFileServer>>;
/** Our side reads the same clock (DPoP proofs carry their time, and the sandbox checks it against its own). */
const clock = { now: () => new Date(platformClock.now()) };

beforeAll(async () => {
  // The sandbox's clock is today's: LinkedIn refuses a LinkedIn-Version from its future.
  ({ sandbox } = await startTestSandbox({ clock: platformClock }));
  files = await startFileServer();
  files.put('/image.jpg', testBytes(2000, 'jpeg'), 'image/jpeg');
  files.put('/second.jpg', testBytes(3000, 'jpeg'), 'image/jpeg');
  files.put('/video.mp4', video, 'video/mp4');
  for (const platform of platforms) {
    for (const name of Object.keys(await sandbox.control.limits(platform))) {
      if (name !== 'unauditedCreatorsPer24h') await sandbox.control.setLimit(platform, name, 1_000_000);
    }
  }
});
afterAll(async () => {
  await sandbox.stop();
  await files.stop();
});

const video = syntheticMp4({ durationSeconds: 10, payloadBytes: 200_000 });
type Kind = 'video' | 'image' | 'second image';
/**
 * The posts each platform is published with: a video, an image, two images where it takes
 * several, and a video with an image where it takes both together (a carousel) — each as the
 * engine selects them (mediaForPlatform).
 */
function cases(platform: Platform): Array<{ name: string; kinds: Kind[] }> {
  const { media } = capabilities[platform];
  const found: Array<{ name: string; kinds: Kind[] }> = (['video', 'image'] as const).filter((kind) => media[kind]).map((kind) => ({ name: kind, kinds: [kind] }));
  if ((media.image?.maxCount ?? 0) >= 2) found.push({ name: '2 images', kinds: ['image', 'second image'] });
  const mixed = mediaForPlatform(platform, [{ kind: 'video' as const, name: 'video' as Kind }, { kind: 'image' as const, name: 'image' as Kind }]);
  if (mixed.length > 1) found.push({ name: 'a video and an image', kinds: mixed.map((item) => item.name) });
  return found;
}

interface Run {
  result: StepResult | Rejected;
  /** Requests made inside a createOnce send, as the sandbox's log names them. */
  createCalls: RecordedCall[];
  /** Requests outside any send after which the post count had grown with no send begun. */
  unguarded: string[];
}

async function setUp(platform: Platform, account: string) {
  const settings = { [platform]: { credentials: clients[platform], hosts: Object.fromEntries(Object.keys(platformHosts[platform]).map((key) => [key, sandbox.hostUrl(platform, key)])), options: defaultOptions(platform) } };
  // Bluesky's tokens are DPoP-bound to a key kept with them: connected through the adapter.
  const tokens =
    platform === 'bluesky'
      ? (await blueskyConnect(sandbox, createAdapters(settings, clock).bluesky!, account)).tokens
      : { accessToken: await accessTokenFor(sandbox, platform, account), accessTokenIssuedAt: new Date().toISOString(), scopes: [] };
  // The id the platform knows the account by (X, Instagram and LinkedIn put it in paths); TikTok needs none.
  const profile = await createAdapters(settings, clock)[platform]!.fetchProfile(tokens).catch(() => ({ platformUserId: account, username: account }));
  return { settings, tokens, account: { platformUserId: profile.platformUserId, ...(profile.username ? { username: profile.username } : {}) } };
}

/** Publishes as the state machine drives the steps: start, status while processing, publish; Retryable is retried. */
async function publishOnce(platform: Platform, kinds: Kind[], account: string, marker: string): Promise<Run> {
  const { settings, tokens, account: owner } = await setUp(platform, account);
  const createCalls: RecordedCall[] = [];
  const unguarded: string[] = [];
  let sending = 0;
  let sendsBegun = 0;
  const posts = async () => (await sandbox.control.feed(platform, account)).posts.filter((post) => post.text.includes(marker) || (post.title ?? '').includes(marker)).length;
  const fetchImpl = async (url: string, init: RequestInit) => {
    const before = await posts();
    const inside = sending > 0;
    try {
      return await fetch(url, init);
    } finally {
      const last = (await sandbox.control.requests(platform)).at(-1);
      if (inside && last) createCalls.push(last);
      if (!inside && sendsBegun === 0 && (await posts()) > before) unguarded.push(`${init.method ?? 'GET'} ${url}`);
    }
  };
  const publisher: PlatformPublisher = createPublishers(settings, clock, fetchImpl)[platform]!;
  let progress: PublishProgress = {};
  let armed = false;
  const guard = createOnceWith(
    {
      arm: async (at) => {
        progress = at;
        if (armed) return false;
        armed = true;
        return true;
      },
      disarm: async () => void (armed = false),
    },
    platformNames[platform],
  );
  const createOnce: PublishRequest['createOnce'] = (call) =>
    guard({
      ...call,
      send: async () => {
        sending++;
        sendsBegun++;
        try {
          return await call.send();
        } finally {
          sending--;
        }
      },
    });
  const media = kinds.map((kind) =>
    kind === 'video'
      ? memoryMedia({ kind: 'video', bytes: new Uint8Array(video), durationSeconds: 10, url: files.url('/video.mp4') })
      : kind === 'image'
        ? memoryMedia({ kind: 'image', bytes: new Uint8Array(testBytes(2000, 'jpeg')), url: files.url('/image.jpg') })
        : memoryMedia({ kind: 'image', bytes: new Uint8Array(testBytes(3000, 'jpeg')), url: files.url('/second.jpg') }),
  );
  const attachments = memoryAttachments();
  let action: 'start' | 'status' | 'publish' = 'start';
  let last = '';
  for (let attempt = 0; attempt < 80; attempt++) {
    const request: PublishRequest = {
      text: `Registry ${marker}`,
      ...(platform === 'youtube' ? { title: `Registry ${marker}` } : {}),
      // The choices a platform asks for (as the API stores them with the target).
      ...testOptions(platform),
      media,
      account: owner,
      tokens,
      progress,
      saveProgress: async (saved) => void (progress = saved),
      createOnce,
      attachments,
    };
    try {
      const result: StepResult = action === 'start' ? await publisher.start(request) : action === 'status' ? await publisher.checkStatus(request) : await publisher.publish(request);
      progress = result.progress;
      if (result.state === 'published') return { result, createCalls, unguarded };
      if (result.state === 'processing') platformClock.advance(result.waitSeconds * 1000);
      action = result.state === 'ready' ? 'publish' : 'status';
    } catch (error) {
      if (error instanceof Rejected) return { result: error, createCalls, unguarded };
      if (!(error instanceof Retryable)) throw error;
      last = error.message;
    }
  }
  throw new Error(`${platform} ${kinds.join(' + ')} did not finish (${action}: ${last})`);
}

describe('createOnce over the publisher registry (against the platform sandbox)', () => {
  for (const platform of platforms) {
    for (const { name, kinds } of cases(platform)) {
      const kind = name.replace(/ /g, '-');
      it(`${platform} ${name}: only createOnce makes a post appear, and a lost answer to it never makes a second`, async () => {
        const account = `registry-${platform}-${kind}`;
        const clean = await publishOnce(platform, kinds, account, `${platform}-${kind}-clean`);
        expect(clean.result, String(clean.result instanceof Error ? clean.result.message : '')).toMatchObject({ state: 'published' });
        expect(clean.unguarded).toEqual([]);
        expect(clean.createCalls.length).toBeGreaterThan(0);
        const cleanPosts = (await sandbox.control.feed(platform, account)).posts.filter((post) => post.text.includes('clean') || (post.title ?? '').includes('clean'));
        expect(cleanPosts).toHaveLength(1);
        // One post carrying every file it was given (a carousel of 2, two images), in order.
        expect(cleanPosts[0]!.media.map((item) => item.contentType.split('/')[0])).toEqual(kinds.map((item) => (item === 'video' ? 'video' : 'image')));

        for (const [index, call] of clean.createCalls.entries()) {
          const marker = `${platform}-${kind}-lost-${index}`;
          await sandbox.control.injectFault({ platform, method: call.method, hostKey: call.hostKey, route: call.route, dropConnection: 'after' });
          const lost = await publishOnce(platform, kinds, account, marker);
          await sandbox.control.clearFaults(platform);
          const made = (await sandbox.control.feed(platform, account)).posts.filter((post) => post.text.includes(marker) || (post.title ?? '').includes(marker));
          expect(made.length, `${call.method} ${call.route}`).toBeLessThanOrEqual(1);
          if (lost.result instanceof Rejected) expect(lost.result.message).toMatch(/check your/);
          else expect(made).toHaveLength(1);
        }
      });
    }
  }
});
