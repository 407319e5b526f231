import { describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/posts';
import { wizardDraftOf } from '../../../frontend/src/features/posts/wizard/draft';

const draft = (change: Partial<Post> = {}): Post => ({
  postId: '01JAAAAAAAAAAAAAAAAAAAAAAA',
  status: 'draft',
  title: null,
  description: '',
  media: [],
  targets: [],
  platforms: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  scheduledFor: null,
  timeZone: null,
  youtubeNative: false,
  startedAt: null,
  late: false,
  lateSeconds: null,
  publishedAt: null,
  ...change,
});

const photo = { key: 'user-1/images/abcdefgh1234.jpg', kind: 'image' as const, contentType: 'image/jpeg', size: 631 };
const target = {
  targetId: 'linkedin#member-1',
  platform: 'linkedin' as const,
  accountId: 'member-1',
  accountName: 'Maria',
  status: 'pending' as const,
  postUrl: null,
  platformPostId: null,
  error: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('a server draft opened in the wizard', () => {
  it('restores the text, title, files (by their own names) and the chosen accounts, and remembers the draft', () => {
    const state = wizardDraftOf(draft({ description: 'Hello', title: 'Spring', media: [{ ...photo, name: 'holiday.jpg' }], targets: [target] }));
    expect(state).toEqual({
      step: 3,
      media: [{ name: 'holiday.jpg', size: 631, media: photo }],
      accounts: ['linkedin#member-1'],
      description: 'Hello',
      title: 'Spring',
      serverDraftId: '01JAAAAAAAAAAAAAAAAAAAAAAA',
    });
  });

  it('opens at the first step the draft still needs, and names a file without a kept name by its key', () => {
    expect(wizardDraftOf(draft({ description: 'Only text' })).step).toBe(1);
    const noAccounts = wizardDraftOf(draft({ media: [photo] }));
    expect(noAccounts.step).toBe(2);
    expect(noAccounts.media[0]!.name).toBe('abcdefgh1234.jpg');
  });
});
