import { describe, expect, it } from 'vitest';
// The messages as the API and the app word them (both load them with the route table).
import '../../../shared/api/plainMessages';
import { createPostSchema, editPostSchema } from '../../../shared/api/posts';
import { checkPostOptions, postOptionRules, topicProblem } from '../../../shared/platforms/postOptions';
import { tiktokCommercialLabel, tiktokOptionsSchema } from '../../../shared/platforms/tiktokOptions';
import { youtubeOptionsSchema, youtubeTagsLength } from '../../../shared/platforms/youtubeOptions';
import { platforms } from '../../../shared/platforms';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((issue) => issue.message) ?? [];
const base = { description: 'Hello', title: 'A title', media: [{ key: 'user/videos/a.mp4' }] };

describe("a network's topic rule", () => {
  const topic = { field: 'topic', max: 5, forbidden: ['.', '&'] };

  it('takes a topic within its length and without forbidden characters, an emoji counting once', () => {
    expect(topicProblem(topic, 'cats')).toBeUndefined();
    expect(topicProblem(topic, 'cat😀s')).toBeUndefined();
  });

  it('refuses a longer topic and one with a forbidden character', () => {
    expect(topicProblem(topic, 'kittens')).toBe('tooLong');
    expect(topicProblem(topic, 'a.b')).toBe('forbidden');
    expect(topicProblem(topic, 'a&b')).toBe('forbidden');
  });
});

describe('TikTok post options', () => {
  it('need a privacy level chosen by the user: none, or one TikTok does not know, is refused in words', () => {
    expect(messages(tiktokOptionsSchema.safeParse({}))).toEqual(['Choose who can see the TikTok post: TikTok requires the creator to choose it.']);
    expect(messages(tiktokOptionsSchema.safeParse({ privacyLevel: 'EVERYONE' }))).toEqual(['Choose who can see the TikTok post: TikTok requires the creator to choose it.']);
  });

  it('keep comment, duet and stitch off unless turned on', () => {
    expect(tiktokOptionsSchema.parse({ privacyLevel: 'SELF_ONLY' })).toEqual({ privacyLevel: 'SELF_ONLY', allowComment: false, allowDuet: false, allowStitch: false });
  });

  it('refuse branded content that is private, and a disclosure that says neither kind, in TikTok\'s words', () => {
    expect(messages(tiktokOptionsSchema.safeParse({ privacyLevel: 'SELF_ONLY', commercialContent: { yourBrand: false, brandedContent: true } }))).toEqual([
      'Branded content visibility cannot be set to private.',
    ]);
    expect(messages(tiktokOptionsSchema.safeParse({ privacyLevel: 'PUBLIC_TO_EVERYONE', commercialContent: { yourBrand: false, brandedContent: false } }))).toEqual([
      'You need to indicate if your content promotes yourself, a third party, or both.',
    ]);
    expect(tiktokOptionsSchema.safeParse({ privacyLevel: 'SELF_ONLY', commercialContent: { yourBrand: true, brandedContent: false } }).success).toBe(true);
  });

  it("label the post as TikTok does: your brand → 'Promotional content', any branded content → 'Paid partnership'", () => {
    expect(tiktokCommercialLabel({})).toBeUndefined();
    expect(tiktokCommercialLabel({ commercialContent: { yourBrand: true, brandedContent: false } })).toBe('promotionalContent');
    expect(tiktokCommercialLabel({ commercialContent: { yourBrand: true, brandedContent: true } })).toBe('paidPartnership');
    expect(tiktokCommercialLabel({ commercialContent: { yourBrand: false, brandedContent: true } })).toBe('paidPartnership');
  });

  it('refuse fields TikTok does not take', () => {
    expect(tiktokOptionsSchema.safeParse({ privacyLevel: 'SELF_ONLY', autoPublic: true }).success).toBe(false);
  });
});

describe('YouTube post options', () => {
  it('need the made-for-kids declaration (no default) and default to public in People & Blogs', () => {
    expect(messages(youtubeOptionsSchema.safeParse({ privacyStatus: 'public' }))).toEqual(['Say whether the YouTube video is made for kids: YouTube requires this declaration.']);
    expect(youtubeOptionsSchema.parse({ privacyStatus: 'unlisted', madeForKids: true })).toEqual({ privacyStatus: 'unlisted', madeForKids: true, tags: [], categoryId: '22' });
  });

  it('take only YouTube privacy statuses and assignable categories', () => {
    expect(youtubeOptionsSchema.safeParse({ privacyStatus: 'friends', madeForKids: false }).success).toBe(false);
    expect(youtubeOptionsSchema.safeParse({ privacyStatus: 'public', madeForKids: false, categoryId: '18' }).success).toBe(false);
    expect(youtubeOptionsSchema.safeParse({ privacyStatus: 'public', madeForKids: false, categoryId: '27' }).success).toBe(true);
  });

  it('count tags as YouTube does (quotes around a tag with a space, commas between) against 500', () => {
    expect(youtubeTagsLength(['a', 'b c'])).toBe(1 + 5 + 1);
    const fits = Array.from({ length: 50 }, () => 'x'.repeat(9));
    expect(youtubeTagsLength(fits)).toBe(499);
    expect(youtubeOptionsSchema.safeParse({ privacyStatus: 'public', madeForKids: false, tags: fits }).success).toBe(true);
    expect(messages(youtubeOptionsSchema.safeParse({ privacyStatus: 'public', madeForKids: false, tags: [...fits, 'y'] }))).toEqual(['YouTube tags can be at most 500 characters in all.']);
    expect(messages(youtubeOptionsSchema.safeParse({ privacyStatus: 'public', madeForKids: false, tags: ['<b>'] }))).toEqual(['YouTube tags cannot contain < or >.']);
  });
});

describe('a post\'s targets carry their platform\'s options', () => {
  it('refuses a TikTok or YouTube target without its choices, with the message at the target', () => {
    const result = createPostSchema.safeParse({
      ...base,
      targets: [
        { platform: 'tiktok', accountId: 't' },
        { platform: 'youtube', accountId: 'y' },
        { platform: 'x', accountId: 'x' },
      ],
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['targets.0.options', 'Choose who can see the TikTok post: TikTok requires the creator to choose it.'],
      ['targets.1.options', 'Say whether the YouTube video is made for kids: YouTube requires this declaration.'],
    ]);
  });

  it('checks each target against its own platform, and refuses options for a platform that takes none', () => {
    const result = createPostSchema.safeParse({
      ...base,
      targets: [
        { platform: 'tiktok', accountId: 't', options: { privacyLevel: 'SELF_ONLY', commercialContent: { yourBrand: false, brandedContent: true } } },
        { platform: 'bluesky', accountId: 'b', options: { privacyLevel: 'SELF_ONLY' } },
        { platform: 'linkedin', accountId: 'l', options: { privacyLevel: 'SELF_ONLY' } },
      ],
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['targets.0.options.privacyLevel', 'Branded content visibility cannot be set to private.'],
      ['targets.1.options', 'Bluesky takes no post options.'],
      ['targets.2.options', 'Unknown field: privacyLevel.'],
    ]);
  });

  it("refuses YouTube's own scheduling for a video that is not to be public", () => {
    const scheduled = { ...base, scheduledFor: '2030-01-01T10:00:00Z', timeZone: 'UTC', youtubeNative: true };
    const privateVideo = createPostSchema.safeParse({ ...scheduled, targets: [{ platform: 'youtube', accountId: 'y', options: { privacyStatus: 'private', madeForKids: false } }] });
    expect(privateVideo.error?.issues.map((issue) => issue.message)).toEqual([
      "YouTube's own scheduling makes the video public at the scheduled time: choose Public, or let OneClick schedule it.",
    ]);
    expect(createPostSchema.safeParse({ ...scheduled, targets: [{ platform: 'youtube', accountId: 'y', options: { privacyStatus: 'public', madeForKids: false } }] }).success).toBe(true);
  });

  it('checks options when a scheduled post is edited too', () => {
    expect(editPostSchema.safeParse({ description: 'x', title: 't', targets: [{ platform: 'tiktok', accountId: 't', options: {} }] }).success).toBe(false);
    expect(editPostSchema.safeParse({ description: 'x', title: 't', targets: [{ platform: 'tiktok', accountId: 't', options: { privacyLevel: 'FOLLOWER_OF_CREATOR' } }] }).success).toBe(true);
  });

  it('completes the options as they will be sent, and knows only platforms that exist', () => {
    expect(checkPostOptions('youtube', { privacyStatus: 'public', madeForKids: true }, { nativeSchedule: false }, 'YouTube')).toEqual({
      options: { privacyStatus: 'public', madeForKids: true, tags: [], categoryId: '22' },
      problems: [],
    });
    for (const platform of Object.keys(postOptionRules)) expect(platforms).toContain(platform);
  });
});
