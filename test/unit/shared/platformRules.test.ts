import { describe, expect, it } from 'vitest';
import { capabilities, platforms, type Platform } from '../../../shared/platforms';
import { xWeightedLength } from '../../../shared/platforms/textCounting';
import { createPostSchema, saveDraftSchema } from '../../../shared/api/posts';
import { sentAltText, takesAltText } from '../../../shared/media';
import { mediaForPlatform, mediaLeftOutMessage, mediaLeftOutOn, mediaProblemMessage, mediaProblemsOn, nativeSchedulersAmong, titleRuleFor, videoLengthProblem, type MediaFacts } from '../../../shared/platformRules';

describe('X weighted length (twitter-text v3)', () => {
  it('counts Latin text one per character', () => {
    expect(xWeightedLength('Hello world')).toBe(11);
  });

  it('counts CJK characters two each', () => {
    expect(xWeightedLength('こんにちは')).toBe(10);
  });

  it('counts an emoji, even a ZWJ family, as two', () => {
    expect(xWeightedLength('👍')).toBe(2);
    expect(xWeightedLength('👨‍👩‍👧')).toBe(2);
  });

  it('counts every URL as 23', () => {
    expect(xWeightedLength('see https://example.com/a/very/long/path?with=query')).toBe(4 + 23);
  });

  it('accepts 280 Latin characters and refuses 281', () => {
    expect(xWeightedLength('a'.repeat(280))).toBeLessThanOrEqual(capabilities.x.text.max);
    expect(xWeightedLength('a'.repeat(281))).toBeGreaterThan(capabilities.x.text.max);
  });
});

describe('platform rules', () => {
  it('counts YouTube descriptions in UTF-8 bytes', () => {
    expect(capabilities.youtube.text.count('ğ')).toBe(2);
    expect(capabilities.youtube.text.unit).toBe('bytes');
  });

  it('counts TikTok captions in UTF-16 code units', () => {
    expect(capabilities.tiktok.text.count('😀')).toBe(2);
  });

  it('counts Instagram and LinkedIn text in code points', () => {
    expect(capabilities.instagram.text.count('😀é')).toBe(2);
    expect(capabilities.linkedin.text.count('😀é')).toBe(2);
  });

  it('flags more than 30 hashtags on Instagram', () => {
    const text = Array.from({ length: 31 }, (_, index) => `#tag${index}`).join(' ');
    expect(capabilities.instagram.text.problems!(text)).toEqual(['Instagram allows at most 30 hashtags.']);
  });

  it('knows YouTube takes videos only', () => {
    expect(capabilities.youtube.media.video).toBeDefined();
    expect(capabilities.youtube.media.image).toBeUndefined();
  });
});

describe('media per platform', () => {
  const video = { kind: 'video' as const, key: 'v' };
  const images = [1, 2, 3, 4, 5].map((index) => ({ kind: 'image' as const, key: `i${index}` }));

  it('gives the video to every platform that takes videos when a post has a video and images', () => {
    expect(mediaForPlatform('x', [images[0]!, video])).toEqual([video]);
    expect(mediaForPlatform('linkedin', [video, images[0]!])).toEqual([video]);
  });

  it("gives images up to the platform's maximum, and YouTube nothing without a video", () => {
    expect(mediaForPlatform('x', images)).toHaveLength(4);
    expect(mediaForPlatform('youtube', images)).toEqual([]);
  });
});

describe('a video and images in one post: what each network gets, and what the review step says', () => {
  const video: MediaFacts = { kind: 'video', contentType: 'video/mp4', size: 2_000_000, durationSeconds: 10 };
  const photo: MediaFacts = { kind: 'image', contentType: 'image/jpeg', size: 200_000 };
  const second: MediaFacts = { kind: 'image', contentType: 'image/jpeg', size: 300_000 };
  const notes = (platform: Platform, media: MediaFacts[]) => mediaLeftOutOn(platform, media).map((note) => mediaLeftOutMessage(platform, note));

  // Every platform, named: a new one fails here until its row says what it does with a mixed post.
  // `problems`: where the network takes fewer photos than the post has, the extra one is a problem said in words (not left out silently).
  const mixed: Record<Platform, { gets: MediaFacts[]; says: string[]; problems?: string[] }> = {
    instagram: { gets: [video, photo, second], says: [] },
    x: { gets: [video], says: ['X cannot combine a video and images: X gets the video only.'] },
    linkedin: { gets: [video], says: ['LinkedIn cannot combine a video and images: LinkedIn gets the video only.'] },
    tiktok: { gets: [video], says: ['TikTok cannot combine a video and images: TikTok gets the video only.'] },
    bluesky: { gets: [video], says: ['Bluesky cannot combine a video and images: Bluesky gets the video only.'] },
    youtube: { gets: [video], says: ['YouTube takes only videos: the 2 images are not sent to YouTube.'] },
    threads: { gets: [video, photo, second], says: [] },
    facebook: { gets: [video], says: ['Facebook cannot combine a video and images: Facebook gets the video only.'] },
    linkedinPage: { gets: [video], says: ['LinkedIn Page cannot combine a video and images: LinkedIn Page gets the video only.'] },
    mastodon: { gets: [video], says: ['Mastodon cannot combine a video and images: Mastodon gets the video only.'] },
    googleBusiness: { gets: [photo], says: ['Google Business Profile takes only images: the video is not sent to Google Business Profile.'], problems: ['tooManyImages'] },
    pinterest: { gets: [video], says: ['Pinterest cannot combine a video and images: Pinterest gets the video only.'] },
  };

  for (const platform of platforms) {
    it(`${platform}: gets what it takes of a video and two photos, and the note names what it does not`, () => {
      expect(mediaForPlatform(platform, [video, photo, second])).toEqual(mixed[platform].gets);
      expect(notes(platform, [video, photo, second])).toEqual(mixed[platform].says);
      // Consistent with step 2: what is left out is said, never counted as a problem as well.
      expect(mediaProblemsOn(platform, [video, photo, second]).map((problem) => problem.code)).toEqual(mixed[platform].problems ?? []);
    });

    it(`${platform}: a post of one kind it takes goes whole, with nothing to say`, () => {
      const media = capabilities[platform].media.image ? [photo, second].slice(0, capabilities[platform].media.image.maxCount) : [video];
      expect(mediaForPlatform(platform, media)).toEqual(media);
      expect(mediaLeftOutOn(platform, media)).toEqual([]);
    });
  }

  it('keeps the post order in an Instagram carousel, whatever the kinds', () => {
    expect(mediaForPlatform('instagram', [photo, video])).toEqual([photo, video]);
    expect(mediaForPlatform('instagram', [photo])).toEqual([photo]);
  });

  it('says one image in the singular', () => {
    expect(notes('youtube', [video, photo])).toEqual(['YouTube takes only videos: the image is not sent to YouTube.']);
    expect(notes('x', [photo, video])).toEqual(['X cannot combine a video and images: X gets the video only.']);
  });

  it('says nothing of a platform that gets none of the files: that is a media problem', () => {
    expect(mediaLeftOutOn('youtube', [photo, second])).toEqual([]);
    expect(mediaProblemsOn('youtube', [photo, second]).map((problem) => problem.code)).toEqual(['videosOnly']);
  });

  it('counts a carousel against its maximum of files, videos included', () => {
    const eleven = [video, ...Array.from({ length: 10 }, () => photo)];
    expect(mediaProblemsOn('instagram', eleven).map((problem) => mediaProblemMessage('instagram', problem))).toEqual([
      'Instagram takes at most 10 files in one post: this post has 11.',
    ]);
    expect(mediaProblemsOn('instagram', eleven.slice(0, 10))).toEqual([]);
  });

  it('holds every image of a carousel to the platform\'s formats', () => {
    const png: MediaFacts = { kind: 'image', contentType: 'image/png', size: 1000 };
    expect(mediaProblemsOn('instagram', [video, png]).map((problem) => problem.code)).toEqual(['format']);
    // X gets the video only, so the PNG it would have taken is no problem there.
    expect(mediaProblemsOn('x', [video, png])).toEqual([]);
  });
});

describe('media problems, from the capability data', () => {
  const mp4 = (durationSeconds: number, size = 1_000_000): MediaFacts => ({ kind: 'video', contentType: 'video/mp4', size, durationSeconds });
  const jpeg = (size = 100_000): MediaFacts => ({ kind: 'image', contentType: 'image/jpeg', size });
  const png: MediaFacts = { kind: 'image', contentType: 'image/png', size: 100_000 };
  const messages = (platform: Parameters<typeof mediaProblemsOn>[0], media: MediaFacts[]) =>
    mediaProblemsOn(platform, media).map((problem) => mediaProblemMessage(platform, problem));

  it("words Instagram's 3–90 s rule as the spec does", () => {
    expect(messages('instagram', [mp4(2)])).toEqual(['Video süresi çok kısa: 2 saniye. Instagram, en az 3 saniye uzunluğunda video gerektirir.']);
    expect(messages('instagram', [mp4(120)])).toEqual(['Video süresi çok uzun: 120 saniye. Instagram, maksimum 90 saniye uzunluğunda video kabul eder.']);
    expect(messages('instagram', [mp4(3)])).toEqual([]);
    expect(messages('instagram', [mp4(90)])).toEqual([]);
    expect(videoLengthProblem('instagram', 2.5)).toBe('Video süresi çok kısa: 2,5 saniye. Instagram, en az 3 saniye uzunluğunda video gerektirir.');
  });

  it('reads every length rule from the data: the service enforces exactly what each entry says', () => {
    for (const platform of ['youtube', 'tiktok', 'instagram', 'x', 'linkedin'] as const) {
      const seconds = capabilities[platform].media.video?.seconds;
      const codes = (duration: number) => mediaProblemsOn(platform, [mp4(duration)]).map((problem) => problem.code);
      if (seconds?.min !== undefined) {
        expect(codes(seconds.min - 0.1)).toEqual(['tooShort']);
        expect(codes(seconds.min)).toEqual([]);
      }
      if (seconds?.max !== undefined) {
        expect(codes(seconds.max + 0.1)).toEqual(['tooLong']);
        expect(codes(seconds.max)).toEqual([]);
      }
    }
    // YouTube states no length rule: a 10-hour video goes.
    expect(mediaProblemsOn('youtube', [mp4(36_000)])).toEqual([]);
  });

  it('refuses a format the platform does not take, and names the ones it does', () => {
    expect(messages('instagram', [png])).toEqual(['Instagram takes JPEG images only: this image is PNG.']);
    expect(messages('tiktok', [png])).toEqual(['TikTok takes JPEG or WebP images only: this image is PNG.']);
    expect(messages('x', [png])).toEqual([]);
    const avi: MediaFacts = { kind: 'video', contentType: 'video/x-msvideo', size: 1000, durationSeconds: 10 };
    expect(messages('youtube', [avi])).toEqual([]);
    expect(messages('linkedin', [avi])).toEqual(['LinkedIn takes MP4 videos only: this video is AVI.']);
  });

  it('refuses an image over the documented size', () => {
    expect(messages('x', [jpeg(6_200_000)])).toEqual(['X takes images of at most 5 MB: this image is 6.2 MB.']);
    expect(messages('x', [jpeg(5_000_001)]).length).toBe(1);
    expect(messages('x', [jpeg(5_000_000)])).toEqual([]);
    expect(mediaProblemsOn('instagram', [jpeg(8 * 1024 * 1024 + 1)]).map((problem) => problem.code)).toEqual(['tooLarge']);
  });

  it('counts images against the platform maximum, and says when it takes videos only', () => {
    expect(messages('x', [jpeg(), jpeg(), jpeg(), jpeg(), jpeg()])).toEqual(['X takes at most 4 image(s).']);
    expect(messages('youtube', [jpeg()])).toEqual(['YouTube publishes videos only: add a video or leave YouTube out.']);
    expect(mediaProblemsOn('youtube', [])).toEqual([]);
  });
});

describe('the title and native scheduling, from the capability data', () => {
  it('asks for a title only where a chosen platform takes one, as long as the shortest limit', () => {
    expect(titleRuleFor(['x', 'linkedin'])).toBeUndefined();
    expect(titleRuleFor(['x', 'youtube'])).toEqual({ platforms: ['youtube'], max: 100, required: true });
  });

  it('offers native scheduling only where the platform has it', () => {
    expect(nativeSchedulersAmong(['tiktok', 'youtube', 'x'])).toEqual(['youtube']);
    expect(nativeSchedulersAmong(['instagram'])).toEqual([]);
  });
});

describe('a document (PDF): LinkedIn posts it on its own, the other networks are refused in words', () => {
  const pdf: MediaFacts = { kind: 'document', contentType: 'application/pdf', size: 2_000_000 };
  const image: MediaFacts = { kind: 'image', contentType: 'image/jpeg', size: 1000 };

  it('gives LinkedIn the document alone and every other network nothing, with a refusal that names where documents go', () => {
    expect(mediaForPlatform('linkedin', [pdf])).toEqual([pdf]);
    expect(mediaProblemsOn('linkedin', [pdf])).toEqual([]);
    for (const platform of platforms.filter((candidate) => !capabilities[candidate].media.document)) {
      expect(mediaForPlatform(platform, [pdf]), platform).toEqual([]);
      expect(mediaProblemsOn(platform, [pdf]), platform).toEqual([{ code: 'noDocuments' }]);
      expect(mediaProblemMessage(platform, { code: 'noDocuments' })).toBe(`${capabilities[platform].name} does not post documents (PDF): leave ${capabilities[platform].name} out (documents go to LinkedIn or LinkedIn Page).`);
    }
  });

  it('refuses a document with other files, one over 100 MB, and leaves nothing out silently', () => {
    expect(mediaProblemsOn('linkedin', [pdf, image])).toEqual([{ code: 'documentAlone', count: 2 }]);
    expect(mediaProblemMessage('linkedin', { code: 'documentAlone', count: 2 })).toMatch(/posted on its own/);
    expect(mediaLeftOutOn('linkedin', [pdf, image])).toEqual([]);
    const large = { ...pdf, size: 100_000_001 };
    expect(mediaProblemsOn('linkedin', [large])).toEqual([{ code: 'tooLarge', item: large, maxBytes: 100_000_000 }]);
  });

  it('takes no alt text: none is sent for it, and the API refuses one in words, on a post and a draft; an image keeps its own', () => {
    expect(takesAltText('document')).toBe(false);
    expect(sentAltText({ kind: 'document', altText: 'Pages of a plan' })).toBeUndefined();
    expect(sentAltText({ kind: 'image', altText: ' A red bicycle ' })).toBe('A red bicycle');
    expect(sentAltText({ kind: 'video', altText: '   ' })).toBeUndefined();
    const targets = [{ platform: 'linkedin' as const, accountId: 'b', options: { documentTitle: 'Plan' } }];
    const document = { key: 'u/documents/abcdefgh.pdf', altText: 'Pages of a plan' };
    const message = 'A document (PDF) takes no alt text: alt text describes an image or a video.';
    const post = createPostSchema.safeParse({ description: 'Plan', targets, media: [document] });
    expect(post.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['media.0.altText', message]]);
    const draft = saveDraftSchema.safeParse({ description: 'Plan', targets, media: [document] });
    expect(draft.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['media.0.altText', message]]);
    expect(createPostSchema.safeParse({ description: 'Plan', targets, media: [{ key: document.key }] }).success).toBe(true);
    expect(createPostSchema.safeParse({ description: 'Bike', targets: [{ platform: 'bluesky', accountId: 'c' }], media: [{ key: 'u/images/abcdefgh.jpg', altText: 'A bike' }] }).success).toBe(true);
  });
});
