import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capabilities, platforms, type Platform } from '../../../../shared/platforms';
import { OutcomeUnknown } from '../../../../functions/platforms/createOnce';
import { Rejected } from '../../../../functions/platforms/errors';
import type { RecordedCall } from '../../../../infra/local/sandbox/sandbox';
import { cases, followUpOnce, LOOK_UP_FAULT, lookUpFaults, postsWith, publishOnce, startRegistrySandbox, type Kind, type RegistrySandbox, type Run } from './registryRun';

/**
 * After a create call whose answer was lost (the platform acted, the connection closed), the next
 * request — the look-up that asks the platform whether the post exists — fails: a 404, a 500, a
 * malformed body, or no answer in time. Over the publisher registry, for a post on every platform
 * and for each first comment and thread reply: never a second post, and never a plain failure;
 * the publisher finds the post on a later look-up, or ends "cannot tell … check your account"
 * (OutcomeUnknown) in our words, never the platform's.
 */

let registry: RegistrySandbox;
beforeAll(async () => {
  registry = await startRegistrySandbox();
});
afterAll(() => registry.stop());

/** One post per platform, an image where it takes one (quicker), and TikTok's video too (its create is the upload's last chunk). */
function postCases(platform: Platform): Array<{ name: string; kinds: Kind[] }> {
  const all = cases(platform);
  const image = all.find((item) => item.name === 'image');
  const video = all.find((item) => item.name === 'video');
  return platform === 'tiktok' ? [video!, image!] : [image ?? video!];
}

async function expectOnceOrCannotTell(run: Run<unknown>, platform: Platform, account: string, marker: string, label: string): Promise<void> {
  const made = await postsWith(registry.sandbox, platform, account, marker);
  // The answer was lost and the next request got the fault; or, with nothing to look in (a TikTok photo post), no request came and it cannot tell.
  if (!run.lookUpFaulted) expect(run.result, label).toBeInstanceOf(OutcomeUnknown);
  expect(made.length, label).toBeLessThanOrEqual(1);
  if (run.result instanceof Rejected) {
    expect(run.result, `${label}: ${run.result.message}`).toBeInstanceOf(OutcomeUnknown);
    expect(run.result.message, label).toMatch(/cannot tell whether .* check your .* account/);
    expect(run.result.message, label).not.toContain(LOOK_UP_FAULT);
  } else {
    expect(made, label).toHaveLength(1);
  }
}

/**
 * Loses the answer of each call made inside a createOnce send. Not a GET's (a read done before
 * the create, as Bluesky's reply reads its parent): fetch may send a GET again on a closed
 * keep-alive connection, so its answer is not reliably lost.
 */
async function losingEach(calls: RecordedCall[], platform: Platform, each: (call: RecordedCall, index: number) => Promise<void>): Promise<void> {
  for (const [index, call] of calls.filter((made) => made.method !== 'GET').entries()) {
    await registry.sandbox.control.injectFault({ platform, method: call.method, hostKey: call.hostKey, route: call.route, dropConnection: 'after' });
    try {
      await each(call, index);
    } finally {
      await registry.sandbox.control.clearFaults(platform);
    }
  }
}

describe('a lost answer, then a look-up that fails (over the publisher registry, against the platform sandbox)', () => {
  for (const platform of platforms) {
    for (const { name, kinds } of postCases(platform)) {
      it(`${platform} ${name}: the look-up answered 404, 500, a malformed body or nothing in time never makes a second post nor a plain failure`, async () => {
        const account = `look-up-${platform}-${name.replace(/ /g, '-')}`;
        const clean = await publishOnce(registry, platform, kinds, account, `${platform}-${name}-clean`);
        expect(clean.result, String(clean.result instanceof Error ? clean.result.message : '')).toMatchObject({ state: 'published' });
        for (const fault of lookUpFaults) {
          await losingEach(clean.createCalls, platform, async (call, index) => {
            const marker = `${platform}-${name}-${index}-${fault}`.replace(/ /g, '-');
            const run = await publishOnce(registry, platform, kinds, account, marker, fault);
            await expectOnceOrCannotTell(run, platform, account, marker, `${call.method} ${call.route}, then ${fault}`);
          });
        }
      });
    }
  }

  // A story has no caption to find it by: its look-up reads the account's stories. Each run has an
  // account of its own, so every story on it is the run's.
  it('instagram image story: the look-up answered 404, 500, a malformed body or nothing in time never makes a second story nor a plain failure', async () => {
    const story = { format: 'story' };
    const clean = await publishOnce(registry, 'instagram', ['image'], 'look-up-instagram-story', 'story-clean', undefined, story);
    expect(clean.result, String(clean.result instanceof Error ? clean.result.message : '')).toMatchObject({ state: 'published' });
    // The story's media_publish is made under createOnce: there is an answer to lose.
    expect(clean.createCalls.filter((made) => made.method === 'POST').map((made) => made.route)).toContain('/{ig}/media_publish');
    for (const fault of lookUpFaults) {
      await losingEach(clean.createCalls, 'instagram', async (call, index) => {
        const account = `look-up-instagram-story-${index}-${fault}`.replace(/ /g, '-');
        const run = await publishOnce(registry, 'instagram', ['image'], account, account, fault, story);
        await expectOnceOrCannotTell(run, 'instagram', account, '', `story: ${call.method} ${call.route}, then ${fault}`);
      });
    }
  });

  // A document post (LinkedIn): its look-up matches the author's latest posts by text and document.
  it('linkedin document: the look-up answered 404, 500, a malformed body or nothing in time never makes a second post nor a plain failure', async () => {
    const clean = await publishOnce(registry, 'linkedin', ['document'], 'li-document-clean', 'document-clean');
    expect(clean.result, String(clean.result instanceof Error ? clean.result.message : '')).toMatchObject({ state: 'published' });
    expect(clean.createCalls.filter((made) => made.method === 'POST').map((made) => made.route)).toContain('/rest/posts');
    for (const fault of lookUpFaults) {
      await losingEach(clean.createCalls, 'linkedin', async (call, index) => {
        const account = `li-document-${index}-${fault}`.replace(/ /g, '-');
        const marker = `document-${index}-${fault}`;
        const run = await publishOnce(registry, 'linkedin', ['document'], account, marker, fault);
        await expectOnceOrCannotTell(run, 'linkedin', account, marker, `document: ${call.method} ${call.route}, then ${fault}`);
      });
    }
  });

  // Publishers take a first comment and thread posts exactly where the capabilities say so.
  const followUps = platforms.flatMap((platform) => [
    ...(capabilities[platform].firstComment ? [{ platform, kind: 'firstComment' as const }] : []),
    ...(capabilities[platform].threads ? [{ platform, kind: 'threadPart' as const }] : []),
  ]);
  for (const { platform, kind } of followUps) {
    it(`${platform} ${kind}: after its lost answer, the look-up answered 404, 500, a malformed body or nothing in time never posts it twice nor fails it plainly`, async () => {
      const account = `look-up-${platform}-${kind}`;
      const { kinds } = postCases(platform)[0]!;
      const post = await publishOnce(registry, platform, kinds, account, `${platform}-${kind}-post`);
      if (post.result instanceof Error) throw post.result;
      if (post.result.state !== 'published') throw new Error(`the post ended ${post.result.state}`);
      const published = post.result;
      const clean = await followUpOnce(registry, platform, kind, published, account, `${platform}-${kind}-clean`);
      expect(clean.result, String(clean.result instanceof Error ? clean.result.message : '')).toMatchObject({ commentId: expect.any(String) });
      for (const fault of lookUpFaults) {
        await losingEach(clean.createCalls, platform, async (call, index) => {
          const marker = `${platform}-${kind}-${index}-${fault}`.replace(/ /g, '-');
          const run = await followUpOnce(registry, platform, kind, published, account, marker, fault);
          await expectOnceOrCannotTell(run, platform, account, marker, `${call.method} ${call.route}, then ${fault}`);
        });
      }
    });
  }
});
