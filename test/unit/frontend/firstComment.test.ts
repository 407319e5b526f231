import { beforeAll, describe, expect, it } from 'vitest';
import { createPostSchema } from '../../../shared/api/posts';
import { loadXCounting } from '../../../shared/platforms/textCounting';
import { commentReceivers, commentsWithheld, commentTakers, firstCommentBlocked, firstCommentCounts } from '../../../frontend/src/features/posts/wizard/components/FirstCommentField';

const base = { description: 'A post', media: [{ key: 'u/uploads/a.jpg' }] };
const messages = (input: Record<string, unknown>) => createPostSchema.safeParse({ ...base, ...input }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

beforeAll(async () => {
  await loadXCounting();
});

describe('the first comment', () => {
  it('goes to the chosen networks whose publisher posts one, counted in each one’s unit', () => {
    expect(commentTakers(['linkedin', 'x', 'bluesky', 'youtube', 'instagram', 'tiktok'])).toEqual(['linkedin', 'x', 'bluesky', 'youtube', 'instagram']);
    const comment = 'See https://example.com/a/very/long/path/that/x/counts/as/23';
    expect(firstCommentCounts(comment, ['x', 'bluesky', 'linkedin', 'youtube', 'instagram'])).toEqual([
      // X counts every link as 23; Bluesky counts graphemes (all 60 characters here); a LinkedIn comment has its own limit.
      { platform: 'x', count: 27, max: 280, unit: 'weightedCharacters', over: false },
      { platform: 'bluesky', count: comment.length, max: 300, unit: 'graphemes', over: false },
      { platform: 'linkedin', count: comment.length, max: 1250, unit: 'characters', over: false },
      // A YouTube comment counts characters up to 10,000 (not the description's 5,000 bytes); Instagram's the caption's 2,200.
      { platform: 'youtube', count: comment.length, max: 10_000, unit: 'characters', over: false },
      { platform: 'instagram', count: comment.length, max: 2200, unit: 'characters', over: false },
    ]);
    expect(firstCommentCounts('ü'.repeat(6000), ['youtube'])).toEqual([{ platform: 'youtube', count: 6000, max: 10_000, unit: 'characters', over: false }]);
  });

  it('blocks the wizard when too long for a network that gets it or when no chosen network takes it; a blank comment never blocks', () => {
    expect(firstCommentBlocked('y'.repeat(281), ['x'])).toBe(true);
    expect(firstCommentBlocked('y'.repeat(281), ['linkedin', 'bluesky'])).toBe(false);
    expect(firstCommentBlocked('y'.repeat(1251), ['linkedin'])).toBe(true);
    expect(firstCommentBlocked('Hello', ['tiktok'])).toBe(true);
    expect(firstCommentBlocked('y'.repeat(2201), ['instagram'])).toBe(true);
    expect(firstCommentBlocked('y'.repeat(10_001), ['youtube'])).toBe(true);
    expect(firstCommentBlocked('   ', ['tiktok'])).toBe(false);
    expect(firstCommentBlocked('Hello', [])).toBe(false);
  });

  it('is refused by the API in words with the same rules, and trimmed', () => {
    const x = { platform: 'x', accountId: 'x1' };
    const linkedin = { platform: 'linkedin', accountId: 'l1' };
    const tiktok = { platform: 'tiktok', accountId: 't1' };
    const instagram = { platform: 'instagram', accountId: 'i1' };
    expect(messages({ firstComment: 'y'.repeat(281), targets: [x, linkedin] })).toEqual([['firstComment', 'The first comment is too long for X (281 of 280).']]);
    expect(messages({ firstComment: 'y'.repeat(1251), targets: [linkedin] })).toEqual([['firstComment', 'The first comment is too long for LinkedIn (1251 of 1250).']]);
    expect(messages({ firstComment: 'y'.repeat(2201), targets: [instagram] })).toEqual([['firstComment', 'The first comment is too long for Instagram (2201 of 2200).']]);
    expect(messages({ firstComment: Array.from({ length: 31 }, (_, index) => `#t${index}`).join(' '), targets: [instagram] })).toEqual([['firstComment', 'Instagram first comment: Instagram allows at most 30 hashtags.']]);
    // TikTok's own options are asked for too; only the comment's messages are looked at here.
    const about = (input: Record<string, unknown>) => messages(input).filter(([path]) => path === 'firstComment');
    expect(about({ firstComment: 'Hi', targets: [tiktok] })).toEqual([['firstComment', 'None of the chosen networks takes a first comment: YouTube, Instagram, X, LinkedIn, Bluesky, Threads, Facebook, LinkedIn Page and Mastodon do.']]);
    expect(about({ firstComment: '   ', targets: [tiktok] })).toEqual([]);
    expect(createPostSchema.parse({ ...base, firstComment: '  Hi  ', targets: [x] }).firstComment).toBe('Hi');
  });

  it('names the accounts that will not get it: a connection without the comment permission, a YouTube video made for kids, private or scheduled by YouTube', () => {
    const forceSsl = 'https://www.googleapis.com/auth/youtube.force-ssl';
    const youtube = { platform: 'youtube' as const, displayName: 'My channel', grantedScopes: [forceSsl] };
    const instagram = { platform: 'instagram' as const, displayName: 'shop', grantedScopes: ['instagram_business_basic', 'instagram_business_content_publish'] };
    const oldInstagram = { platform: 'instagram' as const, displayName: 'old', grantedScopes: null };
    const x = { platform: 'x' as const, displayName: 'me', grantedScopes: null };
    const choices: Record<string, Record<string, unknown>> = { 'My channel': { privacyStatus: 'public', madeForKids: true } };
    const withheld = commentsWithheld([youtube, instagram, oldInstagram, x], (account) => choices[account.displayName], { nativeSchedule: false });
    expect(withheld).toEqual([
      { platform: 'youtube', account: 'My channel', reason: 'madeForKids' },
      { platform: 'instagram', account: 'shop', reason: 'reconnect' },
      { platform: 'instagram', account: 'old', reason: 'reconnect' },
    ]);
    expect(commentReceivers(['youtube', 'instagram', 'x'], withheld, [youtube, instagram, oldInstagram, x])).toEqual(['x']);

    const choose = (picked: Record<string, unknown>, nativeSchedule = false) => commentsWithheld([youtube], () => picked, { nativeSchedule }).map((entry) => entry.reason);
    expect(choose({ privacyStatus: 'private', madeForKids: false })).toEqual(['private']);
    expect(choose({ privacyStatus: 'public', madeForKids: false }, true)).toEqual(['scheduled']);
    expect(choose({ privacyStatus: 'unlisted', madeForKids: false })).toEqual([]);
    // Not chosen yet: nothing is withheld until made for kids is ticked.
    expect(choose({})).toEqual([]);
  });
});
