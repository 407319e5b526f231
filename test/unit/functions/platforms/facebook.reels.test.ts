import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFacebookPublisher } from '../../../../functions/platforms/facebook/publisher';
import { RateLimited, Rejected } from '../../../../functions/platforms/errors';
import { sendDirectly } from '../../../../functions/platforms/createOnce';
import { account, memoryMedia, publisherWith } from './harness';
import { publishOnce, startRegistrySandbox, type RegistrySandbox } from './registryRun';

/** Facebook Reels (the user's choice for a video) against the sandbox: published once, kept to 30 a day, 3 to 90 seconds. */
let registry: RegistrySandbox;
beforeAll(async () => {
  registry = await startRegistrySandbox();
});
afterAll(() => registry.stop());

const asReel = { videoAs: 'reel' };
const reelsOf = async (page: string, marker: string) =>
  (await registry.sandbox.control.feed('facebook', page)).posts.filter((post) => post.text.includes(marker) && post.settings?.['product'] === 'REELS');

describe('Facebook Reels', () => {
  it('publishes a video as a Reel once, and a lost answer to any creating call never makes a second', async () => {
    const page = 'reels-once';
    const clean = await publishOnce(registry, 'facebook', ['video'], page, 'reel-clean', undefined, asReel);
    expect(clean.result).toMatchObject({ state: 'published', postUrl: expect.stringMatching(/^https:\/\/www\.facebook\.com\/reel\/\d+\/$/) });
    expect(clean.unguarded).toEqual([]);
    expect(await reelsOf(page, 'reel-clean')).toHaveLength(1);

    // Inside the creating call: the Page's Reels of the day (the limit), then finish.
    expect(clean.createCalls.map((call) => `${call.method} ${call.route}`)).toEqual(['GET /{page}/video_reels', 'POST /{page}/video_reels']);
    for (const [index, call] of clean.createCalls.entries()) {
      const marker = `reel-lost-${index}`;
      // POST /{page}/video_reels opens the Reel first (upload_phase=start): the fault is on its second use, finish.
      const skip = call.method === 'POST' ? 1 : 0;
      await registry.sandbox.control.injectFault({ platform: 'facebook', method: call.method, hostKey: call.hostKey, route: call.route, dropConnection: 'after', skip });
      const lost = await publishOnce(registry, 'facebook', ['video'], page, marker, undefined, asReel);
      await registry.sandbox.control.clearFaults('facebook');
      const made = await reelsOf(page, marker);
      expect(made.length).toBeLessThanOrEqual(1);
      if (lost.result instanceof Rejected) expect(lost.result.message).toMatch(/check your/);
      else expect(made).toHaveLength(1);
    }
  });

  // Thirty Reels are published first: well under a second on an idle machine, several on a loaded one.
  it('keeps to the documented 30 Reels per Page in 24 hours, waiting for the oldest to leave the window', { timeout: 30_000 }, async () => {
    const page = 'reels-thirty';
    for (let index = 0; index < 30; index++) {
      const run = await publishOnce(registry, 'facebook', ['video'], page, `reel-day-${index}`, undefined, asReel);
      expect(run.result, String(index)).toMatchObject({ state: 'published' });
    }

    const refused = await publishOnce(registry, 'facebook', ['video'], page, 'reel-31', undefined, asReel).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(RateLimited);
    expect((refused as RateLimited).message).toMatch(/at most 30 Reels .* 24 hours/);
    expect((refused as RateLimited).resetAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(await reelsOf(page, 'reel-31')).toEqual([]);
  });

  it('refuses in words a Reel shorter than 3 or longer than 90 seconds, before uploading anything', async () => {
    const { publisher, requests } = publisherWith('facebook', createFacebookPublisher);
    for (const durationSeconds of [2, 91]) {
      const refused = await publisher
        .start({ text: 'Too long', media: [memoryMedia({ kind: 'video', durationSeconds })], account, tokens: { accessToken: 'EAAP', accessTokenIssuedAt: '', scopes: [] }, progress: {}, options: asReel, createOnce: sendDirectly, attachments: { save: async () => '', load: async () => undefined } })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Rejected);
      expect((refused as Rejected).message).toMatch(/A Facebook Reel is 3 to 90 seconds long: this video is \d+ seconds\. Publish it as a Page video instead\./);
    }
    expect(requests).toEqual([]);
  });
});
