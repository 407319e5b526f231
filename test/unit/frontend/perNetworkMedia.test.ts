import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { en } from '../../../shared/i18n/en';
import { tr } from '../../../shared/i18n/tr';
import { platforms, type Platform } from '../../../shared/platforms';
import { perNetworkMedia, type Translate } from '../../../frontend/src/features/posts/wizard/components/perNetworkMedia';

async function translator(language: 'en' | 'tr'): Promise<Translate> {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { en: { translation: en }, tr: { translation: tr } }, interpolation: { escapeValue: false } });
  return (key, values) => String(instance.t(key as never, (values ?? {}) as never));
}

const video = { kind: 'video' as const };
const photo = { kind: 'image' as const };
const second = { kind: 'image' as const };

describe("the review step's per-network media notes", () => {
  // Every platform, named: a new platform fails here until its row says what the review step tells.
  const expected: Record<Platform, { en: string[]; tr: string[] }> = {
    instagram: {
      en: ['Instagram gets the 3 files as one carousel post.'],
      tr: ['Instagram, 3 dosyayı tek bir kaydırmalı (carousel) gönderi olarak alır.'],
    },
    x: {
      en: ['X cannot combine a video and images: X gets the video only.'],
      tr: ['X video ile görselleri birlikte yayınlayamaz: X yalnızca videoyu alır.'],
    },
    linkedin: {
      en: ['LinkedIn cannot combine a video and images: LinkedIn gets the video only.'],
      tr: ['LinkedIn video ile görselleri birlikte yayınlayamaz: LinkedIn yalnızca videoyu alır.'],
    },
    tiktok: {
      en: ['TikTok cannot combine a video and images: TikTok gets the video only.'],
      tr: ['TikTok video ile görselleri birlikte yayınlayamaz: TikTok yalnızca videoyu alır.'],
    },
    bluesky: {
      en: ['Bluesky cannot combine a video and images: Bluesky gets the video only.'],
      tr: ['Bluesky video ile görselleri birlikte yayınlayamaz: Bluesky yalnızca videoyu alır.'],
    },
    threads: {
      en: ['Threads gets the 3 files as one carousel post.'],
      tr: ['Threads, 3 dosyayı tek bir kaydırmalı (carousel) gönderi olarak alır.'],
    },
    facebook: {
      en: ['Facebook cannot combine a video and images: Facebook gets the video only.'],
      tr: ['Facebook video ile görselleri birlikte yayınlayamaz: Facebook yalnızca videoyu alır.'],
    },
    linkedinPage: {
      en: ['LinkedIn Page cannot combine a video and images: LinkedIn Page gets the video only.'],
      tr: ['LinkedIn Page video ile görselleri birlikte yayınlayamaz: LinkedIn Page yalnızca videoyu alır.'],
    },
    googleBusiness: {
      en: ['Google Business Profile takes only images: the video is not sent to Google Business Profile.'],
      tr: ['Google Business Profile yalnızca görsel alır: video Google Business Profile hesabına gönderilmez.'],
    },
    mastodon: {
      en: ['Mastodon cannot combine a video and images: Mastodon gets the video only.'],
      tr: ['Mastodon video ile görselleri birlikte yayınlayamaz: Mastodon yalnızca videoyu alır.'],
    },
    pinterest: {
      en: ['Pinterest cannot combine a video and images: Pinterest gets the video only.'],
      tr: ['Pinterest video ile görselleri birlikte yayınlayamaz: Pinterest yalnızca videoyu alır.'],
    },
    youtube: {
      en: ['YouTube takes only videos: the 2 images are not sent to YouTube.'],
      tr: ['YouTube yalnızca video alır: 2 görsel YouTube hesabına gönderilmez.'],
    },
  };

  for (const platform of platforms) {
    it(`${platform}: a video and two photos, in English and Turkish`, async () => {
      const english = perNetworkMedia(await translator('en'), [video, photo, second], [platform]);
      const turkish = perNetworkMedia(await translator('tr'), [video, photo, second], [platform]);
      expect(english.map((line) => line.text)).toEqual(expected[platform].en);
      expect(turkish.map((line) => line.text)).toEqual(expected[platform].tr);
      expect(english.every((line) => line.platform === platform)).toBe(true);
    });
  }

  it('names each network that gets less, and says nothing of one that gets everything', async () => {
    const lines = perNetworkMedia(await translator('en'), [video, photo], ['linkedin', 'x', 'instagram', 'youtube']);
    expect(lines.map((line) => [line.platform, line.kind, line.text])).toEqual([
      ['linkedin', 'leftOut', 'LinkedIn cannot combine a video and an image: LinkedIn gets the video only.'],
      ['x', 'leftOut', 'X cannot combine a video and an image: X gets the video only.'],
      ['instagram', 'carousel', 'Instagram gets the 2 files as one carousel post.'],
      ['youtube', 'leftOut', 'YouTube takes only videos: the image is not sent to YouTube.'],
    ]);
    expect(perNetworkMedia(await translator('en'), [photo, second], ['x', 'linkedin', 'bluesky'])).toEqual([]);
    expect(perNetworkMedia(await translator('en'), [video], platforms)).toEqual([]);
  });

  it('says the singular in Turkish too', async () => {
    const lines = perNetworkMedia(await translator('tr'), [video, photo], ['youtube', 'x']);
    expect(lines.map((line) => line.text)).toEqual([
      'YouTube yalnızca video alır: görsel YouTube hesabına gönderilmez.',
      'X video ile görseli birlikte yayınlayamaz: X yalnızca videoyu alır.',
    ]);
  });
});
