import { afterAll, describe, expect, it } from 'vitest';
import { restartableTwin } from '../../support/restartableTwin';
import { platforms } from '../../../shared/platforms';
import { discoverCalls, discoverCreatingCalls, prepare, runCell, runLookUpCell, STEP_TIMEOUT_MS, type LookUpFaultName, type MediaKind } from '../../chaos/matrix';

/**
 * The fast subset of the fault matrix (`npm run chaos` runs all of it, test/chaos/): on a twin
 * of its own, every call an X image post, a TikTok video post and an Instagram carousel (a video
 * with an image) make, as recorded by the sandbox, with its answer lost after the platform acted;
 * and the create calls with the step
 * killed right after (a Lambda timeout) and with the twin restarted mid-publish; and one cell of
 * the look-up column per platform (a creating call's answer lost, then the look-up failing), each
 * fault and each kind of creating call (post, thread reply, first comment) taken at least once.
 * Never two posts, never stuck, never a plain failure while the platform has the post.
 */

process.env['ONECLICK_TWIN_STEP_TIMEOUT_MS'] = String(STEP_TIMEOUT_MS);
afterAll(() => void delete process.env['ONECLICK_TWIN_STEP_TIMEOUT_MS']);

const chaos = await restartableTwin('chaos-subset');
const context = await prepare(chaos, platforms);
afterAll(() => context.current.twin.stop());

describe('the fault matrix, fast subset', () => {
  it('loses no answer into a second post: every call of an X image post and a TikTok video post, dropped after the platform acted', { timeout: 120_000 }, async () => {
    for (const [platform, kind] of [['x', 'image'], ['tiktok', 'video']] as const) {
      const calls = await discoverCalls(context, platform, kind);
      expect(calls.length).toBeGreaterThan(1);
      for (const call of calls) {
        const cell = await runCell(context, platform, kind, call, 'dropped after');
        expect(cell.outcome, `${cell.call}: ${cell.detail}`).toBe('one post');
      }
    }
  });

  it('loses no answer of an Instagram carousel into a second post, whichever call it was', { timeout: 180_000 }, async () => {
    const calls = await discoverCalls(context, 'instagram', 'video + image');
    expect(calls.map((call) => `${call.method} ${call.route}`)).toEqual(expect.arrayContaining(['POST /{ig}/media', 'GET /{id}', 'POST /{ig}/media_publish']));
    for (const call of calls) {
      const cell = await runCell(context, 'instagram', 'video + image', call, 'dropped after');
      expect(cell.outcome, `${cell.call}: ${cell.detail}`).toBe('one post');
    }
  });

  it('neither publishes twice nor fails plainly when the look-up after a lost create fails: one creating call per platform', { timeout: 240_000 }, async () => {
    // [platform, media, creating call (by its place among the publish's creating calls), route, look-up failure]
    const picks: Array<[(typeof platforms)[number], MediaKind, number, string, LookUpFaultName]> = [
      ['youtube', 'video', 0, '/upload/youtube/v3/videos', 'lost, look-up 404'],
      ['tiktok', 'video', 0, '/video/', 'lost, look-up 404'],
      ['instagram', 'image', 0, '/{ig}/media_publish', 'lost, look-up 500'],
      // A story: found among the account's stories (it has no caption), not its media.
      ['instagram', 'image story', 0, '/{ig}/media_publish', 'lost, look-up timed out'],
      ['linkedin', 'image', 1, '/rest/socialActions/{urn}/comments', 'lost, look-up 404'],
      // A document post: found among the author's posts by its text and document, or "check your account".
      ['linkedin', 'document', 0, '/rest/posts', 'lost, look-up 500'],
      ['x', 'image', 1, '/2/tweets', 'lost, look-up malformed'],
      ['bluesky', 'image', 2, '/xrpc/com.atproto.repo.createRecord', 'lost, look-up timed out'],
      ['threads', 'image', 1, '/{user}/threads_publish', 'lost, look-up malformed'],
      ['facebook', 'image', 0, '/{page}/feed', 'lost, look-up malformed'],
      // As the organization: its posts can be read (r_organization_social), so a look-up that fails is the only way to "check your account".
      ['linkedinPage', 'document', 0, '/rest/posts', 'lost, look-up 404'],
      // No idempotency key: found among the location's posts by summary, kind and time, or "check your account".
      ['googleBusiness', 'image', 0, '/v4/accounts/{account}/locations/{location}/localPosts', 'lost, look-up malformed'],
      // No idempotency key: the look-up reads the board's Pins; one that fails cannot tell.
      ['pinterest', 'image', 0, '/pins', 'lost, look-up 500'],
    ];
    for (const [platform, kind, index, route, fault] of picks) {
      const call = (await discoverCreatingCalls(context, platform, kind))[index]!;
      expect(call.route, platform).toBe(route);
      const cell = await runLookUpCell(context, platform, kind, call, fault);
      expect(['one post', 'failed'], `${cell.call} · ${fault}: ${cell.outcome} ${cell.detail}`).toContain(cell.outcome);
      if (cell.outcome === 'failed') expect(cell.detail, `${cell.call} · ${fault}`).toMatch(/^(?!WRONG).*check your/s);
    }
  });

  it('publishes once when the step dies right after the create call, or the twin restarts during it', { timeout: 120_000 }, async () => {
    const [, tweet] = await discoverCalls(context, 'x', 'image');
    expect(tweet!.route).toBe('/2/tweets');
    for (const fault of ['step killed after the call', 'twin restarted'] as const) {
      const cell = await runCell(context, 'x', 'image', tweet!, fault);
      expect(cell.outcome, `${fault}: ${cell.detail}`).toBe('one post');
    }
  });
});
