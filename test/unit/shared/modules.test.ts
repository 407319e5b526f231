import { describe, expect, it } from 'vitest';
import { createContentUploadSchema, generateCustomTokenSchema, moduleOrigins, parseModuleUrls } from '../../../shared/api/modules';
import { contentSecurityPolicy } from '../../../shared/resources/securityHeaders';

describe('module URLs from configuration', () => {
  it('reads them from JSON and frames exactly their origins', () => {
    const urls = parseModuleUrls('{"autotoon":"https://toon.example.com/embed","podcast":"https://pod.example.com/app?x=1","influencer":"https://toon.example.com/influencer"}', 'setting');

    expect(moduleOrigins(urls)).toEqual(['https://toon.example.com', 'https://pod.example.com']);
    expect(contentSecurityPolicy({ connect: [], media: [], frames: moduleOrigins(urls) })).toContain('frame-src https://toon.example.com https://pod.example.com;');
  });

  it('frames nothing when no module is configured', () => {
    expect(parseModuleUrls(undefined, 'setting')).toEqual({});
    expect(contentSecurityPolicy({ connect: [], media: [], frames: moduleOrigins({}) })).toContain("frame-src 'none'");
  });

  it('names the setting and the problem on bad input', () => {
    expect(() => parseModuleUrls('{not json', 'oneclick:moduleUrls')).toThrow(/oneclick:moduleUrls must be JSON/);
    expect(() => parseModuleUrls({ autotoon: 'javascript:alert(1)' }, 'oneclick:moduleUrls')).toThrow(/oneclick:moduleUrls: autotoon: A module URL must be an http\(s\) URL/);
    expect(() => parseModuleUrls({ spreadsheet: 'https://x.example.com' }, 'oneclick:moduleUrls')).toThrow(/oneclick:moduleUrls/);
  });
});

describe("the spec's custom-token request", () => {
  it('takes { idToken } or { uid, email }, and nothing else', () => {
    expect(generateCustomTokenSchema.safeParse({ idToken: 'a.b.c' }).success).toBe(true);
    expect(generateCustomTokenSchema.safeParse({ uid: 'u1', email: 'a@example.com' }).success).toBe(true);
    expect(generateCustomTokenSchema.safeParse({ uid: 'u1' }).success).toBe(false);
    expect(generateCustomTokenSchema.safeParse({ idToken: 'a.b.c', uid: 'u1', email: 'a@example.com' }).success).toBe(false);
  });
});

describe('what a module may upload', () => {
  const upload = (change: Record<string, unknown>) => createContentUploadSchema.safeParse({ type: 'video', fileName: 'a.mp4', contentType: 'video/mp4', size: 100, ...change });

  it('accepts .mp4 and .webm videos and .mp3 and .m4a podcasts with their content types', () => {
    expect(upload({}).success).toBe(true);
    expect(upload({ fileName: 'a.webm', contentType: 'video/webm' }).success).toBe(true);
    expect(upload({ type: 'podcast', fileName: 'a.mp3', contentType: 'audio/mpeg' }).success).toBe(true);
    expect(upload({ type: 'podcast', fileName: 'a.M4A', contentType: 'audio/mp4' }).success).toBe(true);
  });

  it('refuses a mismatched type, a too large file and a name with a slash, in words', () => {
    expect(upload({ contentType: 'video/webm' }).error?.issues[0]?.message).toBe('A .mp4 file has the content type video/mp4.');
    expect(upload({ size: 3 * 1024 ** 3 }).error?.issues[0]?.message).toBe('A video may be at most 2048 MiB.');
    expect(upload({ fileName: '../a.mp4' }).error?.issues[0]?.message).toBe('The file name may not contain slashes, quotes or control characters.');
    expect(upload({ type: 'podcast' }).error?.issues[0]?.message).toBe('A podcast must be .mp3 or .m4a.');
  });
});

describe("the spec's exact texts", () => {
  it('for My Content', async () => {
    const { en } = await import('../../../shared/i18n/en');
    expect(en.content.filters).toEqual({ all: 'All Content', video: 'Videos', podcast: 'Podcasts' });
    expect([en.content.empty.all.title, en.content.empty.video.title, en.content.empty.podcast.title]).toEqual(['No content yet', 'No videos yet', 'No podcasts yet']);
    expect([en.content.share, en.content.download, en.content.delete, en.content.goToDashboard]).toEqual(['Share Content', 'Download', 'Delete', 'Go to Dashboard']);
    expect(Object.values(en.content.toasts).slice(0, 5)).toEqual([
      'Failed to load your content',
      'Storage path not found for this content',
      'Content deleted successfully',
      'Failed to delete content',
      'Unable to share content. URL not found.',
    ]);
  });

  it('for the embedded modules, English and Turkish', async () => {
    const { en } = await import('../../../shared/i18n/en');
    const { tr } = await import('../../../shared/i18n/tr');
    expect([en.pages.influencer, en.pages.autotoon, en.pages.podcast, en.pages.imageGenerator]).toEqual(['One Click Influencer', 'AutoToon', 'Podcast', 'AI Image']);
    expect(en.modules.loading.replace('{{name}}', 'AutoToon')).toBe('Loading AutoToon module...');
    expect(en.modules.autotoon).toMatchObject({
      notSignedIn: 'User not logged in. Please sign in first.',
      setupFailed: 'Authentication setup failed',
      tokenMissing: 'Custom token not received',
      loadError: 'Error loading AutoToon',
      couldNotLoad: 'AutoToon could not be loaded. Please try again later.',
    });
    expect(tr.modules.errors).toEqual({
      notSignedIn: 'Kullanıcı oturumu bulunamadı. Lütfen giriş yapın.',
      tokenFailed: 'Custom token alınamadı.',
      generic: 'Bir hata oluştu. Lütfen daha sonra tekrar deneyin.',
      loadFailed: {
        influencer: 'Influencer modülü yüklenemedi. Lütfen daha sonra tekrar deneyin.',
        podcast: 'Podcast modülü yüklenemedi.',
        imageGenerator: 'Image generator yüklenemedi.',
      },
    });
  });
});
