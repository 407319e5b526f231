import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blueskyModule } from '../../../../functions/platforms/bluesky';
import type { TokenSet } from '../../../../functions/platforms/adapter';
import { sendDirectly } from '../../../../functions/platforms/createOnce';
import type { PlatformPublisher, PublishProgress, PublishRequest, StepResult } from '../../../../functions/platforms/publisher';
import type { Sandbox } from '../../../../infra/local/sandbox/sandbox';
import { startTestSandbox, testBytes, type TestClock } from '../../sandbox/harness';
import { blueskyConnect, blueskyDeps } from '../../sandbox/bluesky.harness';
import { armedTarget, memoryMedia } from './harness';
import { memoryAttachments } from '../../../../functions/platforms/progressAttachments';

/**
 * The Bluesky publisher against the sandbox's PDS and video service: images with alt text, a
 * video through the job status, facets with byte offsets, the grapheme limit, and a lost answer
 * to createRecord reconciled by the record key chosen before the call.
 */

let sandbox: Sandbox;
let clock: TestClock;
beforeAll(async () => {
  ({ sandbox, clock } = await startTestSandbox());
});
afterAll(() => sandbox.stop());

const deps = () => blueskyDeps(sandbox, clock);
/** One publisher for the file, as one Lambda instance keeps one: it remembers the PDS's DPoP nonce. */
let shared: PlatformPublisher | undefined;
const publisher = (): PlatformPublisher => (shared ??= blueskyModule.createPublisher(deps()));

async function connected(account: string): Promise<{ tokens: TokenSet; owner: PublishRequest['account'] }> {
  const adapter = blueskyModule.createAdapter(deps());
  const { tokens } = await blueskyConnect(sandbox, adapter, account);
  const profile = await adapter.fetchProfile(tokens);
  return { tokens, owner: { platformUserId: profile.platformUserId, ...(profile.username ? { username: profile.username } : {}) } };
}

/** Drives the steps as the state machine does (status while processing, the clock moved by each wait). */
async function drive(request: Omit<PublishRequest, 'progress' | 'createOnce'>, createOnce: PublishRequest['createOnce'] = sendDirectly): Promise<StepResult> {
  let progress: PublishProgress = {};
  let result = await publisher().start({ ...request, progress, createOnce });
  for (let reads = 0; result.state === 'processing' && reads < 20; reads++) {
    clock.advance(result.waitSeconds * 1000);
    progress = result.progress;
    result = await publisher().checkStatus({ ...request, progress, createOnce });
  }
  expect(result.state).toBe('ready');
  return publisher().publish({ ...request, progress: result.progress, createOnce });
}

const image = (altText?: string, size = 3000) => ({ ...memoryMedia({ kind: 'image', bytes: new Uint8Array(testBytes(size, 'jpeg')) }), ...(altText ? { altText } : {}), width: 1200, height: 800 });

/** A publisher whose createRecord bodies are kept, to read the record as the PDS received it. */
function recordingPublisher() {
  const records: Array<Record<string, unknown>> = [];
  const fetchImpl = async (url: string, init: RequestInit) => {
    if (url.endsWith('/xrpc/com.atproto.repo.createRecord') && typeof init.body === 'string') records.push((JSON.parse(init.body) as { record: Record<string, unknown> }).record);
    return fetch(url, init);
  };
  return { publisher: blueskyModule.createPublisher(blueskyDeps(sandbox, clock, fetchImpl)), records };
}

describe('Bluesky publisher (against the sandbox)', () => {
  it('sends each image with its alt text (empty where none) and aspect ratio', async () => {
    const { tokens, owner } = await connected('alt.test');
    const { publisher: recording, records } = recordingPublisher();
    const request = { text: 'Doors', media: [image('A red door'), image()], account: owner, tokens, createOnce: sendDirectly, attachments: memoryAttachments() };
    const ready = await recording.start({ ...request, progress: {} });
    await recording.publish({ ...request, progress: ready.progress });
    const embed = records[0]!['embed'] as { $type: string; images: Array<{ alt: string; aspectRatio: unknown; image: { mimeType: string } }> };
    expect(embed.$type).toBe('app.bsky.embed.images');
    expect(embed.images.map((item) => item.alt)).toEqual(['A red door', '']);
    expect(embed.images[0]!.aspectRatio).toEqual({ width: 1200, height: 800 });
    expect(embed.images[0]!.image.mimeType).toBe('image/jpeg');
  });

  it('facets links, hashtags and mentions (resolved to DIDs) at UTF-8 byte offsets; an unknown handle stays plain text', async () => {
    const { tokens: erinTokens } = await connected('erin.test');
    const { tokens, owner } = await connected('facets.test');
    const { publisher: recording, records } = recordingPublisher();
    const text = '🎉 Hi @erin.test.bsky.social and @nobody.example.com, see example.com/page. #launch';
    const request = { text, media: [image('x')], account: owner, tokens, createOnce: sendDirectly, attachments: memoryAttachments() };
    const ready = await recording.start({ ...request, progress: {} });
    await recording.publish({ ...request, progress: ready.progress });
    const bytes = Buffer.from(text);
    const facets = records[0]!['facets'] as Array<{ index: { byteStart: number; byteEnd: number }; features: Array<Record<string, string>> }>;
    const covered = facets.map((facet) => [bytes.subarray(facet.index.byteStart, facet.index.byteEnd).toString(), facet.features[0]]);
    expect(covered).toEqual([
      ['@erin.test.bsky.social', { $type: 'app.bsky.richtext.facet#mention', did: erinTokens.platformData!['did'] }],
      ['example.com/page', { $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com/page' }],
      ['#launch', { $type: 'app.bsky.richtext.facet#tag', tag: 'launch' }],
    ]);
  });

  it('publishes text with four images and their alt text: one post, the TID record key in its URL', async () => {
    const { tokens, owner } = await connected('pics.test');
    const result = await drive({ text: 'Four pictures', media: [image('A red door'), image('A blue door'), image(), image('A green door')], account: owner, tokens, attachments: memoryAttachments() });
    expect(result.state).toBe('published');
    if (result.state !== 'published') return;
    expect(result.platformPostId).toMatch(/^at:\/\/did:plc:[a-z2-7]{24}\/app\.bsky\.feed\.post\/[2-7a-z]{13}$/);
    expect(result.postUrl).toBe(`https://bsky.app/profile/pics.test.bsky.social/post/${result.progress['rkey']}`);
    const posts = (await sandbox.control.feed('bluesky', 'pics.test')).posts;
    expect(posts).toHaveLength(1);
    expect(posts[0]!.media).toHaveLength(4);
  });

  it('refuses a fifth image and an image over the 2 MB the image embed allows, in words, before uploading', async () => {
    const { tokens, owner } = await connected('big.test');
    const base = { text: 'Too much', account: owner, tokens, progress: {}, createOnce: sendDirectly, attachments: memoryAttachments() };
    await expect(publisher().start({ ...base, media: [image(), image(), image(), image(), image()] })).rejects.toThrow('Bluesky takes at most 4 images per post');
    await expect(publisher().start({ ...base, media: [{ ...memoryMedia({ kind: 'image', size: 2_500_000 }) }] })).rejects.toThrow('Bluesky takes images up to 2.0 MB; this one is 2.5 MB');
  });

  it('counts the 300-character limit in graphemes, as Bluesky does', async () => {
    const { tokens, owner } = await connected('long.test');
    const family = '👨‍👩‍👧‍👦';
    const base = { account: owner, tokens, progress: {}, createOnce: sendDirectly, attachments: memoryAttachments(), media: [image('x')] };
    await expect(publisher().start({ ...base, text: family.repeat(301) })).rejects.toThrow('Bluesky posts can be at most 300 characters; this one has 301.');
    const result = await drive({ ...base, text: 'é'.repeat(300) });
    expect(result.state).toBe('published');
  });

  it('publishes one video through the video service, polling the job through checkStatus', async () => {
    const { tokens, owner } = await connected('clips.test');
    const video = memoryMedia({ kind: 'video', bytes: new Uint8Array(testBytes(50_000, 'mp4')), durationSeconds: 12 });
    const result = await drive({ text: 'A clip', media: [{ ...video, altText: 'A cat jumps' }], account: owner, tokens, attachments: memoryAttachments() });
    expect(result.state).toBe('published');
    const posts = (await sandbox.control.feed('bluesky', 'clips.test')).posts;
    expect(posts).toHaveLength(1);
    expect(posts[0]!.media).toEqual([{ contentType: 'video/mp4', size: 50_000 }]);
  });

  it('a video the service fails ends the target with the service\'s words', async () => {
    const { tokens, owner } = await connected('broken.test');
    await sandbox.control.setProcessing('bluesky', { outcome: 'fail', reason: 'Video is corrupt', account: 'broken.test' });
    const video = memoryMedia({ kind: 'video', bytes: new Uint8Array(testBytes(40_000, 'mp4')), durationSeconds: 5 });
    await expect(drive({ text: 'Broken', media: [video], account: owner, tokens, attachments: memoryAttachments() })).rejects.toThrow('Bluesky could not process the video: Video is corrupt');
  });

  it('a lost answer to createRecord: the next attempt finds the record by its key and makes no second post', async () => {
    const { tokens, owner } = await connected('lost.test');
    const base = { text: 'Exactly once #oneclick', media: [image('alt')], account: owner, tokens, attachments: memoryAttachments() };
    const ready = await publisher().start({ ...base, progress: {}, createOnce: sendDirectly });
    let armedProgress: PublishProgress = {};
    await sandbox.control.injectFault({ platform: 'bluesky', method: 'POST', hostKey: 'pds', path: '/xrpc/com.atproto.repo.createRecord', dropConnection: 'after' });
    const firstTry: PublishRequest['createOnce'] = async (call) => {
      armedProgress = call.progress;
      return call.send();
    };
    await expect(publisher().publish({ ...base, progress: ready.progress, createOnce: firstTry })).rejects.toMatchObject({ kind: 'Retryable' });
    expect(armedProgress['rkey']).toMatch(/^[2-7a-z]{13}$/);
    const log: string[] = [];
    const result = await publisher().publish({ ...base, progress: armedProgress, createOnce: armedTarget('Bluesky', log) });
    expect(log).toEqual(['reconcile']);
    expect(result).toMatchObject({ state: 'published', platformPostId: expect.stringContaining(String(armedProgress['rkey'])) });
    expect((await sandbox.control.feed('bluesky', 'lost.test')).posts).toHaveLength(1);
  });

  it('an armed create the PDS never received is sent again with the same record key', async () => {
    const { tokens, owner } = await connected('again.test');
    const base = { text: 'Sent once', media: [image('alt')], account: owner, tokens, attachments: memoryAttachments() };
    const ready = await publisher().start({ ...base, progress: {}, createOnce: sendDirectly });
    const progress = { ...ready.progress, rkey: '3lzzzzzzzzz22', createdAt: new Date(clock.now()).toISOString() };
    const log: string[] = [];
    const result = await publisher().publish({ ...base, progress, createOnce: armedTarget('Bluesky', log) });
    expect(log).toEqual(['reconcile', 'send']);
    expect(result).toMatchObject({ state: 'published', platformPostId: expect.stringMatching(/\/3lzzzzzzzzz22$/) });
  });
  it('posts the first comment as a reply whose root and parent are the post (uri and cid), once: a recorded comment is not sent again', async () => {
    const { tokens, owner } = await connected('reply.test');
    const { publisher: recording, records } = recordingPublisher();
    const request = { text: 'The post', media: [image()], account: owner, tokens, createOnce: sendDirectly, attachments: memoryAttachments() };
    const ready = await recording.start({ ...request, progress: {} });
    const published = await recording.publish({ ...request, progress: ready.progress });
    if (published.state !== 'published') throw new Error('not published');
    const comment = { text: 'More at example.com #launch', post: { platformPostId: published.platformPostId, postUrl: published.postUrl }, account: owner, tokens, progress: published.progress, createOnce: sendDirectly };

    const made = await recording.firstComment!(comment);
    const reply = records[1]!;
    // The sandbox PDS refuses a reply whose parent cid is not the post's: the reply being there proves it.
    const refs = reply['reply'] as { root: { uri: string; cid: string }; parent: { uri: string; cid: string } };
    expect(refs.parent).toEqual(refs.root);
    expect(refs.root.uri).toBe(published.platformPostId);
    expect(refs.root.cid).toMatch(/^b/);
    expect(reply['text']).toBe('More at example.com #launch');
    expect((reply['facets'] as unknown[]).length).toBe(2);
    expect(made.commentId).toMatch(/^at:\/\/did:/);
    expect(made.url).toBe(`https://bsky.app/profile/${owner.username!.replace(/^@/, '')}/post/${made.commentId.split('/').pop()}`);
    expect(made.progress).toMatchObject({ commentUri: made.commentId, commentRkey: made.commentId.split('/').pop() });

    const again = await recording.firstComment!({ ...comment, progress: made.progress });
    expect(again.commentId).toBe(made.commentId);
    expect(records).toHaveLength(2);
    const feed = (await sandbox.control.feed('bluesky', 'reply.test')).posts;
    expect(feed.filter((entry) => entry.replyTo === published.platformPostId).map((entry) => entry.text)).toEqual(['More at example.com #launch']);
  });
  it("is refused by the sandbox PDS when the reply's parent is not the post as it is (another cid)", async () => {
    const { tokens, owner } = await connected('reply.stale');
    const tampering = blueskyModule.createPublisher(
      blueskyDeps(sandbox, clock, async (url: string, init: RequestInit) => {
        if (url.endsWith('/xrpc/com.atproto.repo.createRecord') && typeof init.body === 'string' && init.body.includes('"reply"')) {
          const body = JSON.parse(init.body) as { record: { reply: { parent: { cid: string } } } };
          body.record.reply.parent.cid = 'bafyreistale';
          return fetch(url, { ...init, body: JSON.stringify(body) });
        }
        return fetch(url, init);
      }),
    );
    const request = { text: 'The post', media: [image()], account: owner, tokens, createOnce: sendDirectly, attachments: memoryAttachments() };
    const ready = await tampering.start({ ...request, progress: {} });
    const published = await tampering.publish({ ...request, progress: ready.progress });
    if (published.state !== 'published') throw new Error('not published');
    const error = await tampering
      .firstComment!({ text: 'Stale', post: { platformPostId: published.platformPostId, postUrl: published.postUrl }, account: owner, tokens, progress: published.progress, createOnce: sendDirectly })
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toContain('Record/reply/parent does not point at an existing post');
    expect((await sandbox.control.feed('bluesky', 'reply.stale')).posts.map((entry) => entry.text)).toEqual(['The post']);
  });
});

