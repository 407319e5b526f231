import { describe, expect, it, vi } from 'vitest';
import { followUpRefusal, trackProgress, withOneRefresh } from '../../../../functions/services/targetCalls';
import { OutcomeUnknown } from '../../../../functions/platforms/createOnce';
import { AuthExpired, RateLimited, Rejected, Retryable } from '../../../../functions/platforms/errors';
import type { TokenSet } from '../../../../functions/platforms/adapter';
import type { PostItem, PostStore } from '../../../../functions/services/postStore';

const stale = { accessToken: 'stale' } as TokenSet;
const renewed = { accessToken: 'renewed' } as TokenSet;

describe('withOneRefresh', () => {
  it('answers the first call when the platform takes the token, without refreshing', async () => {
    const refresh = vi.fn();
    expect(await withOneRefresh(stale, refresh, async (tokens) => tokens.accessToken)).toEqual({ value: 'stale', tokens: stale });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes once after an early refusal and tries once more with the new token', async () => {
    const refresh = vi.fn(async () => renewed);
    const call = vi.fn(async (tokens: TokenSet) => {
      if (tokens === stale) throw new AuthExpired('token revoked');
      return 'made';
    });
    expect(await withOneRefresh(stale, refresh, call)).toEqual({ value: 'made', tokens: renewed });
    expect(refresh).toHaveBeenCalledExactlyOnceWith(stale);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('throws the refusal when no refresh can be had, and a second refusal without a third try', async () => {
    const refused = new AuthExpired('token revoked');
    await expect(withOneRefresh(stale, async () => undefined, () => Promise.reject(refused))).rejects.toBe(refused);
    const call = vi.fn(() => Promise.reject(new AuthExpired('still refused')));
    await expect(withOneRefresh(stale, async () => renewed, call)).rejects.toThrow('still refused');
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('throws any other failure at once, without refreshing', async () => {
    const refresh = vi.fn();
    await expect(withOneRefresh(stale, refresh, () => Promise.reject(new Retryable('503')))).rejects.toBeInstanceOf(Retryable);
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('followUpRefusal', () => {
  const what = 'The first comment was not posted';

  it("puts the platform's final answers in words after what did not happen", () => {
    expect(followUpRefusal(new AuthExpired('token revoked'), what, 'X')).toBe('The first comment was not posted: reconnect your X account (token revoked).');
    expect(followUpRefusal(new RateLimited('429 Too Many Requests'), what, 'X')).toBe('The first comment was not posted: X asked us to wait (429 Too Many Requests).');
    expect(followUpRefusal(new Rejected('the text is too long'), what, 'X')).toBe('The first comment was not posted: the text is too long');
  });

  it("keeps an unknown outcome's own words (they say to check the account)", () => {
    expect(followUpRefusal(new OutcomeUnknown('Check your X account: …'), what, 'X')).toBe('Check your X account: …');
  });

  it('answers nothing for what the state machine retries or what is not the platform’s', () => {
    expect(followUpRefusal(new Retryable('503'), what, 'X')).toBeUndefined();
    expect(followUpRefusal(new Error('the table is throttled'), what, 'X')).toBeUndefined();
  });
});

describe('trackProgress', () => {
  const post = { userId: 'u', postId: 'p' } as PostItem;

  it('saves what the publisher saves and follows what an armed create records', async () => {
    const updateTarget = vi.fn(async () => undefined);
    const posts = { updateTarget } as unknown as PostStore;
    const createOnce = vi.fn(async () => 'created') as never;
    const tracked = trackProgress(posts, post, 't1', { step: 'start' }, createOnce);
    expect(tracked.current).toEqual({ step: 'start' });

    await tracked.saveProgress({ step: 'uploaded' });
    expect(updateTarget).toHaveBeenCalledExactlyOnceWith(post, 't1', { progress: { step: 'uploaded' } });
    expect(tracked.current).toEqual({ step: 'uploaded' });

    const made = await tracked.createOnce({ what: 'the post', progress: { step: 'armed' }, send: async () => 'created', reconcile: async () => undefined });
    expect(made).toBe('created');
    expect(tracked.current).toEqual({ step: 'armed' });
  });

  it('keeps the progress it had when saving fails', async () => {
    const posts = { updateTarget: async () => Promise.reject(new Error('throttled')) } as unknown as PostStore;
    const tracked = trackProgress(posts, post, 't1', { step: 'start' }, vi.fn() as never);
    await expect(tracked.saveProgress({ step: 'uploaded' })).rejects.toThrow('throttled');
    expect(tracked.current).toEqual({ step: 'start' });
  });
});
