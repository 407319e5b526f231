import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { en } from '../../../shared/i18n/en';
import { tr } from '../../../shared/i18n/tr';
import { waitingInWords, type Translate } from '../../../frontend/src/features/posts/lists/targetWaiting';

async function translator(language: 'en' | 'tr'): Promise<Translate> {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { en: { translation: en }, tr: { translation: tr } }, interpolation: { escapeValue: false } });
  return (key, values) => String(instance.t(key as never, (values ?? {}) as never));
}

const now = new Date('2026-03-10T21:00:00Z');

describe('why a target waits, and until when, in words', () => {
  it("LinkedIn's daily limit: until midnight UTC, with how long that is", async () => {
    const t = await translator('en');
    const words = waitingInWords(t, { platform: 'linkedin', waiting: { reason: 'rate_limited', until: '2026-03-11T00:00:00Z' } }, { now, timeZone: 'UTC', language: 'en' });
    expect(words).toBe("Waiting for LinkedIn's daily limit to reset — until Mar 11, 00:00 UTC (in 3 hr.)");
  });

  it('in the user’s time zone (Settings), same day: the time only', async () => {
    const t = await translator('en');
    const words = waitingInWords(t, { platform: 'x', waiting: { reason: 'rate_limited', until: '2026-03-10T21:14:00Z' } }, { now, timeZone: 'Europe/Istanbul', language: 'en' });
    expect(words).toBe("Waiting for X's rate limit to reset — until 00:14 GMT+3 (in 14 min.)");
  });

  it('processing: what is processed and when we check again', async () => {
    const t = await translator('en');
    const words = waitingInWords(t, { platform: 'tiktok', waiting: { reason: 'processing', until: '2026-03-10T14:05:00Z' } }, { now: new Date('2026-03-10T14:04:30Z'), timeZone: 'UTC', language: 'en', mediaKind: 'video' });
    expect(words).toBe('TikTok is processing the video — checking again at 14:05 UTC');
  });

  it('in Turkish', async () => {
    const t = await translator('tr');
    const words = waitingInWords(t, { platform: 'instagram', waiting: { reason: 'processing', until: '2026-03-10T21:01:00Z' } }, { now, timeZone: 'Europe/Istanbul', language: 'tr', mediaKind: 'image' });
    expect(words).toMatch(/^Instagram görseli işliyor — 00:01 GMT\+3 saatinde yeniden bakılacak$/);
  });

  it('says nothing when the target is not waiting', async () => {
    const t = await translator('en');
    expect(waitingInWords(t, { platform: 'x', waiting: null }, { now, timeZone: 'UTC', language: 'en' })).toBeNull();
    expect(waitingInWords(t, { platform: 'x' }, { now, timeZone: 'UTC', language: 'en' })).toBeNull();
  });
});
