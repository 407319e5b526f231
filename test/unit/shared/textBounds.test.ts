import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPostSchema } from '../../../shared/api/posts';
import { capabilities } from '../../../shared/platforms';
import { MAX_TEXT_BYTES } from '../../../shared/platforms/bluesky';
import { X_MAX_TEXT_LENGTH } from '../../../shared/platforms/textCounting';
import { threadProblems, THREAD_MAX_PARTS } from '../../../shared/thread';

/**
 * Issue 26, item 3: twitter-text's parse grows with the square of a dotted text's length, so the
 * bounds on a post's texts come before any counting, and each text is counted once.
 */
const dotted = (index: number) => `${index % 10}${'ab.'.repeat(3333)}`; // 10,000 characters: within the schema's own bound
const media = [{ key: 'uploads/u1/a.jpg' }];
const toX = [{ platform: 'x' as const, accountId: 'x-account' }];

afterEach(() => {
  vi.restoreAllMocks();
});

const messages = (result: ReturnType<typeof createPostSchema.safeParse>) => (result.success ? [] : result.error.issues.map((issue) => issue.message));

describe('bounds before counting', () => {
  it('refuses a thread of too many posts without counting any of them', () => {
    const count = vi.fn(() => 1);
    const parts = Array.from({ length: THREAD_MAX_PARTS + 1 }, (_, index) => `Post ${index}`);

    expect(threadProblems(parts, { count, max: 280 }, 'X')).toEqual([`A thread on X can have at most ${THREAD_MAX_PARTS} posts (this one has ${THREAD_MAX_PARTS + 1}).`]);
    expect(count).not.toHaveBeenCalled();
  });

  it('says a post longer than the rule counts at all is too long, without counting it', () => {
    const count = vi.fn((text: string) => text.length);

    expect(threadProblems(['Short.', 'a'.repeat(1001)], { count, max: 280, maxLength: 1000 }, 'X')).toEqual(['Post 2 of the X thread is too long (over 1000 characters).']);
    expect(count).toHaveBeenCalledTimes(1);
  });

  it("answers the issue's hostile post (50 dotted posts of 10,000 characters, the same description and first comment) at once, counting none of it", () => {
    const count = vi.spyOn(capabilities.x.text, 'count');
    const started = performance.now();

    const result = createPostSchema.safeParse({ description: dotted(0), firstComment: dotted(1), threads: { x: Array.from({ length: 50 }, (_, index) => dotted(index)) }, targets: toX, media });

    expect(performance.now() - started).toBeLessThan(500);
    expect(count).not.toHaveBeenCalled();
    expect(messages(result)).toEqual(
      expect.arrayContaining([`A thread on X can have at most ${THREAD_MAX_PARTS} posts (this one has 50).`, `The first comment is too long for X (over ${X_MAX_TEXT_LENGTH} characters).`]),
    );
  });

  it('says a description longer than X counts at all is too long for X, without counting it', () => {
    const count = vi.spyOn(capabilities.x.text, 'count');

    const result = createPostSchema.safeParse({ description: dotted(0), targets: toX, media });

    expect(messages(result)).toEqual([`The description is too long for X (over ${X_MAX_TEXT_LENGTH} characters).`]);
    expect(count).not.toHaveBeenCalled();
  });

  it('says a Bluesky text over its byte limit in UTF-16 units alone is too long, without counting graphemes', () => {
    const count = vi.spyOn(capabilities.bluesky.text, 'count');

    const result = createPostSchema.safeParse({ description: 'a'.repeat(MAX_TEXT_BYTES + 1), targets: [{ platform: 'bluesky', accountId: 'b' }], media });

    expect(messages(result)).toEqual([`The description is too long for Bluesky (over ${MAX_TEXT_BYTES} characters).`]);
    expect(count).not.toHaveBeenCalled();
  });

  it('counts each text once: the posts of a thread and the first comment, not the description the thread stands in for', () => {
    const count = vi.spyOn(capabilities.x.text, 'count');
    const parts = ['The first post. 1/3', 'The second post. 2/3', 'The third post. 3/3'];

    const result = createPostSchema.safeParse({ description: 'The whole text.', firstComment: 'A comment.', threads: { x: parts }, targets: toX, media });

    expect(result.success).toBe(true);
    expect(count.mock.calls.map(([text]) => text).sort()).toEqual([...parts, 'A comment.'].sort());
  });

  it('still counts a text within the bound, and says how far over it is', () => {
    const result = createPostSchema.safeParse({ description: 'a'.repeat(X_MAX_TEXT_LENGTH), targets: toX, media });

    expect(messages(result)).toEqual([`The description is too long for X (${X_MAX_TEXT_LENGTH} of 280).`]);
  });
});
