import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platforms } from '../../../../shared/platforms';
import { Rejected } from '../../../../functions/platforms/errors';
import { cases, publishOnce, startRegistrySandbox, type RegistrySandbox } from './registryRun';

/**
 * The exactly-once rule, checked over the publisher registry against the platform sandbox: for
 * every platform and media kind a publisher takes, (1) no request made outside a createOnce
 * `send` makes a post appear on the platform, and (2) each call made inside one, with its
 * answer lost after the platform acted, still leaves at most one post (published, or failed
 * with "check your account"). A new platform is covered by adding it to the registry.
 */

let registry: RegistrySandbox;
beforeAll(async () => {
  registry = await startRegistrySandbox();
});
afterAll(() => registry.stop());

describe('createOnce over the publisher registry (against the platform sandbox)', () => {
  for (const platform of platforms) {
    for (const { name, kinds } of cases(platform)) {
      const kind = name.replace(/ /g, '-');
      it(`${platform} ${name}: only createOnce makes a post appear, and a lost answer to it never makes a second`, async () => {
        const account = `registry-${platform}-${kind}`;
        const clean = await publishOnce(registry, platform, kinds, account, `${platform}-${kind}-clean`);
        expect(clean.result, String(clean.result instanceof Error ? clean.result.message : '')).toMatchObject({ state: 'published' });
        expect(clean.unguarded).toEqual([]);
        expect(clean.createCalls.length).toBeGreaterThan(0);
        const cleanPosts = (await registry.sandbox.control.feed(platform, account)).posts.filter((post) => post.text.includes('clean') || (post.title ?? '').includes('clean'));
        expect(cleanPosts).toHaveLength(1);
        // One post carrying every file it was given (a carousel of 2, two images, a PDF document), in order.
        expect(cleanPosts[0]!.media.map((item) => item.contentType.split('/')[0])).toEqual(kinds.map((item) => (item === 'video' ? 'video' : item === 'document' ? 'application' : 'image')));

        for (const [index, call] of clean.createCalls.entries()) {
          const marker = `${platform}-${kind}-lost-${index}`;
          await registry.sandbox.control.injectFault({ platform, method: call.method, hostKey: call.hostKey, route: call.route, dropConnection: 'after' });
          const lost = await publishOnce(registry, platform, kinds, account, marker);
          await registry.sandbox.control.clearFaults(platform);
          const made = (await registry.sandbox.control.feed(platform, account)).posts.filter((post) => post.text.includes(marker) || (post.title ?? '').includes(marker));
          expect(made.length, `${call.method} ${call.route}`).toBeLessThanOrEqual(1);
          if (lost.result instanceof Rejected) expect(lost.result.message).toMatch(/check your/);
          else expect(made).toHaveLength(1);
        }
      });
    }
  }
});
