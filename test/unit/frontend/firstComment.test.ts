import { beforeAll, describe, expect, it } from 'vitest';
import { createPostSchema } from '../../../shared/api/posts';
import { loadXCounting } from '../../../shared/platforms/textCounting';
import { commentTakers, firstCommentBlocked, firstCommentCounts } from '../../../frontend/src/features/posts/wizard/components/FirstCommentField';

const base = { description: 'A post', media: [{ key: 'u/uploads/a.jpg' }] };
const messages = (input: Record<string, unknown>) => createPostSchema.safeParse({ ...base, ...input }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

beforeAll(async () => {
  await loadXCounting();
});

describe('the first comment', () => {
  it('goes to the chosen networks whose publisher posts one, counted in each one’s unit', () => {
    expect(commentTakers(['linkedin', 'x', 'bluesky', 'youtube', 'instagram'])).toEqual(['linkedin', 'x', 'bluesky']);
    const comment = 'See https://example.com/a/very/long/path/that/x/counts/as/23';
    expect(firstCommentCounts(comment, ['x', 'bluesky', 'linkedin', 'youtube'])).toEqual([
      // X counts every link as 23; Bluesky counts graphemes (all 60 characters here); a LinkedIn comment has its own limit.
      { platform: 'x', count: 27, max: 280, unit: 'weightedCharacters', over: false },
      { platform: 'bluesky', count: comment.length, max: 300, unit: 'graphemes', over: false },
      { platform: 'linkedin', count: comment.length, max: 1250, unit: 'characters', over: false },
    ]);
  });

  it('blocks the wizard when too long for a network that gets it or when no chosen network takes it; a blank comment never blocks', () => {
    expect(firstCommentBlocked('y'.repeat(281), ['x'])).toBe(true);
    expect(firstCommentBlocked('y'.repeat(281), ['linkedin', 'bluesky'])).toBe(false);
    expect(firstCommentBlocked('y'.repeat(1251), ['linkedin'])).toBe(true);
    expect(firstCommentBlocked('Hello', ['instagram', 'youtube'])).toBe(true);
    expect(firstCommentBlocked('   ', ['instagram'])).toBe(false);
    expect(firstCommentBlocked('Hello', [])).toBe(false);
  });

  it('is refused by the API in words with the same rules, and trimmed', () => {
    const x = { platform: 'x', accountId: 'x1' };
    const linkedin = { platform: 'linkedin', accountId: 'l1' };
    const instagram = { platform: 'instagram', accountId: 'i1' };
    expect(messages({ firstComment: 'y'.repeat(281), targets: [x, linkedin] })).toEqual([['firstComment', 'The first comment is too long for X (281 of 280).']]);
    expect(messages({ firstComment: 'y'.repeat(1251), targets: [linkedin] })).toEqual([['firstComment', 'The first comment is too long for LinkedIn (1251 of 1250).']]);
    expect(messages({ firstComment: 'Hi', targets: [instagram] })).toEqual([['firstComment', 'None of the chosen networks takes a first comment: X, LinkedIn and Bluesky do.']]);
    expect(messages({ firstComment: '   ', targets: [instagram] })).toEqual([]);
    expect(createPostSchema.parse({ ...base, firstComment: '  Hi  ', targets: [x] }).firstComment).toBe('Hi');
  });
});
