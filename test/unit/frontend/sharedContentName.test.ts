import { describe, expect, it } from 'vitest';
import { sharedContentName } from '../../../frontend/src/features/content/share';

const english = { module: (id: string) => ({ autotoon: 'AutoToon', influencer: 'Influencer', podcast: 'Podcast', imageGenerator: 'AI Image' })[id] ?? id, type: (type: string) => (type === 'video' ? 'Video' : 'Podcast') };
const turkish = { module: english.module, type: (type: string) => (type === 'video' ? 'Video' : 'Podcast') };

describe('the name a shared My Content file gets in the wizard', () => {
  it("is the module, the type and the day it was made, never the storage key", () => {
    expect(sharedContentName({ module: 'autotoon', type: 'video', createdAt: '2026-11-24T09:30:00.000Z' }, english, 'en-GB')).toBe('AutoToon video – 24 Nov 2026');
    expect(sharedContentName({ module: 'podcast', type: 'podcast', createdAt: '2026-11-24T09:30:00.000Z' }, english, 'en-US')).toBe('Podcast – Nov 24, 2026');
  });

  it("writes the day in the user's language", () => {
    expect(sharedContentName({ module: 'influencer', type: 'video', createdAt: '2026-11-24T09:30:00.000Z' }, turkish, 'tr')).toBe('Influencer video – 24 Kas 2026');
  });

  it('falls back to the type for a module it does not know, and leaves out an unreadable date', () => {
    expect(sharedContentName({ module: 'something-new', type: 'video', createdAt: 'not a date' }, english, 'en-GB')).toBe('Video');
  });
});
