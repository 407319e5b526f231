import { describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/posts';
import { draftSubmission, notApplicable, runBulk, shiftedTime } from '../../../frontend/src/features/posts/bulk/bulkActions';

const post = (postId: string, status: Post['status'], scheduledFor: string | null = null): Post =>
  ({
    postId,
    status,
    title: null,
    description: `Post ${postId}`,
    media: [{ key: `media/${postId}.jpg`, kind: 'image', contentType: 'image/jpeg', size: 10, altText: 'A cat' }],
    targets: [{ targetId: 'x#1', platform: 'x', accountId: '1', accountName: 'one', status: 'pending', postUrl: null, platformPostId: null, error: null, updatedAt: '', options: null }],
    platforms: ['x'],
    createdAt: '',
    updatedAt: '',
    scheduledFor,
    timeZone: 'Europe/Istanbul',
    youtubeNative: false,
    startedAt: null,
    late: false,
    lateSeconds: null,
    publishedAt: null,
  }) as Post;

describe('bulk actions', () => {
  it('moves a time by an offset, across a month end', () => {
    expect(shiftedTime('2026-11-30T22:00:00.000Z', 3 * 60)).toBe('2026-12-01T01:00:00.000Z');
    expect(shiftedTime('2026-11-30T22:00:00.000Z', -1440)).toBe('2026-11-29T22:00:00.000Z');
  });

  it('says which posts an action does not apply to, before any request', () => {
    expect(notApplicable({ kind: 'reschedule', offsetMinutes: 60 }, post('a', 'published'))).toBe('notScheduled');
    expect(notApplicable({ kind: 'reschedule', offsetMinutes: 60 }, post('a', 'scheduled'))).toBe('noTime');
    expect(notApplicable({ kind: 'submit' }, post('a', 'scheduled'))).toBe('notDraft');
    expect(notApplicable({ kind: 'queue' }, post('a', 'published'))).toBe('notDraft');
    expect(notApplicable({ kind: 'queue' }, post('a', 'draft'))).toBeUndefined();
    expect(notApplicable({ kind: 'duplicate' }, post('a', 'published'))).toBeUndefined();
  });

  it('sends one request per post with its own key, once per post, and reports each outcome in words', async () => {
    const sent: Array<{ postId: string; key: string }> = [];
    const posts = [post('a', 'scheduled', '2026-12-01T10:00:00Z'), post('b', 'published'), post('c', 'scheduled', '2026-12-02T10:00:00Z'), post('a', 'scheduled', '2026-12-01T10:00:00Z')];
    let next = 0;
    const progress: number[] = [];
    const outcomes = await runBulk(
      posts,
      { kind: 'reschedule', offsetMinutes: 60 },
      async (target, key) => {
        sent.push({ postId: target.postId, key });
        if (target.postId === 'c') throw new Error('The scheduled time must be in the future.');
      },
      { newKey: () => `key-${next++}`, onProgress: (done) => progress.push(done) },
    );
    expect(sent.map((one) => one.postId)).toEqual(['a', 'c']);
    expect(new Set(sent.map((one) => one.key)).size).toBe(2);
    expect(outcomes).toEqual([
      { postId: 'a', ok: true },
      { postId: 'b', ok: false, notApplicable: 'notScheduled' },
      { postId: 'c', ok: false, reason: 'The scheduled time must be in the future.' },
    ]);
    expect(progress).toEqual([1, 2, 3]);
  });

  it('submits a draft with its own text, accounts and files', () => {
    expect(draftSubmission(post('d', 'draft'))).toEqual({ description: 'Post d', targets: [{ platform: 'x', accountId: '1' }], media: [{ key: 'media/d.jpg', altText: 'A cat' }] });
  });
});
